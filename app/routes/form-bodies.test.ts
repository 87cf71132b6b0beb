// Every action that reads a form, posted a body that is not one: a 4xx with a clear message, never a
// 500 (request.formData() rejects with a TypeError that Remix would answer with a 500).
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";

import { startCheckout } from "~/billing/checkout.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { resetConfig } from "~/server/config.server";

import { matchedContext } from "../../tests/support/app-routes";
import { createUser, signedInUser, uniqueEmail } from "../../tests/support/factories";
import { action as login } from "./auth.login";
import { action as logout } from "./auth.logout";
import { action as resetPassword } from "./auth.reset-password";
import { action as sendCode } from "./auth.send-code";
import { action as sandboxCheckout } from "./checkout.sandbox.$id";
import { action as consentPage } from "./consent-page";
import { action as contactUs } from "./contact-us";
import { action as cookieConsent } from "./cookie-consent";
import { action as dashboard } from "./dashboard";
import { action as review } from "./dashboard.modules.review";
import { action as enterLink } from "./enter-link";
import { action as paymentsCheckout } from "./payments.checkout";
import { action as register } from "./register";
import { action as reverseLookup } from "./reverse-phone-lookup";
import { action as sendVoiceMessage } from "./send-voice-message";
import { action as setLocale } from "./set-locale";
import { action as share } from "./share";
import { action as refundPage } from "./unsubscribe-and-refund";
import { action as optOut } from "./voice.opt-out";
import { action as callStatus } from "./voice.status";

const ORIGIN = "http://localhost:3000";
const MESSAGE = {
  en: "The form could not be read. Please try again.",
  id: "Formulir tidak dapat dibaca. Silakan coba lagi.",
};

type Body = { name: string; status: number; headers: Record<string, string>; body?: string };
const BODIES: Body[] = [
  {
    name: "a JSON body",
    status: 415,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "a@example.com" }),
  },
  { name: "no body and no content type", status: 400, headers: {} },
  {
    name: "a broken multipart body",
    status: 400,
    headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\ncut off',
  },
];

// page: the error page's payload is thrown; plain: a resource route's text; twilio: a plain 4xx.
type Kind = "page" | "plain" | "twilio";
type Case = {
  route: string;
  action: (args: ActionFunctionArgs) => Promise<unknown>;
  kind: Kind;
  /** The address, cookies and route params that bring the action to reading its form. */
  prepare?: () => Promise<{ path?: string; cookie?: string; params?: Record<string, string> }>;
  path?: string;
};

const signedIn = async () => ({ cookie: `token=${(await signedInUser()).token}` });
async function requestCode() {
  const { user } = await createUser();
  const created = await createLocationRequest({
    userId: user.id,
    channel: "link",
    requesterName: "Maria",
    locale: "en",
  });
  if (!created.ok) throw new Error("could not create the request");
  return created.request.code;
}

