// A slow e-mail provider against a real server (docs/decisions/035 and 041): SendGrid's stand-in takes
// every message and answers 202, but only after the server's PROVIDER_TIMEOUT_MS. Each recipient's
// e-mail is sent exactly once (the stand-in counts what it was given): the server stops waiting, marks
// the message unknown (no answer in time) and never sends it again, though a retry is due
// after MESSAGE_RETRY_SECONDS. Meanwhile the server's other pages keep the latency they have in the
// same run without the slow sends (compared as a ratio).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";

import { startFake } from "../fakes/http";
import { sendgridEnv } from "../fakes/sendgrid";
import { ensureBuild, freePort, startApp, until, type AppProcess } from "../support/app-process";
import { signedInUser } from "../support/factories";

const PROVIDER_TIMEOUT_MS = 1500;
/** E-mails sent at once, each holding one of the server's provider calls open. */
const EMAILS = 6;

let fake: Awaited<ReturnType<typeof startFake>>;
let server: AppProcess;
/** One account per e-mail: an account may send one request every three hours. */
let tokens: string[];

beforeAll(async () => {
  await ensureBuild();
  // Accepted (202) after the timeout: SendGrid had the message, the server heard nothing in time.
  fake = await startFake((req, res) => {
    if (req.method !== "POST" || req.url !== "/v3/mail/send") return void res.writeHead(404).end("{}");
    setTimeout(() => res.writeHead(202, { "X-Message-Id": `slow-${fake.requests.length}` }).end(), 2500);
  });
  tokens = [];
  for (let i = 0; i < EMAILS; i++) tokens.push((await signedInUser()).token);
  const port = await freePort();
  server = await startApp("slow-sendgrid", port, {
    ...sendgridEnv(fake.origin),
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_MODE: "sandbox",
    PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    MESSAGE_RETRY_SECONDS: "1",
  });
}, 600_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
  await fake?.close();
});

/** Deliveries the stand-in was given for one address. */
const deliveriesTo = (address: string) =>
  fake.requests.filter((r) => r.url === "/v3/mail/send" && r.body.includes(`"${address}"`)).length;

async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${server.origin}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

const sendEmail = (token: string, email: string) =>
  timed("/api/v1/locate/sendEmail", {
    method: "POST",
    headers: { APP: "fault-test", Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ requesterName: "Ana", email }),
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Other pages (the home page, an API read), one after another, until `done` settles: their times. */
async function otherPages(done: Promise<unknown>) {
  const times: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished || times.length < 6) {
    for (const path of ["/", "/robots.txt"]) {
      const page = await timed(path);
      expect(page.status).toBe(200);
      times.push(page.ms);
    }
  }
  return times;
}

describe("SendGrid answering after the provider timeout", () => {
  it("each e-mail goes out exactly once, and other pages keep their latency", async () => {
    const baseline = await otherPages(new Promise((resolve) => setTimeout(resolve, 1500)));

    const addresses = Array.from({ length: EMAILS }, (_, i) => `slow-${i}-${Date.now()}@example.com`);
    const ids: string[] = [];
    const sends = (async () => {
      for (const [i, address] of addresses.entries()) {
        const sent = await sendEmail(tokens[i]!, address);
        expect(sent.status, sent.text).toBe(200);
        ids.push((JSON.parse(sent.text) as { data: { id: string } }).data.id);
      }
      // Until every message has reached the stand-in and met the timeout.
      await until(() => addresses.every((address) => deliveriesTo(address) > 0), "every message sent", 30_000);
      await new Promise((resolve) => setTimeout(resolve, PROVIDER_TIMEOUT_MS + 500));
    })();
    // A failed send ends the page loop too; its error is the one reported.
    const during = await otherPages(sends.catch(() => undefined));
    await sends;

    expect(median(during) / median(baseline), `baseline ${baseline.join()}\nduring ${during.join()}`).toBeLessThan(2);
    // The retry interval (1 s) passes several times over: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    for (const address of addresses) expect(deliveriesTo(address), address).toBe(1);
    const rows = await db().locationRequest.findMany({ where: { id: { in: ids } } });
    for (const row of rows) {
      expect(row.delivery).toBe("unknown");
      expect(row.deliveryError).toMatch(/no answer within 1500 ms/);
    }
    expect(server.logged("job ended without an answer, not repeated")).toHaveLength(EMAILS);
  }, 120_000);
});
