import { hashPassword } from "~/auth/password.server";
import { passwordKey } from "~/auth/rsa.server";
import { config } from "~/config.server";
import { db } from "~/db.server";
import { migrate } from "~/migrate.server";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo1234";

/** Adds the demo account (active for a year) to an empty database; never used by `npm run serve`. */
export async function seedDemo() {
  if ((await db().user.count()) > 0) return false;
  await db().user.create({
    data: {
      email: DEMO_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      name: "Demo",
      subscription: { create: { state: "active", validUntil: new Date(Date.now() + 365 * 24 * 3600 * 1000) } },
    },
  });
  return true;
}

/** Everything a process needs before it answers: schema, password key, optional demo data. */
export async function prepare() {
  const c = config();
  migrate(c.DATABASE_URL);
  await passwordKey();
  const seeded = c.demo ? await seedDemo() : false;
  return { seeded };
}
