import {
  subscriptionColumns,
  subscriptionFromRow,
  subscriptionSelect,
  type SubscriptionRead,
} from "~/billing/subscription.server";
import { db, firstRow } from "~/db/db.server";
import { Prisma } from "~/generated/prisma-sqlite/client";
import { config } from "~/server/config.server";
import { trickOn } from "~/server/speed-tricks.server";
import { readCookie, serializeCookie } from "~/utils/cookies";
import { randomToken, sha256 } from "~/utils/hash.server";
import { DAY } from "~/utils/time";

export const TOKEN_COOKIE = "token";

// The raw token, httpOnly, Secure, SameSite=Lax: the same value the API takes in Authorization.
const tokenCookie = (token: string, maxAge: number) =>
  serializeCookie(TOKEN_COOKIE, token, { maxAge, httpOnly: true, secure: config().cookieSecure });

/** Creates a revocable session and returns the raw token (only its hash is stored). */
export async function createSession(userId: string) {
  const token = randomToken(32);
  const expiresAt = new Date(Date.now() + config().SESSION_TTL_DAYS * DAY);
  await db().session.create({ data: { tokenHash: sha256(token), userId, expiresAt } });
  return { token, expiresAt };
}

export async function sessionCookieHeader(token: string) {
  return tokenCookie(token, config().SESSION_TTL_DAYS * 24 * 60 * 60);
}

export async function clearSessionCookieHeader() {
  return tokenCookie("", 0);
}

/** The token carried by the request: the cookie for pages, the Authorization header for the API. */
export async function readToken(request: Request): Promise<string | null> {
  const header = request.headers.get("Authorization")?.trim();
  if (header) return header.replace(/^Bearer\s+/i, "") || null;
  return readCookie(request.headers.get("Cookie"), TOKEN_COOKIE) || null;
}

export type SessionLookup =
  | { state: "none" }
  | { state: "invalid" }
  | {
      state: "valid";
      sessionId: string;
      user: { id: string; email: string; name: string | null; locale: string };
      /** Read with the session (one query): the guards and the API need it on most requests. */
      subscription: SubscriptionRead | null;
    };

export type SessionUser = Extract<SessionLookup, { state: "valid" }>["user"];

export async function lookupSession(token: string | null): Promise<SessionLookup> {
  if (!token) return { state: "none" };
  if (!trickOn("raw-reads")) return lookupSessionThroughPrisma(token);
  // On every signed-in request: one raw read of the session, its user and the user's subscription
  // (app/db/db.server.ts `firstRow`, docs/decisions/021).
  const row = await firstRow<{ sessionId: string; expiresAt: Date } & SessionUser & Record<string, unknown>>(Prisma.sql`
    SELECT s."id" AS "sessionId", s."expiresAt", u."id", u."email", u."name", u."locale", ${subscriptionColumns("sub")}
    FROM "Session" s JOIN "User" u ON u."id" = s."userId" LEFT JOIN "Subscription" sub ON sub."userId" = u."id"
    WHERE s."tokenHash" = ${sha256(token)}`);
  if (!row) return { state: "invalid" };
  if (row.expiresAt.getTime() <= Date.now()) {
    await db().session.deleteMany({ where: { id: row.sessionId } });
    return { state: "invalid" };
  }
  const user = { id: row.id, email: row.email, name: row.name, locale: row.locale };
  return { state: "valid", sessionId: row.sessionId, user, subscription: subscriptionFromRow(row, "sub") };
}

/**
 * `lookupSession` through Prisma's model API: the simple path the raw read is measured against
 * (`npm run bench -- --tricks`) and held to (tests/unit/raw-reads.test.ts).
 */
export async function lookupSessionThroughPrisma(token: string): Promise<SessionLookup> {
  const session = await db().session.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      id: true,
      expiresAt: true,
      user: {
        select: { id: true, email: true, name: true, locale: true, subscription: { select: subscriptionSelect } },
      },
    },
  });
  if (!session) return { state: "invalid" };
  if (session.expiresAt.getTime() <= Date.now()) {
    await db().session.deleteMany({ where: { id: session.id } });
    return { state: "invalid" };
  }
  const { subscription, ...user } = session.user;
  return { state: "valid", sessionId: session.id, user, subscription };
}

export async function revokeSession(token: string | null) {
  if (token) await db().session.deleteMany({ where: { tokenHash: sha256(token) } });
}

export async function revokeAllSessions(userId: string) {
  await db().session.deleteMany({ where: { userId } });
}
