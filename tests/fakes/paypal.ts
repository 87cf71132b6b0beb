// A local fake of the PayPal REST API: OAuth token, billing plans, subscriptions (get, cancel) and
// webhook signature verification, which accepts what paypalWebhookHeaders() signs.
import { createHash, createHmac } from "node:crypto";
import type { ServerResponse } from "node:http";

import { startFake, type Recorded } from "./http.ts";

export const PAYPAL_WEBHOOK_ID = "WH-8PT597110X687430LKGECATA";
const SIGNING_KEY = "fake-paypal-signing-key";

/** The settings that point the app at the fake (with TEST_PAYPAL_API_BASE: the fake's origin). */
export const PAYPAL_ENV = {
  PAYPAL_CLIENT_ID: "client-id",
  PAYPAL_CLIENT_SECRET: "client-secret",
  PAYPAL_WEBHOOK_ID,
  PAYPAL_PRODUCT_ID: "PROD-FAMILYLOCATOR",
};

export type FakeSub = {
  id: string;
  status: string;
  custom_id: string;
  plan_id: string;
  create_time: string;
  next_billing_time?: string;
};

/** What the fake's verify-webhook-signature accepts: an HMAC over the transmission and the event. */
function sign(transmissionId: string, time: string, event: string) {
  const digest = createHash("sha256").update(event).digest("hex");
  return createHmac("sha256", SIGNING_KEY)
    .update(`${transmissionId}|${time}|${PAYPAL_WEBHOOK_ID}|${digest}`)
    .digest("base64");
}

/** The headers PayPal sends with a webhook delivery of `raw`, signed so that the fake verifies them. */
export function paypalWebhookHeaders(raw: string, transmissionId: string, signature?: string) {
  const time = new Date().toISOString();
  return {
    "Content-Type": "application/json",
    "PAYPAL-AUTH-ALGO": "SHA256withRSA",
    "PAYPAL-CERT-URL": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77",
    "PAYPAL-TRANSMISSION-ID": transmissionId,
    "PAYPAL-TRANSMISSION-SIG": signature ?? sign(transmissionId, time, raw),
    "PAYPAL-TRANSMISSION-TIME": time,
  };
}

/** Starts the fake; `failNext` makes the next request fail with that status. */
export async function startPayPalFake() {
  const subs = new Map<string, FakeSub>();
  let seq = 0;
  const control = { failNext: null as number | null };
  function respond(req: Recorded, res: ServerResponse) {
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (control.failNext) {
      const status = control.failNext;
      control.failNext = null;
      return send(status, { name: "INTERNAL_SERVER_ERROR", message: "An internal server error occurred." });
    }
    const path = req.url.split("?")[0]!;
    if (req.method === "POST" && path === "/v1/oauth2/token") {
      const expected = `Basic ${Buffer.from("client-id:client-secret").toString("base64")}`;
      if (req.headers.authorization !== expected) return send(401, { error: "invalid_client" });
      return send(200, {
        scope: "https://uri.paypal.com/services/subscriptions",
        access_token: "A21AAFakeToken",
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: 32400,
      });
    }
    if (req.headers.authorization !== "Bearer A21AAFakeToken") return send(401, { error: "invalid_token" });
    if (req.method === "POST" && path === "/v1/billing/plans") {
      const body = JSON.parse(req.body) as { product_id: string; name: string };
      return send(201, { id: `P-${++seq}PLAN`, product_id: body.product_id, name: body.name, status: "ACTIVE" });
    }
    if (req.method === "POST" && path === "/v1/billing/subscriptions") {
      const body = JSON.parse(req.body) as { plan_id: string; custom_id: string };
      const id = `I-${++seq}SUB`;
      subs.set(id, {
        id,
        status: "APPROVAL_PENDING",
        custom_id: body.custom_id,
        plan_id: body.plan_id,
        create_time: new Date().toISOString(),
      });
      return send(201, {
        id,
        status: "APPROVAL_PENDING",
        links: [
          {
            href: `https://www.sandbox.paypal.test/webapps/billing/subscriptions?ba_token=BA-${seq}`,
            rel: "approve",
            method: "GET",
          },
          { href: `https://api-m.sandbox.paypal.com/v1/billing/subscriptions/${id}`, rel: "self", method: "GET" },
        ],
      });
    }
    const sub = /^\/v1\/billing\/subscriptions\/([^/]+)(\/cancel)?$/.exec(path);
    if (sub) {
      const found = subs.get(sub[1]!);
      if (!found) return send(404, { name: "RESOURCE_NOT_FOUND", message: "The specified resource does not exist." });
      if (req.method === "POST" && sub[2]) {
        // Like PayPal: a subscription that is not active cannot be cancelled (again).
        if (found.status === "CANCELLED") {
          return send(422, {
            name: "UNPROCESSABLE_ENTITY",
            message: "The requested action could not be performed.",
            details: [{ issue: "SUBSCRIPTION_STATUS_INVALID" }],
          });
        }
        found.status = "CANCELLED";
        return send(204);
      }
      if (req.method === "GET" && !sub[2]) {
        return send(200, {
          id: found.id,
          plan_id: found.plan_id,
          status: found.status,
          custom_id: found.custom_id,
          create_time: found.create_time,
          start_time: found.create_time,
          subscriber: { email_address: "buyer@example.com", payer_id: "PAYER1" },
          billing_info: {
            outstanding_balance: { currency_code: "USD", value: "0.00" },
            failed_payments_count: 0,
            ...(found.next_billing_time ? { next_billing_time: found.next_billing_time } : {}),
          },
        });
      }
    }
    if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
      const body = JSON.parse(req.body) as Record<string, unknown>;
      // The event must come back exactly as delivered: the fake hashes its serialisation.
      const event = JSON.stringify(body.webhook_event);
      const ok =
        body.webhook_id === PAYPAL_WEBHOOK_ID &&
        body.auth_algo === "SHA256withRSA" &&
        body.transmission_sig === sign(String(body.transmission_id), String(body.transmission_time), event);
      return send(200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
    }
    send(404, { name: "RESOURCE_NOT_FOUND" });
  }

  const fake = await startFake(respond);
  return Object.assign(fake, { subs, control });
}
