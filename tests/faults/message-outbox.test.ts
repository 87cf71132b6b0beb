// A fault against a real process (docs/decisions/035): the production server on the built app, its SMS
// provider a local fake that answers 503 to the first message and 201 after. The request is accepted
// ("Sending"), the server's own job worker tries again after MESSAGE_RETRY_SECONDS, and the message
// goes out once; then a kill during a send that never answers leaves it unknown, and a restarted
// server does not send it again.
import type { ServerResponse } from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { requestMessageJobKey } from "~/location-requests/delivery.server";

import { startFake } from "../fakes/http";
import { twilioEnv } from "../fakes/twilio";
import { ensureBuild, freePort, startApp, until, type AppProcess } from "../support/app-process";
import { signedInUser } from "../support/factories";

/** Answers to the fake's next Messages requests, in order; then 201. */
const script: Array<number | "hang"> = [];
const hanging: ServerResponse[] = [];
let fake: Awaited<ReturnType<typeof startFake>>;
let server: AppProcess | undefined;
let port: number;

const messages = () => fake.requests.filter((r) => r.url.endsWith("/Messages.json"));
const env = () => ({
  ...twilioEnv(fake.origin),
  DATABASE_URL: process.env.DATABASE_URL!,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  APP_MODE: "sandbox",
  MESSAGE_RETRY_SECONDS: "1",
  PROVIDER_TIMEOUT_MS: "1500",
});

beforeAll(async () => {
  await ensureBuild();
  fake = await startFake((req, res) => {
    if (!req.url.endsWith("/Messages.json")) return void res.writeHead(404).end("{}");
    const next = script.shift() ?? 201;
    if (next === "hang") return void hanging.push(res);
    const body =
      next < 300
        ? { sid: `SM${String(messages().length).padStart(32, "0")}`, status: "queued" }
        : { code: 20000 + next, message: "Service unavailable", status: next };
    res.writeHead(next, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  port = await freePort();
}, 600_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  for (const res of hanging) res.destroy();
  await fake?.close();
});

async function sendSms(token: string, phone: string) {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/locate/sendSms`, {
    method: "POST",
    headers: { "Content-Type": "application/json", APP: "fault-test", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ requesterName: "Ana", countryCode: "+63", phone }),
  });
  const { data } = (await res.json()) as { data: { id: string } };
  const stored = await db().locationRequest.findUniqueOrThrow({ where: { id: data.id } });
  return { status: res.status, body: { data: { id: data.id, delivery: stored.delivery } } };
}

describe("a provider that fails, then recovers", () => {
  it("503 then 200: the request is accepted, the server's worker tries again, and the message goes out once", async () => {
    server = await startApp("outbox", port, env());
    const { user, token } = await signedInUser();
    script.push(503);
    const sent = await sendSms(token, "917 123 4567");
    expect(sent.status).toBe(200);
    expect(sent.body.data.delivery).toBe("queued");
    const id = sent.body.data.id;

    const row = await until(async () => {
      const r = await db().locationRequest.findUniqueOrThrow({ where: { id } });
      return r.delivery === "sent" && r;
    }, "the retried send");
    expect(row.providerMessageId).toBe("SM00000000000000000000000000000002");
    expect(messages()).toHaveLength(2);
    expect(server.logged("job failed, retrying")).toEqual([
      expect.objectContaining({ kind: "requestMessage", attempt: 1, error: expect.stringMatching(/503/) }),
    ]);
    // Nothing more goes out later.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(messages()).toHaveLength(2);
    expect((await db().job.findUniqueOrThrow({ where: { key: requestMessageJobKey(id) } })).doneAt).not.toBeNull();
    expect(await db().usageSlot.findUnique({ where: { key: `sms:${user.id}` } })).not.toBeNull();
  }, 120_000);

  it("a kill during a send that got no answer: after a restart it is unknown and not sent again", async () => {
    const { token } = await signedInUser();
    script.push(503, "hang");
    const sent = await sendSms(token, "917 765 4321");
    expect(sent.body.data.delivery).toBe("queued");
    const before = messages().length;
    // The retry reaches the provider, which never answers; the server is killed meanwhile.
    await until(() => messages().length === before + 1 && hanging.length > 0, "the hanging retry");
    await server!.stop("SIGKILL");
    expect((await db().locationRequest.findUniqueOrThrow({ where: { id: sent.body.data.id } })).delivery).toBe(
      "sending",
    );
    // The job's lease (PROVIDER_TIMEOUT_MS + 1 minute) is over as far as the restarted server can tell.
    await db().job.update({
      where: { key: requestMessageJobKey(sent.body.data.id) },
      data: { lockedUntil: new Date(Date.now() - 1000) },
    });
    server = await startApp("outbox-restarted", port, env());
    const row = await until(async () => {
      const r = await db().locationRequest.findUniqueOrThrow({ where: { id: sent.body.data.id } });
      return r.delivery === "unknown" && r;
    }, "the interrupted send marked unknown");
    expect(row.deliveryError).toMatch(/may have been delivered/);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(messages()).toHaveLength(before + 1);
  }, 120_000);
});
