// A stop with keep-alive clients, against a real server (docs/decisions/041): from SIGTERM the idle
// keep-alive connections are closed at once, the request in flight is answered (and stored) with
// `Connection: close`, a request the client sends after it on the same connection is not processed,
// and new connections are refused; the process then exits 0.
import { connect, type Socket } from "node:net";

import { beforeAll, expect, it } from "vitest";

import { db } from "~/db/db.server";

import { ensureBuild, freePort, startApp, type AppProcess } from "../support/app-process";
import { signedInUser } from "../support/factories";

let server: AppProcess;
let port: number;

beforeAll(async () => {
  await ensureBuild();
  port = await freePort();
  server = await startApp("shutdown", port, {
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_MODE: "sandbox",
    SHUTDOWN_TIMEOUT_SECONDS: "10",
  });
}, 600_000);

/** A raw connection: what the server writes to it, and when it closed it. */
async function openConnection() {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const state = { received: "", closedAt: null as number | null, socket };
  socket.on("data", (chunk: Buffer) => (state.received += chunk.toString()));
  socket.on("error", () => undefined);
  socket.on("close", () => (state.closedAt = performance.now()));
  return state;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(20);
  }
}

const host = () => `127.0.0.1:${port}`;
const healthz = () => `GET /healthz HTTP/1.1\r\nHost: ${host()}\r\nConnection: keep-alive\r\n\r\n`;
const linkBody = JSON.stringify({ requesterName: "Ana", title: "Dad" });
const linkHead = (token: string) =>
  `POST /api/v1/locate/createLink HTTP/1.1\r\nHost: ${host()}\r\nConnection: keep-alive\r\nAPP: fault-test\r\n` +
  `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(linkBody)}\r\n\r\n`;

/** The HTTP answers in what a connection received, with their status and headers (lower-cased). */
function answers(received: string) {
  return [...received.matchAll(/HTTP\/1\.1 (\d{3})[^\r]*\r\n((?:[^\r]+\r\n)*)\r\n/g)].map((m) => ({
    status: Number(m[1]),
    headers: Object.fromEntries(
      m[2]!
        .trim()
        .split("\r\n")
        .map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
    ),
  }));
}

it("SIGTERM: idle keep-alive connections close at once, the request in flight ends with Connection: close, a later one is not processed", async () => {
  const inFlightUser = await signedInUser();
  const laterUser = await signedInUser();

  // An idle keep-alive connection, and one whose second request is in flight (its body not sent yet).
  const idle = await openConnection();
  idle.socket.write(healthz());
  const busy = await openConnection();
  busy.socket.write(healthz());
  await until(() => answers(idle.received).length === 1 && answers(busy.received).length === 1, "the first answers");
  expect(answers(idle.received)[0]!.headers.connection).toBe("keep-alive");
  busy.socket.write(linkHead(inFlightUser.token));
  await wait(300);

  const exited = server.stop("SIGTERM");
  const signalledAt = performance.now();
  // The idle connection is closed without waiting for the request in flight.
  await until(() => idle.closedAt !== null, "the idle connection to close", 3000);
  expect(busy.closedAt, JSON.stringify(busy.received)).toBeNull();

  // The request in flight finishes (its body arrives after the signal) and is answered with
  // Connection: close; the client's next request on that connection is not processed.
  busy.socket.write(linkBody);
  busy.socket.write(linkHead(laterUser.token) + linkBody);
  await until(() => busy.closedAt !== null, "the busy connection to close");
  const [, inFlight, later] = answers(busy.received);
  expect(inFlight, busy.received).toMatchObject({ status: 200, headers: { connection: "close" } });
  expect(later === undefined || later.status === 503, busy.received).toBe(true);
  expect(await db().locationRequest.count({ where: { userId: inFlightUser.user.id } })).toBe(1);
  expect(await db().locationRequest.count({ where: { userId: laterUser.user.id } })).toBe(0);
  // The idle connection was closed long before the busy one ended.
  expect(idle.closedAt! - signalledAt).toBeLessThan(busy.closedAt! - signalledAt);

  // No new connection is taken.
  await expect(openConnection()).rejects.toThrow(/ECONNREFUSED/);
  expect(await exited).toBe(0);
}, 60_000);
