// Webhook deliveries end to end (docs/webhooks.md): a request event reaches a local HTTP receiver,
// signed so that docs/webhooks.md's own snippet verifies it; a failure is tried again after a wait
// that doubles; a run of failures lasting 3 days disables the endpoint and e-mails its owner; in live
// mode no delivery reaches a loopback address, whatever the endpoint's row says.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { runJobs, settleStartedJobs } from "~/jobs/jobs.server";
import { decline, sharePrecise } from "~/location-requests/answer.server";
import { createLocationRequest } from "~/location-requests/create.server";
import { resetConfig } from "~/server/config.server";
import { DAY, MINUTE } from "~/utils/time";
import { WEBHOOK_DELIVERY_JOB, webhookJobKinds } from "~/webhooks/delivery.server";
import { createEndpoint, enableEndpoint, endpointOf, listDeliveries } from "~/webhooks/endpoints.server";

import { allowConsoleError } from "../../tests/support/console";

/** Only the deliveries run (not the events that write them, nor the endpoint owner's e-mail). */
const DELIVERIES = { [WEBHOOK_DELIVERY_JOB]: webhookJobKinds[WEBHOOK_DELIVERY_JOB] };

const HERE = { latitude: 14.5995, longitude: 120.9842, accuracyMeters: 12 };

