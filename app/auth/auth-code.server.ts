import { z } from "zod";

import { db } from "~/db/db.server";
import { randomToken, sha256 } from "~/utils/hash.server";

import { isCheckoutBrowser } from "./checkout-browser.server";
import { createSession } from "./session.server";

export const AUTH_CODE_TTL_MS = 5 * 60_000;

/** POST /api/v1/auth/loginByAuthCode's body. */
export const authCodeSchema = z.object({
  authCode: z.string().min(1).max(128).describe("The `authCode` of the register query's first success."),
});

/**
 * A single-use, short-lived code that signs its holder in once after a paid checkout. It names its
 * checkout (`<checkoutId>.<secret>`, the whole string hashed), so that only the browser that started
 * that checkout can use it.
 */
export async function issueAuthCode(userId: string, checkoutId: string) {
  const code = `${checkoutId}.${randomToken(24)}`;
  await db().authCode.create({
    data: { userId, codeHash: sha256(code), expiresAt: new Date(Date.now() + AUTH_CODE_TTL_MS) },
  });
  return code;
}

/** Exchanges the code for a session, only in the checkout's browser (its cookie value, `browserSecret`). */
export async function exchangeAuthCode(code: string, browserSecret: string | null) {
  const checkoutId = code.split(".")[0] ?? "";
  if (!(await isCheckoutBrowser(checkoutId, browserSecret))) return null;
  const codeHash = sha256(code);
  const claimed = await db().authCode.updateMany({
    where: { codeHash, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (claimed.count !== 1) return null;
  const row = await db().authCode.findUniqueOrThrow({ where: { codeHash }, include: { user: true } });
  const { token } = await createSession(row.userId);
  return { token, user: row.user };
}
