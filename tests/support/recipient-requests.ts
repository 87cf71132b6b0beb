// Location requests made and answered the way Remix calls the recipient's pages, for the tests of the
// recipient's controls and limits (app/location-requests/recipient-controls.server.test.ts and
// recipient-limits.server.test.ts beside it).
import { randomBytes } from "node:crypto";

import { afterEach } from "vitest";

import { db } from "~/db/db.server";
import { createLocationRequest, type CreateInput } from "~/location-requests/create.server";
import { action as consentAction, loader as consentLoader } from "~/routes/consent-page";
import { resetConfig } from "~/server/config.server";

import { formRequest, routeArgs } from "./factories";
import { routeData, settle, type AnyOf } from "./route-data";

export const ORIGIN = "http://localhost:3000";

/** An account row is all the domain needs (no password hashing: 50 of them are made at once). */
export async function account() {
  const user = await db().user.create({
    data: { email: `r-${randomBytes(6).toString("hex")}@example.com`, passwordHash: "x" },
  });
  return user.id;
}
export const randomMobile = () => `+63917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

export function sms(userId: string, target: string, extra: Partial<CreateInput> = {}) {
  return createLocationRequest({ userId, channel: "sms", target, requesterName: "Ana", locale: "en", ...extra });
}
export async function sent(userId: string, target: string, extra: Partial<CreateInput> = {}) {
  const result = await sms(userId, target, extra);
  if (!result.ok) throw new Error(`not sent: ${result.error}`);
  return result.request;
}

export async function loaderData(path: string, id: string) {
  const { status, data } = await routeData(consentLoader(routeArgs(new Request(ORIGIN + path), { "*": id })));
  const body: AnyOf<typeof data> = data;
  return { status, body };
}
/** A consent-page form post; answers the redirect's Location or the returned data. */
export async function post(id: string, fields: Record<string, string>) {
  const result = await settle(consentAction(routeArgs(formRequest(`/${id}`, fields), { "*": id })));
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location") };
  const { status, data } = await routeData(result);
  return { status, body: data };
}
export const outboxTo = (to: string) => db().outboxMessage.count({ where: { to } });

/** After each test, the settings a test set (the daily limit, the providers) are forgotten. */
export function forgetSettingsAfterEach() {
  afterEach(() => {
    for (const key of [
      "RECIPIENT_DAILY_LIMIT",
      "TWILIO_ACCOUNT_SID",
      "TWILIO_AUTH_TOKEN",
      "TWILIO_FROM",
      "TEST_TWILIO_BASE_URL",
      "SENDGRID_API_KEY",
      "TEST_SENDGRID_BASE_URL",
    ]) {
      delete process.env[key];
    }
    resetConfig();
  });
}