/** docs/webhooks.md's verification snippet, exactly as written there. */
function documentedVerifier() {
  const doc = readFileSync("docs/webhooks.md", "utf8");
  const code = /<!-- verify-snippet[^>]*-->\n```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error("docs/webhooks.md has no verify-snippet block");
  return new Function("require", `${code}\nreturn verifyLocatorSignature;`)(createRequire(import.meta.url)) as (
    rawBody: string,
    header: string | undefined,
    secret: string,
    toleranceSeconds?: number,
  ) => boolean;
}

type Received = { headers: IncomingHttpHeaders; body: string };
let server: Server;
let origin: string;
const received: Received[] = [];
/** What the receiver answers next (one status per request; the last one repeats). */
let answers: number[] = [200];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (status === 302) res.writeHead(302, { Location: `${origin}/elsewhere` }).end();
      else if (status !== 0) res.writeHead(status).end("ok");
      // 0: never answer (a timeout).
    });
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
afterEach(async () => {
  // A test's deliveries still waiting are not run by the next test's runs.
  await db().job.deleteMany({ where: { kind: WEBHOOK_DELIVERY_JOB, doneAt: null } });
  received.length = 0;
  answers = [200];
  delete process.env.APP_MODE;
  delete process.env.PROVIDER_TIMEOUT_MS;
  resetConfig();
});

async function accountWithEndpoint(locale = "en") {
  const user = await db().user.create({
    // E-mails about requests off: the only e-mail is the disabled endpoint's, which that setting does not stop.
    data: {
      email: `hook-${randomBytes(6).toString("hex")}@example.com`,
      passwordHash: "x",
      locale,
      notifyByEmail: false,
    },
  });
  const created = await createEndpoint(user.id, `${origin}/hook`);
  if (!created.ok) throw new Error(created.error);
  return { user, endpoint: created.endpoint };
}

async function request(userId: string) {
  // The account's three-hour limit is not what these tests are about.
  await db().usageSlot.deleteMany({ where: { key: { endsWith: userId } } });
  const created = await createLocationRequest({
    userId,
    channel: "link",
    requesterName: "Ana",
    locale: "en",
    title: "Rosa",
  });
  if (!created.ok) throw new Error(created.error);
  return created.request;
}

/** Waits for the jobs the answer started (the event's, then the deliveries it wrote). */
const settled = () => settleStartedJobs();

describe("a request event's delivery", () => {
  it("is delivered once, signed so that the documented snippet verifies it, without the position", async () => {
    const { user, endpoint } = await accountWithEndpoint();
    const { id, code } = await request(user.id);
    await sharePrecise(code, HERE);
    await sharePrecise(code, { ...HERE, latitude: 14.6 });
    await settled();
    expect(received).toHaveLength(1);
    const [delivery] = received as [Received];
    const verify = documentedVerifier();
    expect(verify(delivery.body, delivery.headers["locator-signature"] as string, endpoint.secret)).toBe(true);
    expect(verify(delivery.body, delivery.headers["locator-signature"] as string, "whsec_wrong")).toBe(false);
    expect(
      verify(
        delivery.body.replace("precise", "approximate"),
        delivery.headers["locator-signature"] as string,
        endpoint.secret,
      ),
    ).toBe(false);
    expect(delivery.headers["content-type"]).toBe("application/json");
    const event = JSON.parse(delivery.body);
    expect(event).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
      object: "event",
      type: "location_request.shared",
      created: expect.any(Number),
      data: { requestId: id, status: "shared_precise", precision: "precise" },
    });
    expect(Math.abs(event.created - Date.now() / 1000)).toBeLessThan(60);
    expect(delivery.body).not.toContain("14.5");
    expect(delivery.body).not.toContain("120.98");
    const log = await listDeliveries(user.id, endpoint.id);
    expect(log).toMatchObject([
      { eventId: event.id, type: "location_request.shared", status: "delivered", attempts: 1, lastStatusCode: 200 },
    ]);
  });

  it("gives each event its own id, and every endpoint of the account the same id for it", async () => {
    const { user } = await accountWithEndpoint();
    expect((await createEndpoint(user.id, `${origin}/second`)).ok).toBe(true);
    const { code } = await request(user.id);
    await decline(code);
    await sharePrecise(code, HERE);
    await settled();
    const events = received.map((r) => JSON.parse(r.body));
    expect(events).toHaveLength(4);
    const ids = (type: string) => new Set(events.filter((event) => event.type === type).map((event) => event.id));
    const [declined, shared] = [ids("location_request.declined"), ids("location_request.shared")];
    expect([declined.size, shared.size]).toEqual([1, 1]);
    expect([...declined][0]).not.toBe([...shared][0]);
  });

  it("is tried again after a 500, waiting twice as long each time, with the same event id", async () => {
    allowConsoleError();
    answers = [500, 503, 200];
    const { user, endpoint } = await accountWithEndpoint();
    const { code } = await request(user.id);
    const start = Date.now();
    await sharePrecise(code, HERE);
    await settled();
    expect(received).toHaveLength(1);
    const job = () => db().job.findFirstOrThrow({ where: { kind: WEBHOOK_DELIVERY_JOB, doneAt: null } });
    const first = await job();
    expect(first.nextRunAt.getTime() - start).toBeGreaterThanOrEqual(MINUTE - 1000);
    expect(first.nextRunAt.getTime() - start).toBeLessThan(MINUTE + 10_000);
    // Not due yet: nothing is sent.
    await runJobs(new Date(start + 30_000), { kinds: DELIVERIES });
    expect(received).toHaveLength(1);
    const second = new Date(first.nextRunAt.getTime() + 1000);
    await runJobs(second, { kinds: DELIVERIES });
    expect(received).toHaveLength(2);
    expect((await job()).nextRunAt.getTime() - second.getTime()).toBe(2 * MINUTE);
    expect((await listDeliveries(user.id, endpoint.id))![0]).toMatchObject({
      status: "pending",
      attempts: 2,
      lastStatusCode: 503,
    });
    await runJobs(new Date(second.getTime() + 2 * MINUTE), { kinds: DELIVERIES });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => JSON.parse(r.body).id)).size).toBe(1);
    // Each attempt is signed with its own time.
    expect(new Set(received.map((r) => r.headers["locator-signature"])).size).toBe(3);
    expect((await listDeliveries(user.id, endpoint.id))![0]).toMatchObject({
      status: "delivered",
      attempts: 3,
      lastStatusCode: 200,
    });
    expect(await endpointOf(user.id, endpoint.id)).toMatchObject({ consecutiveFailures: 0, failingSince: null });
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    allowConsoleError();
    answers = [302];
    const { user, endpoint } = await accountWithEndpoint();
    await sharePrecise((await request(user.id)).code, HERE);
    await settled();
    expect(received).toHaveLength(1);
    expect((await listDeliveries(user.id, endpoint.id))![0]).toMatchObject({ status: "pending", lastStatusCode: 302 });
  });

  it("treats no answer in time as a failure", async () => {
    allowConsoleError();
    process.env.PROVIDER_TIMEOUT_MS = "300";
    resetConfig();
    answers = [0];
    const { user, endpoint } = await accountWithEndpoint();
    await sharePrecise((await request(user.id)).code, HERE);
    await settled();
    expect((await listDeliveries(user.id, endpoint.id))![0]).toMatchObject({
      status: "pending",
      lastStatusCode: null,
      lastError: "no answer in time",
    });
  });
});

describe("an endpoint failing for 3 days", () => {
  it.each([
    ["en", "Your webhook endpoint was turned off"],
    ["id", "Endpoint webhook Anda dimatikan"],
    ["ph", "Isinara ang webhook endpoint mo"],
  ])("is disabled and its owner e-mailed (%s); enabled again, it receives events", async (locale, subject) => {
    allowConsoleError();
    answers = [500];
    const { user, endpoint } = await accountWithEndpoint(locale);
    const start = Date.now();
    await sharePrecise((await request(user.id)).code, HERE);
    await settled();
    // Still failing a day later: not yet.
    await runJobs(new Date(start + DAY), { kinds: DELIVERIES });
    expect(await endpointOf(user.id, endpoint.id)).toMatchObject({ status: "enabled", consecutiveFailures: 2 });
    await runJobs(new Date(start + 3 * DAY + MINUTE), { kinds: DELIVERIES });
    await settled();
    expect(received).toHaveLength(3);
    expect(await endpointOf(user.id, endpoint.id)).toMatchObject({ status: "disabled", consecutiveFailures: 3 });
    expect((await listDeliveries(user.id, endpoint.id))![0]).toMatchObject({ status: "failed", attempts: 3 });
    const mails = await db().outboxMessage.findMany({ where: { to: user.email } });
    expect(mails.map((mail) => mail.subject)).toEqual([subject]);
    expect(mails[0]!.text).toContain(`${origin}/hook`);
    expect(mails[0]!.text).toContain("/dashboard/modules/Webhooks");

    // Disabled: a new event is not sent to it.
    await sharePrecise((await request(user.id)).code, HERE);
    await settled();
    expect(received).toHaveLength(3);

    answers = [200];
    expect(await enableEndpoint(user.id, endpoint.id)).toMatchObject({ status: "enabled", consecutiveFailures: 0 });
    await sharePrecise((await request(user.id)).code, HERE);
    await settled();
    expect(received).toHaveLength(4);
  });
});

describe("in live mode", () => {
  it("sends nothing to a loopback address, whether written in the URL or answered by the DNS", async () => {
    allowConsoleError();
    const { user, endpoint } = await accountWithEndpoint();
    // A name that resolves to loopback, over https (the URL's form passes; the lookup refuses).
    const named = await db().webhookEndpoint.create({
      data: { userId: user.id, url: `https://localhost:${new URL(origin).port}/hook`, secret: "whsec_x" },
    });
    process.env.APP_MODE = "live";
    resetConfig();
    await sharePrecise((await request(user.id)).code, HERE);
    await settled();
    expect(received).toHaveLength(0);
    expect((await listDeliveries(user.id, endpoint.id))![0]).toMatchObject({
      status: "pending",
      lastError: "refused address: scheme",
    });
    expect((await listDeliveries(user.id, named.id))![0]).toMatchObject({
      status: "pending",
      lastError: expect.stringMatching(/^refused address (127\.0\.0\.1|::1) for localhost$/),
    });
  });
});
