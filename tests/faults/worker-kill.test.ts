// kill -9 of a worker with connections queued and requests in flight, against a real server with
// WEB_CONCURRENCY=2 (docs/decisions/041): the killed worker's own connections end (the client sees
// them closed or reset, never a hang), every other connection is answered by the worker that lives,
// connections that arrive while the victim is stopped are not left with it, and a replacement serves
// as soon as it has started (within 3 s of the kill on an idle machine), even when every worker died.
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";

import { afterAll, beforeAll, expect, it } from "vitest";

import { ensureBuild, freePort, startApp, until, type AppProcess, type LogLine } from "../support/app-process";

let server: AppProcess;
let port: number;

beforeAll(async () => {
  await ensureBuild();
  port = await freePort();
  server = await startApp("worker-kill", port, {
    WEB_CONCURRENCY: "2",
    DATABASE_URL: process.env.DATABASE_URL!,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    APP_MODE: "sandbox",
  });
}, 600_000);
afterAll(async () => {
  await server?.stop("SIGKILL");
});

const LISTENING = "Family Locator listening";
const EXITED = "worker exited unexpectedly, starting another";
const at = (line: LogLine) => Date.parse(line.time as string);
/** How long this run's first workers took from their start to listening: the machine's own pace. */
function firstStartMs() {
  const listened = server.lines.filter((l) => l.msg.startsWith(LISTENING)).slice(0, 2);
  return Math.max(...listened.map(at)) - at(server.logged("primary started workers")[0]!);
}
const workerPids = () => server.lines.filter((l) => l.msg.startsWith(LISTENING)).map((l) => l.pid);

/** A raw connection: what the server wrote to it, and when it was closed (or reset). */
function openConnection() {
  const socket: Socket = connect(port, "127.0.0.1");
  const state = { received: "", closedAt: null as number | null, socket };
  socket.on("data", (chunk: Buffer) => (state.received += chunk.toString()));
  socket.on("error", () => undefined);
  socket.on("close", () => (state.closedAt = performance.now()));
  return state;
}
type Connection = ReturnType<typeof openConnection>;

const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n`;
const statuses = (c: Connection) => [...c.received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
/** Which worker answered a connection's first request: its request id, in that worker's log line. */
async function servedBy(c: Connection) {
  const id = /x-request-id: *(\S+)/i.exec(c.received)?.[1];
  return until(
    () => (id ? server.lines.find((l) => l.msg === "request" && l.id === id)?.pid : undefined),
    "the request's log line",
  );
}

/** Which worker answers a new connection (one request, then closed). */
async function answeredBy() {
  const c = openConnection();
  c.socket.write(request("/robots.txt") + "Connection: close\r\n\r\n");
  await until(() => c.closedAt !== null, "the answer");
  return servedBy(c);
}

it("kill -9 of a worker costs only its own requests, leaves nothing hanging, and a replacement serves as soon as it has started", async () => {
  await until(() => workerPids().length === 2, "two workers listening");
  const [first, second] = workerPids() as [number, number];

  // Keep-alive connections, each answered once (so each is known to be with one worker), then with a
  // second request whose headers are not finished: in flight when the worker dies.
  const held: Connection[] = [];
  for (let i = 0; i < 40 && !(held.length >= 4 && new Set(await Promise.all(held.map(servedBy))).size === 2); i++) {
    const c = openConnection();
    c.socket.write(request("/robots.txt") + "\r\n");
    await until(() => statuses(c).length === 1, "the first answer");
    held.push(c);
  }
  const owners = await Promise.all(held.map(servedBy));
  expect(new Set(owners), "connections with both workers").toEqual(new Set([first, second]));
  const victim = first;
  for (const c of held) c.socket.write(request("/robots.txt"));

  // The victim stops (a worker busy or swapped out on a loaded machine), new connections arrive with
  // their requests complete, and it is killed before it ever runs again.
  process.kill(victim, "SIGSTOP");
  await until(() => readFileSync(`/proc/${victim}/stat`, "utf8").split(") ")[1]?.startsWith("T"), "the victim to stop");
  const queued = Array.from({ length: 6 }, () => {
    const c = openConnection();
    c.socket.write(request("/healthz") + "Connection: close\r\n\r\n");
    return c;
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  process.kill(victim, "SIGKILL");

  // The requests in flight on the victim end with their connection (closed or reset, no answer);
  // those on the other worker are answered once their headers are finished.
  const survivors = held.filter((_, i) => owners[i] !== victim);
  for (const c of survivors) c.socket.write("\r\n");
  const ended = (c: Connection) => c.closedAt !== null || statuses(c).length === 2;
  await until(() => [...held, ...queued].every(ended), "every connection to be answered or closed", 5000).catch(
    () => undefined,
  );
  const hanging = [...held, ...queued].filter((c) => !ended(c));
  expect(hanging.length, "connections neither answered nor closed 5 s after the kill").toBe(0);
  held.forEach((c, i) => {
    if (owners[i] === victim) {
      expect(statuses(c), "the victim's request in flight").toEqual([200]);
      expect(c.closedAt, "the victim's connection").not.toBeNull();
    } else expect(statuses(c), "the other worker's request").toEqual([200, 200]);
  });
  // The connections that arrived while the victim was stopped were left to the kernel's queue, not to
  // the victim: the living worker answers each.
  for (const c of queued) expect(statuses(c), c.received).toEqual([200]);

  // The victim (dead soon after its start, so counted as a crash) is replaced after the back-off's
  // first step, and the replacement listens within twice the time this run's first workers took to
  // start (a ratio within the run: the machine may be busy).
  const died = await until(
    () => server.logged(EXITED).find((l) => l.workerPid === victim),
    "the primary to notice the death",
  );
  expect(died).toMatchObject({ signal: "SIGKILL", restartInMs: expect.any(Number) });
  expect(died.restartInMs).toBeLessThanOrEqual(500);
  const replacement = await until(
    () => server.lines.find((l) => l.msg.startsWith(LISTENING) && l.pid !== first && l.pid !== second),
    "a replacement worker",
    15_000,
  );
  expect(at(replacement) - at(died)).toBeLessThan((died.restartInMs as number) + 2 * firstStartMs());
  await until(async () => (await answeredBy()) === replacement.pid, "the replacement to answer a request", 10_000);
  for (const c of [...held, ...queued]) c.socket.destroy();
}, 60_000);

it("when every worker is killed, one serves again within a worker's start, however many died before", async () => {
  const alive = () => workerPids().filter((pid) => server.logged(EXITED).every((l) => l.workerPid !== pid));
  await until(() => alive().length === 2, "two workers listening", 15_000);
  // Each death so far came soon after its worker started: the back-off has grown.
  const before = new Set(workerPids());
  const victims = alive();
  for (const pid of victims) process.kill(pid, "SIGKILL");
  const deaths = await until(() => {
    const lines = server.logged(EXITED).filter((l) => victims.includes(l.workerPid as number));
    return lines.length === 2 && lines;
  }, "the primary to notice both deaths");
  // The death that left no worker serving is replaced after the back-off's first step, not its count.
  const last = deaths[1]!;
  expect(last.restartInMs).toBeLessThanOrEqual(500);
  const back = await until(
    () => server.lines.find((l) => l.msg.startsWith(LISTENING) && !before.has(l.pid)),
    "a worker listening again",
    15_000,
  );
  expect(at(back) - at(last)).toBeLessThan((last.restartInMs as number) + 2 * firstStartMs());
  expect(before.has(await answeredBy()), "answered by a worker started after the kill").toBe(false);
}, 30_000);
