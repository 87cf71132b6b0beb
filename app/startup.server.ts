import { hashPassword } from "~/auth/password.server";
import { passwordKey } from "~/auth/rsa.server";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { migrateOnce } from "~/migrate.server";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo1234";

/** Adds the demo account (active for a year) to an empty database; never used by `npm run serve`. */
export async function seedDemo() {
  if ((await db().user.count()) > 0) return false;
  try {
    await db().user.create({
      data: {
        email: DEMO_EMAIL,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        name: "Demo",
        subscription: { create: { state: "active", validUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000) } },
      },
    });
  } catch (error) {
    // Another instance starting at the same time created it first.
    if ((error as { code?: string }).code === "P2002") return false;
    throw error;
  }
  return true;
}

/** Everything a process needs before it answers: schema, password key, optional demo data. */
export async function prepare() {
  const c = config();
  await migrateOnce(c.DATABASE_URL);
  await passwordKey();
  const seeded = c.demo ? await seedDemo() : false;
  return { seeded };
}
