// Two real app processes (server.ts on the production build, each on its own loopback port) against
// one PostgreSQL database, as two instances behind a load balancer: what must hold across processes
// does.
import { constants, publicEncrypt } from "node:crypto";
import { request as httpRequest } from "node:http";

import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { MAINTENANCE_LEASE } from "~/jobs/maintenance.server";

import { PAYPAL_ENV, paypalWebhookHeaders, startPayPalFake } from "../../tests/fakes/paypal";
import { ensureBuild, freePort, startApp, until, type AppProcess } from "../../tests/support/app-process";
import { createUser } from "../../tests/support/factories";

// With TEST_POSTGRES=1 this file runs in the processes-postgres project only (tests/setup/process-tests.ts).
const onPostgres = process.env.TEST_DB === "postgres";
if (!onPostgres) console.warn("SKIPPED: the two-process test needs PostgreSQL; run it with TEST_POSTGRES=1 (CI does).");

const api = (
  origin: string,
  path: string,
  init: { json?: unknown; token?: string; headers?: Record<string, string> } = {},
) =>
  fetch(`${origin}${path}`, {
    method: init.json === undefined ? "GET" : "POST",
    headers: {
      APP: "two-processes",
      ...(init.json === undefined ? {} : { "Content-Type": "application/json" }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
const data = async <T>(response: Response) => ((await response.json()) as { data: T }).data;

/** Two processes on one database, as behind a load balancer: the same PUBLIC_URL. */
async function startPair(env: Record<string, string> = {}) {
  const [portA, portB] = [await freePort(), await freePort()];
  const shared = {
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: `http://127.0.0.1:${portA}`,
    APP_MODE: "demo",
    ...env,
  };
  return Promise.all([startApp("A", portA, shared), startApp("B", portB, shared)]);
}

async function pendingCheckout(provider: "stripe" | "paypal", email: string, providerSessionId: string) {
  const id = `co_${provider}_${Date.now()}`;
  await db().checkout.create({
    data: {
      id,
      provider,
      providerSessionId,
      email,
      name: "Rosa",
      surname: "Santos",
      locale: "en",
      plan: "usd-30d",
      currency: "USD",
      amount: 2999,
      firstDayAmount: 99,
      periodDays: 30,
    },
  });
  return id;
}

/** One effect: one account with one subscription from that provider, and one credentials e-mail. */
async function expectOneSignUp(email: string, provider: string) {
  const users = await db().user.findMany({ where: { email }, include: { subscription: true } });
  expect(users).toHaveLength(1);
  expect(users[0]!.subscription).toMatchObject({ provider, state: "trial" });
  // Sent after the answer (which does not wait for it), by the process that applied the payment.
  await expect.poll(() => db().outboxMessage.count({ where: { to: email } }), { timeout: 10_000 }).toBe(1);
}

describe.runIf(onPostgres)("two app processes on one PostgreSQL database", () => {
  let a: AppProcess;
  let b: AppProcess;
  const started: AppProcess[] = [];

  beforeAll(async () => {
    await ensureBuild();
    [a, b] = await startPair({ MAINTENANCE_LEASE_SECONDS: "1" });
    started.push(a, b);
  }, 90_000);
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop("SIGKILL")));
  });

  it("a session made on one process is valid on the other", async () => {
    const { publicKey } = await data<{ publicKey: string }>(await api(a.origin, "/api/v1/auth/publicKey"));
    const password = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha1" },
      Buffer.from("demo1234"),
    ).toString("base64");
    const login = await api(a.origin, "/api/v1/auth/login", { json: { email: "demo@example.com", password } });
    expect(login.status).toBe(200);
    const { token } = await data<{ token: string }>(login);

    const info = await api(b.origin, "/api/v1/personnal/subscribe/info", { token });
    expect(info.status).toBe(200);
    expect(await data(info)).toMatchObject({ state: "Active", expiredStatus: 0 });
    // Each answer has its request id and timing, and each process logged its own request.
    expect(info.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.headers.get("server-timing")).toMatch(/total;dur=[\d.]+, db;dur=[\d.]+/);
    await until(
      () => b.lines.some((line) => line.msg === "request" && line.id === info.headers.get("x-request-id")),
      "B's log line",
    );
    expect(a.lines.some((line) => line.id === info.headers.get("x-request-id"))).toBe(false);
  });

  it("each process keeps the home page's reviews, and both show a review published or hidden elsewhere at once", async () => {
    const text = `Found my dad and his phone in minutes, ${Date.now()}.`;
    const { user } = await createUser();
    const review = await db().review.create({
      data: { userId: user.id, rating: 5, text, displayName: "Lia", locale: "en", status: "pending" },
    });
    const home = async (origin: string) => (await fetch(`${origin}/`)).text();
    // Both processes have read (and kept) the reviews without it.
    for (const p of [a, b]) expect(await home(p.origin)).not.toContain(text);
    // Published by a third writer (as the operator's command does): both show it on their next view.
    await db().review.update({ where: { id: review.id }, data: { status: "published" } });
    for (const p of [a, b]) expect(await home(p.origin)).toContain(text);
    for (const p of [a, b]) expect(await home(p.origin)).toContain(text);
    await db().review.update({ where: { id: review.id }, data: { status: "hidden" } });
    for (const p of [a, b]) expect(await home(p.origin)).not.toContain(text);
  });

  it("the three-hour limits hold across processes, also for requests at the same moment", async () => {
    const { publicKey } = await data<{ publicKey: string }>(await api(b.origin, "/api/v1/auth/publicKey"));
    const password = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha1" },
      Buffer.from("demo1234"),
    ).toString("base64");
    const { token } = await data<{ token: string }>(
      await api(b.origin, "/api/v1/auth/login", { json: { email: "demo@example.com", password } }),
    );

    const sms = { requesterName: "Ana", countryCode: "+63", phone: "9171234567", locale: "en" };
    expect((await api(a.origin, "/api/v1/locate/sendSms", { token, json: sms })).status).toBe(200);
    const refused = await api(b.origin, "/api/v1/locate/sendSms", { token, json: sms });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3 * 3600 - 60);

    const email = { requesterName: "Ana", email: "rosa@example.com", locale: "en" };
    const statuses = await Promise.all(
      [a, b, a, b].map((p) => api(p.origin, "/api/v1/locate/sendEmail", { token, json: email }).then((r) => r.status)),
    );
    expect(statuses.sort()).toEqual([200, 429, 429, 429]);
  });

  it("a sandbox payment submitted to both processes at once takes effect once", async () => {
    const buyer = `sandbox-${Date.now()}@example.com`;
    const created = await api(a.origin, "/api/v1/auth/registerAndSign/stripe", {
      json: { name: "Rosa", surname: "Santos", email: buyer, adult: true, locale: "en" },
    });
    expect(created.status).toBe(200);
    const { id, provider } = await data<{ id: string; provider: string }>(created);
    expect(provider).toBe("sandbox");
    // The browser's form post, as a load balancer hands it on: the public host and origin to either process.
    const pay = (p: AppProcess) =>
      new Promise<number>((resolve, reject) => {
        const body = "intent=pay";
        const headers = {
          Host: new URL(a.origin).host,
          Origin: a.origin,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": body.length,
        };
        const req = httpRequest(`${p.origin}/checkout/sandbox/${id}`, { method: "POST", headers }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end(body);
      });
    expect(await Promise.all([pay(a), pay(b)])).toEqual([302, 302]);
    await expectOneSignUp(buyer, "sandbox");
    const subscription = await db().subscription.findFirstOrThrow({ where: { user: { email: buyer } } });
    expect(await db().payment.count({ where: { subscriptionId: subscription.id } })).toBe(1);
  });

  it("one process at a time holds the maintenance lease; when it stops (after finishing its requests), the other takes over", async () => {
    const holderOf = (p: AppProcess) => p.logged("maintenance lease taken")[0]?.holder as string | undefined;
    const first = await until(() => (holderOf(a) ? a : holderOf(b) ? b : undefined), "a lease holder");
    const other = first === a ? b : a;
    // Over several renewals (every third of a second), the holder keeps it and only it sweeps.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await db().lease.findUniqueOrThrow({ where: { name: MAINTENANCE_LEASE } })).holder).toBe(holderOf(first));
    expect(holderOf(other)).toBeUndefined();
    expect(first.logged("maintenance job done").length).toBeGreaterThan(0);
    expect(other.logged("maintenance job done")).toHaveLength(0);

    // A request in flight when the holder is told to stop: its body is still arriving.
    const body = JSON.stringify({ email: "nobody@example.com", password: "x".repeat(40), encrypted: false });
    const port = Number(new URL(first.origin).port);
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/api/v1/auth/login",
          method: "POST",
          headers: {
            APP: "two-processes",
            "Content-Type": "application/json",
            "Content-Length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 700);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exit = first.stop("SIGTERM");
    await until(() => first.logged("shutting down: finishing requests in flight").length > 0, "the shutdown to start");
    // It no longer takes connections, but the request in flight gets its answer.
    await expect(fetch(`${first.origin}/healthz`)).rejects.toThrow();
    expect(await inFlight).toBeLessThan(500);
    expect(await exit).toBe(0);
    expect(first.logged("maintenance lease released")).toHaveLength(1);
    expect(first.logged("stopped")[0]).toMatchObject({ forced: false });

    await until(() => holderOf(other), "the other process to take the lease", 5000);
    expect((await db().lease.findUniqueOrThrow({ where: { name: MAINTENANCE_LEASE } })).holder).toBe(holderOf(other));
    await until(() => other.logged("maintenance job done").length > 0, "the other process to sweep", 5000);
    expect(await other.stop("SIGTERM")).toBe(0);
  });

  describe("webhooks", () => {
    const secret = "whsec_two_processes";
    let paypal: Awaited<ReturnType<typeof startPayPalFake>>;
    let stripePair: AppProcess[];
    let paypalPair: AppProcess[];

    // A Stripe pair and a PayPal pair (a process has one payment provider), started together.
    beforeAll(async () => {
      paypal = await startPayPalFake();
      // Stripe's API is never called for a webhook: the address of a closed port proves it.
      const stripeEnv = {
        STRIPE_SECRET_KEY: "sk_test_two",
        STRIPE_WEBHOOK_SECRET: secret,
        TEST_STRIPE_API_HOST: "127.0.0.1",
        TEST_STRIPE_API_PORT: String(await freePort()),
        TEST_STRIPE_API_PROTOCOL: "http",
      };
      [stripePair, paypalPair] = await Promise.all([
        startPair(stripeEnv),
        startPair({ ...PAYPAL_ENV, TEST_PAYPAL_API_BASE: paypal.origin }),
      ]);
      started.push(...stripePair, ...paypalPair);
    }, 90_000);
    afterAll(() => paypal.close());

    it("a Stripe event delivered to both processes takes effect once", async () => {
      const buyer = `stripe-${Date.now()}@example.com`;
      const checkoutId = await pendingCheckout("stripe", buyer, `cs_two_${Date.now()}`);
      const event = {
        id: `evt_two_${Date.now()}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        data: {
          object: {
            id: `cs_${checkoutId}`,
            object: "checkout.session",
            mode: "subscription",
            payment_status: "paid",
            client_reference_id: checkoutId,
            subscription: "sub_two",
            customer: "cus_two",
            metadata: { checkoutId },
          },
        },
      };
      const payload = JSON.stringify(event);
      const signature = new Stripe("sk_test_two").webhooks.generateTestHeaderString({ payload, secret });
      const answers = await Promise.all(
        stripePair.map((p) =>
          fetch(`${p.origin}/api/v1/webhooks/stripe`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
            body: payload,
          }).then((r) => r.json()),
        ),
      );
      expect(answers.map((answer) => (answer as { status: string }).status).sort()).toEqual(["applied", "duplicate"]);
      await expectOneSignUp(buyer, "stripe");
    });

    it("a PayPal event delivered to both processes takes effect once", async () => {
      const buyer = `paypal-${Date.now()}@example.com`;
      const sub = `I-TWO${Date.now()}`;
      const checkoutId = await pendingCheckout("paypal", buyer, sub);
      const raw = JSON.stringify({
        id: `WH-TWO-${Date.now()}`,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: "subscription",
        event_type: "BILLING.SUBSCRIPTION.ACTIVATED",
        resource: {
          id: sub,
          status: "ACTIVE",
          custom_id: checkoutId,
          plan_id: "P-1",
          subscriber: { payer_id: "PAYER2" },
          billing_info: { next_billing_time: new Date(Date.now() + 86_400_000).toISOString() },
        },
      });
      const headers = paypalWebhookHeaders(raw, `tx-two-${Date.now()}`);
      const answers = await Promise.all(
        paypalPair.map((p) =>
          fetch(`${p.origin}/api/v1/webhooks/paypal`, { method: "POST", headers, body: raw }).then((r) => r.json()),
        ),
      );
      expect(answers.map((answer) => (answer as { status: string }).status).sort()).toEqual(["applied", "duplicate"]);
      // Each process verified the delivery with PayPal.
      expect(paypal.requests.filter((r) => r.url === "/v1/notifications/verify-webhook-signature")).toHaveLength(2);
      await expectOneSignUp(buyer, "paypal");
    });
  });
});
