// One PostgreSQL table locked by another session, against a real server (docs/decisions/041): thirty
// requests that need the table wait at most DATABASE_LOCK_TIMEOUT_MS each and answer 503, holding at
// most their route's share of the pool meanwhile, so requests of other routes keep the latency they
// have in the same run without the lock (compared as a ratio), and /readyz says ready within 2 s.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";

import { ensureBuild, freePort, startApp, type AppProcess } from "../support/app-process";
import { signedInUser } from "../support/factories";

const onPostgres = process.env.TEST_DB === "postgres";
const SHARES = 30;

let server: AppProcess;
let users: Array<{ id: string; token: string }>;

beforeAll(async () => {
  if (!onPostgres) return;
  await ensureBuild();
  users = [];
  for (let i = 0; i < SHARES + 1; i++) {
    const { user, token } = await signedInUser();
    users.push({ id: user.id, token });
  }
  const port = await freePort();
  server = await startApp("postgres-lock", port, {
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_MODE: "sandbox",
    DATABASE_POOL_SIZE: "10",
    DATABASE_LOCK_TIMEOUT_MS: "1000",
    DATABASE_CONNECT_TIMEOUT_MS: "3000",
  });
}, 600_000);

afterAll(async () => {
  await server?.stop("SIGKILL");
});

/** Whether fetch failed because the server had closed an idle keep-alive connection as it was reused. */
const reusedClosed = (error: unknown) =>
  (error as { cause?: { code?: string; socket?: { bytesRead?: number } } }).cause?.code === "UND_ERR_SOCKET" &&
  (error as { cause: { socket?: { bytesRead?: number } } }).cause.socket?.bytesRead === 0;

async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const send = () => fetch(`${server.origin}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  // A read sent on a pooled connection the server closed for idleness at that very moment is sent
  // again, as a browser does; a write never is.
  const response = await send().catch((error: unknown) => {
    if ((init.method ?? "GET") === "GET" && reusedClosed(error)) return send();
    throw error;
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}
const api = (token: string, path: string, init: RequestInit = {}) =>
  timed(path, {
    ...init,
    headers: {
      APP: "fault-test",
      Authorization: `Bearer ${token}`,
      "Content-Type": "application/json",
      ...init.headers,
    },
  });
const createLink = (token: string) =>
  api(token, "/api/v1/locate/createLink", {
    method: "POST",
    body: JSON.stringify({ requesterName: "Ana", title: "Dad" }),
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Another route's answers, one after another, until `done` settles: their times. */
async function otherRoute(done: Promise<unknown>) {
  const times: number[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished || times.length < 5) {
    const info = await api(users[SHARES]!.token, "/api/v1/personnal/subscribe/info");
    expect(info.status).toBe(200);
    times.push(info.ms);
  }
  return times;
}

describe.runIf(onPostgres)("a PostgreSQL table locked by another session", () => {
  it("requests that need it answer 503 after the lock wait; other routes keep their latency", async () => {
    const baseline = await otherRoute(new Promise((resolve) => setTimeout(resolve, 1000)));

    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(`LOCK TABLE "LocationRequest" IN ACCESS EXCLUSIVE MODE`);
      const shares = Promise.all(users.slice(0, SHARES).map((user) => createLink(user.token)));
      const [answers, held, ready] = await Promise.all([
        shares,
        otherRoute(shares),
        new Promise((resolve) => setTimeout(resolve, 500)).then(() => timed("/readyz")),
      ]);
      for (const answer of answers) expect(answer.status, answer.text).toBe(503);
      expect(median(held) / median(baseline), `baseline ${baseline.join()}\nheld ${held.join()}`).toBeLessThan(2);
      expect(ready.ms).toBeLessThan(2000);
      expect(ready.text).toBe("ready");
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await holder.end();
    }
    for (const user of users.slice(0, SHARES))
      expect(await db().locationRequest.count({ where: { userId: user.id } })).toBe(0);
    expect((await createLink(users[0]!.token)).status).toBe(200);
  }, 120_000);
});
