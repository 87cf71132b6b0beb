// A local fake of the Stripe API, enough for the real stripe SDK: Checkout Sessions (create, retrieve)
// and subscription updates (cancel at period end, and its undoing). Webhooks are not sent by the fake: tests sign them
// with the SDK's own helper (stripe.webhooks.generateTestHeaderString).
import type { ServerResponse } from "node:http";

import { startFake, type Recorded } from "./http.ts";

/** The webhook signing secret the app is given alongside the fake. */
export const STRIPE_WEBHOOK_SECRET = "whsec_test_secret";

/** The settings that point the app at a fake listening on `origin`. */
export function stripeEnv(origin: string) {
  const url = new URL(origin);
  return {
    STRIPE_SECRET_KEY: "sk_test_x",
    STRIPE_WEBHOOK_SECRET,
    TEST_STRIPE_API_HOST: url.hostname,
    TEST_STRIPE_API_PORT: url.port,
    TEST_STRIPE_API_PROTOCOL: url.protocol.replace(":", ""),
  };
}

/**
 * Starts the fake. `sessions` holds its checkout sessions as GET /v1/checkout/sessions/{id} answers
 * them (a test may complete or expire one); `control.cancelFailures` is how many of the next
 * subscription updates it answers with a 500.
 */
export async function startStripeFake() {
  const sessions = new Map<string, Record<string, unknown>>();
  const control = { cancelFailures: 0 };
  let created = 0;
  function respond(req: Recorded, res: ServerResponse) {
    res.setHeader("Content-Type", "application/json");
    const retrieve = /^\/v1\/checkout\/sessions\/([^/?]+)\?(.*)$/.exec(req.url);
    if (req.method === "GET" && retrieve) {
      const session = sessions.get(retrieve[1]!);
      if (!session) {
        res.statusCode = 404;
        res.end(
          JSON.stringify({
            error: { type: "invalid_request_error", message: `No such checkout.session: '${retrieve[1]}'` },
          }),
        );
        return;
      }
      res.end(JSON.stringify({ object: "checkout.session", mode: "subscription", customer: "cus_1", ...session }));
    } else if (req.method === "POST" && req.url === "/v1/checkout/sessions") {
      created += 1;
      const form = new URLSearchParams(req.body);
      const id = `cs_test_${created}`;
      sessions.set(id, {
        id,
        status: "open",
        payment_status: "unpaid",
        client_reference_id: form.get("client_reference_id"),
        subscription: null,
        metadata: {},
      });
      res.end(JSON.stringify({ id, object: "checkout.session", url: `https://checkout.stripe.test/c/${created}` }));
    } else if (req.method === "POST" && req.url.startsWith("/v1/subscriptions/") && control.cancelFailures > 0) {
      control.cancelFailures -= 1;
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: "api_error", message: "try later" } }));
    } else if (req.method === "POST" && req.url.startsWith("/v1/subscriptions/")) {
      const cancel = new URLSearchParams(req.body).get("cancel_at_period_end") !== "false";
      res.end(JSON.stringify({ id: req.url.split("/")[3], object: "subscription", cancel_at_period_end: cancel }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "unknown" } }));
    }
  }
  const fake = await startFake(respond);
  return Object.assign(fake, { sessions, control });
}
