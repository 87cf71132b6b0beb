// Test users written straight into the e2e server's SQLite file, so each test owns its account and
// tests can run in parallel. The format matches what the app's Prisma adapter writes (checked
// against the seeded demo row): DateTime as ISO 8601 text with a "+00:00" offset.
import { createHash, randomBytes, randomUUID } from "node:crypto";

import Database from "better-sqlite3";

import { hashPassword } from "../../../app/auth/password.server.ts";
import { DB_FILE } from "./env.ts";

export type SubscriptionState = "trial" | "active" | "cancelled" | "unsubscribed" | "expired";
export type TestUser = { id: string; email: string; password: string; name: string };
export type NewUser = {
  password?: string;
  name?: string;
  /** null: no subscription row at all. Default: active for 30 days. */
  subscription?: { state: SubscriptionState; validUntil: Date } | null;
};

const DAY = 24 * 60 * 60 * 1000;

/** Prisma's SQLite DateTime text: `2026-11-21T23:21:06.705+00:00`. */
export function sqliteDate(date: Date) {
  return date.toISOString().replace(/Z$/, "+00:00");
}

let connection: Database.Database | undefined;
function db() {
  if (!connection) {
    connection = new Database(DB_FILE, { fileMustExist: true });
    connection.pragma("busy_timeout = 10000");
    connection.pragma("foreign_keys = ON");
  }
  return connection;
}

export function uniqueEmail(tag = "user") {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@example.com`;
}

/**
 * One password for this test process's users unless a test names its own, each hashed once: scrypt
 * costs ~60 ms a hash, and every browser test makes users. Users still differ by address.
 */
const DEFAULT_PASSWORD = `pw-${randomBytes(6).toString("hex")}`;
const hashes = new Map<string, Promise<string>>();
function passwordHashOf(password: string) {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

export async function createUser(input: NewUser = {}): Promise<TestUser> {
  const email = uniqueEmail();
  const password = input.password ?? DEFAULT_PASSWORD;
  const name = input.name ?? "Tester";
  const id = randomUUID();
  const now = sqliteDate(new Date());
  const passwordHash = await passwordHashOf(password);
  const subscription =
    input.subscription === undefined
      ? { state: "active", validUntil: new Date(Date.now() + 30 * DAY) }
      : input.subscription;
  db().transaction(() => {
    db()
      .prepare(
        `INSERT INTO "User" (id, email, passwordHash, name, locale, createdAt, updatedAt) VALUES (?, ?, ?, ?, 'en', ?, ?)`,
      )
      .run(id, email, passwordHash, name, now, now);
    if (subscription) {
      db()
        .prepare(
          `INSERT INTO "Subscription" (id, userId, state, validUntil, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(randomUUID(), id, subscription.state, sqliteDate(subscription.validUntil), now, now);
    }
  })();
  return { id, email, password, name };
}

/** Removes the accounts a test's checkouts created, by e-mail (their rows go with them, as below). */
export function deleteUsersByEmail(emails: string[]) {
  for (const email of emails) db().prepare(`DELETE FROM "User" WHERE email = ?`).run(email);
}

/** Removes a test user; sessions, codes and the subscription go with it (ON DELETE CASCADE). */
export function deleteUser(id: string) {
  db().prepare(`DELETE FROM "User" WHERE id = ?`).run(id);
}

export function closeDb() {
  connection?.close();
  connection = undefined;
}

export const days = (n: number) => new Date(Date.now() + n * DAY);

/** The payment provider a test user's subscription was bought with (none by default). */
export function setSubscriptionProvider(userId: string, provider: "sandbox" | "stripe" | "paypal") {
  db()
    .prepare(`UPDATE "Subscription" SET provider = ?, providerSubscriptionId = ? WHERE userId = ?`)
    .run(provider, provider === "sandbox" ? null : `I-${userId}`, userId);
}

/** A fresh link of the account e-mail (docs/decisions/038) for a test user: the raw token; its SHA-256 is stored, as the app does. */
export function emailVerificationToken(user: Pick<TestUser, "id" | "email">) {
  const token = randomBytes(24).toString("base64url");
  const hash = createHash("sha256").update(token).digest("hex");
  const now = new Date();
  db()
    .prepare(
      `INSERT INTO "EmailVerification" (id, tokenHash, userId, email, expiresAt, createdAt) VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(randomUUID(), hash, user.id, user.email, sqliteDate(days(7)), sqliteDate(now));
  return token;
}

/** Whether the account's address is verified. */
export function isEmailVerified(userId: string) {
  const row = db().prepare(`SELECT emailVerifiedAt FROM "User" WHERE id = ?`).get(userId) as
    { emailVerifiedAt: string | null } | undefined;
  return Boolean(row?.emailVerifiedAt);
}

/** A contact-form message someone sent with `email` while signed out (a row keyed only by the address). */
export function contactMessageFrom(email: string, message: string) {
  db()
    .prepare(
      `INSERT INTO "ContactMessage" (id, name, email, message, locale, createdAt) VALUES (?, 'Rosa', ?, ?, 'en', ?)`,
    )
    .run(randomUUID(), email, message, sqliteDate(new Date()));
}
