import { randomBytes } from "node:crypto";

import { expect } from "vitest";

import { CHECKOUT_COOKIE } from "~/auth/checkout-browser.server";
import { hashPassword } from "~/auth/password.server";
import { createSession } from "~/auth/session.server";
import { db } from "~/db/db.server";

import { matchedContext } from "./app-routes";

/**
 * scrypt costs ~60 ms a hash (more on a busy machine) and hundreds of tests make users: each password
 * is hashed once per test process and its hash reused (a salt shared by test users harms nothing).
 */
const hashes = new Map<string, Promise<string>>();
export function testPasswordHash(password: string) {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

/**
 * A user with a subscription valid for `days` (negative: expired that many days ago); its address is
 * proven (`emailVerifiedAt`) unless `verified: false` (docs/decisions/038).
 */
export async function createUser(
  options: { email?: string; password?: string; days?: number; state?: string; verified?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "correct horse";
  const user = await db().user.create({
    data: {
      email,
      passwordHash: await testPasswordHash(password),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      passwordChosenAt: new Date(),
      name: "Test",
      subscription: {
        create: {
          state: options.state ?? "active",
          validUntil: new Date(Date.now() + (options.days ?? 30) * 24 * 3600 * 1000),
        },
      },
    },
  });
  return { user, email, password };
}

export async function signedInUser(options: Parameters<typeof createUser>[0] = {}) {
  const created = await createUser(options);
  const { token } = await createSession(created.user.id);
  return { ...created, token };
}

type RequestOptions = {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  ip?: string;
};

/** A Request as server.ts hands it to Remix: with the client address, and the APP header for the API. */
export function apiRequest(path: string, options: RequestOptions = {}) {
  const headers = new Headers({ APP: "test-suite", "x-client-ip": options.ip ?? "203.0.113.7", ...options.headers });
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set("Content-Type", "application/json");
  }
  return new Request(`http://localhost:3000${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
}

export function formRequest(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "x-client-ip": "203.0.113.9", "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

/** "name=value" of the checkout cookie a response set (for the next request of the same client). */
export function browserCookie(response: Response) {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${CHECKOUT_COOKIE}=`));
  if (!header) throw new Error("no checkout cookie set");
  return header.split(";")[0]!;
}

/**
 * The JSON API's envelope (app/api/envelope.server.ts), checked to carry the HTTP status; `T` names
 * the shape of `data` the test expects (null when the answer has none).
 */
export async function readEnvelope<T = unknown>(response: Response) {
  const body = (await response.json()) as { status: number; message: string; error: string | null; data: T | null };
  expect(body.status).toBe(response.status);
  return body;
}

/** A loader's or action's arguments, with the route the edge would have matched for the request's path. */
export const routeArgs = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: matchedContext(request.url),
});

/** The Response a loader or action throws (a redirect, usually); fails when it throws none. */
export async function thrownResponse(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected the loader or action to throw a response");
}

/**
 * A signed-in subscriber with something of every kind held about an account: a payment, a started
 * purchase, an answered SMS request (with its position), a voice message, a review, a refund request
 * and a contact-form message (docs/privacy.md).
 */
export async function userWithData(options: Parameters<typeof createUser>[0] = {}) {
  const created = await signedInUser(options);
  const { user, email } = created;
  const sub = await db().subscription.update({
    where: { userId: user.id },
    data: { plan: "php-30d", currency: "PHP", amount: 149900, firstDayAmount: 4900, periodDays: 30 },
  });
  const payment = await db().payment.create({
    data: {
      subscriptionId: sub.id,
      provider: "sandbox",
      providerPaymentId: `pay_${user.id}`,
      amount: 149900,
      currency: "PHP",
      status: "paid",
      paidAt: new Date(),
    },
  });
  await db().checkout.create({
    data: {
      id: `chk_${user.id}`,
      provider: "sandbox",
      email,
      name: "Ana",
      surname: "Reyes",
      locale: "ph",
      plan: "php-30d",
      currency: "PHP",
      amount: 149900,
      firstDayAmount: 4900,
      periodDays: 30,
      status: "paid",
      userId: user.id,
      phone: { create: { phone: "+639171234567" } },
    },
  });
  const request = await db().locationRequest.create({
    data: {
      userId: user.id,
      channel: "sms",
      target: "+639171234567",
      requesterName: "Ana",
      locale: "ph",
      code: user.id
        .slice(-8)
        .replace(/[^A-Za-z0-9]/g, "x")
        .padStart(8, "x"),
      status: "gps_tracked",
      locatedAt: new Date(),
      openedAt: new Date(),
      latitude: 14.6507,
      longitude: 121.0494,
      accuracyMeters: 18,
      address: "Quezon City, PH",
    },
  });
  await db().voiceMessage.create({
    data: { userId: user.id, to: "+639171234567", text: "Call me when you land.", language: "en", voice: "female" },
  });
  await db().review.create({
    data: {
      userId: user.id,
      rating: 5,
      text: "It helps me know my father got home.",
      displayName: "Ana R.",
      locale: "en",
    },
  });
  await db().refundRequest.create({
    data: { email, reason: "I do not need it any more.", locale: "en", userId: user.id },
  });
  await db().contactMessage.create({ data: { name: "Ana", email, message: "How do I renew?", locale: "en" } });
  return { ...created, subscription: sub, payment, request };
}