const CASES: Case[] = [
  { route: "auth.login", action: login, kind: "plain", path: "/auth/login" },
  { route: "auth.logout", action: logout, kind: "plain", path: "/auth/logout" },
  { route: "auth.reset-password", action: resetPassword, kind: "plain", path: "/auth/reset-password" },
  { route: "auth.send-code", action: sendCode, kind: "plain", path: "/auth/send-code" },
  {
    route: "consent-page",
    action: consentPage,
    kind: "page",
    prepare: async () => {
      const code = await requestCode();
      return { path: `/${code}`, params: { "*": code } };
    },
  },
  {
    route: "checkout.sandbox.$id",
    action: sandboxCheckout,
    kind: "page",
    prepare: async () => {
      const started = await startCheckout(
        { name: "Budi", surname: "Santoso", email: uniqueEmail("sbx"), adult: "on" },
        { locale: "en", ip: "203.0.113.20" },
      );
      if (!started.ok) throw new Error("checkout failed");
      return { path: `/checkout/sandbox/${started.checkoutId}`, params: { id: started.checkoutId } };
    },
  },
  { route: "cookie-consent", action: cookieConsent, kind: "plain", path: "/consent" },
  { route: "contact-us", action: contactUs, kind: "page", path: "/contact-us" },
  { route: "unsubscribe-and-refund", action: refundPage, kind: "page", path: "/unsubscribe-and-refund" },
  {
    route: "dashboard.modules.review",
    action: review,
    kind: "page",
    path: "/dashboard/modules/review",
    prepare: signedIn,
  },
  { route: "dashboard", action: dashboard, kind: "page", path: "/dashboard/", prepare: signedIn },
  { route: "enter-link", action: enterLink, kind: "page", path: "/enter-link" },
  { route: "payments.checkout", action: paymentsCheckout, kind: "plain", path: "/payments/checkout" },
  { route: "register", action: register, kind: "page", path: "/register?id=x" },
  { route: "reverse-phone-lookup", action: reverseLookup, kind: "page", path: "/reverse-phone-lookup" },
  {
    route: "send-voice-message",
    action: sendVoiceMessage,
    kind: "page",
    path: "/send-voice-message",
    prepare: signedIn,
  },
  { route: "set-locale", action: setLocale, kind: "plain", path: "/set-locale" },
  {
    route: "share",
    action: share,
    kind: "page",
    prepare: async () => ({ path: `/share?c=${await requestCode()}` }),
  },
  { route: "voice.opt-out", action: optOut, kind: "twilio", path: "/voice/opt-out?lang=en" },
  { route: "voice.status", action: callStatus, kind: "twilio", path: "/voice/status" },
];

/** The Response an action returned or threw; anything else (the old TypeError) fails the test. */
async function settle(promise: Promise<unknown>) {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}

beforeAll(() => {
  // The embedded sandbox checkout page exists only without real payment keys.
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.PAYPAL_CLIENT_ID;
  resetConfig();
});

describe("an action posted a body that is not a form", () => {
  for (const entry of CASES) {
    for (const bad of BODIES) {
      it(`${entry.route}: ${bad.name} → ${bad.status}`, async () => {
        const prepared = (await entry.prepare?.()) ?? {};
        const path = prepared.path ?? entry.path!;
        const headers: Record<string, string> = { "x-client-ip": "203.0.113.9", ...bad.headers };
        if (prepared.cookie) headers.Cookie = prepared.cookie;
        const request = new Request(ORIGIN + path, { method: "POST", headers, body: bad.body });
        const result = await settle(
          entry.action({ request, params: prepared.params ?? {}, context: matchedContext(request.url) }),
        );

        expect(result, String(result)).toBeInstanceOf(Response);
        const response = result as Response;
        expect(response.status).toBe(bad.status);
        if (entry.kind === "page") {
          expect(response.headers.get("Content-Type")).toContain("application/json");
          const body = (await response.json()) as { message: string; messages: { errors: { backHome: string } } };
          expect(body.message).toBe(MESSAGE.en);
          // The root error boundary translates the page with these (no loader runs after a thrown action).
          expect(body.messages.errors.backHome).toBe("Back to the home page");
        } else if (entry.kind === "plain") {
          expect(await response.text()).toBe(MESSAGE.en);
        } else {
          expect(await response.text()).toBe(bad.status === 415 ? "Unsupported Media Type" : "Bad Request");
        }
      });
    }
  }
});

describe("the language and the clients that ask for JSON", () => {
  it("answers in the language of the address", async () => {
    const request = new Request(`${ORIGIN}/id/enter-link`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    const response = (await settle(
      enterLink({ request, params: {}, context: matchedContext(request.url) }),
    )) as Response;
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toBe(MESSAGE.id);
  });

  it("gives the cookie banner's script a JSON error", async () => {
    const request = new Request(`${ORIGIN}/consent`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "text/plain" },
      body: "choice=accept",
    });
    const response = (await cookieConsent({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "form" });
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});
