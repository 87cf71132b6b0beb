// The cost of following live shares (docs/decisions/049), for `npm run bench`:
//   1. `views` requesters each watch their own precise live share on the request's page, as the page's
//      script does: GET /dashboard/live every LIVE_FOLLOW_INTERVAL_MS, and the page's data again when the
//      version moved. Each share gets a new position every 10 s (spread evenly: `views` / 10 updates a
//      second) from its recipient's page, as the page's live script sends it: POST /share/live/update
//      with the share's secret, through the same worker. Measured: the updates', the polls' and the
//      reloads' latency, the time from an update's answer to the view holding it, and the server's CPU
//      for `views` shares updating and followed at once.
//   2. The page's answer time with 1 and with LIVE_TRAIL_MAX positions in the trail (it reads the newest
//      VIEW_TRAIL_MAX by key, so it should not grow).
//   3. What each check costs the server on its own: the poll's HTTP round (the session, the version) and
//      the bare version read that a Server-Sent Events stream would make per check instead.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

import Database from "better-sqlite3";

import { LIVE_FOLLOW_INTERVAL_MS } from "../../app/components/dashboard/live-follow.ts";
import { LIVE_TRAIL_MAX } from "../../app/location-requests/live-limits.ts";
import { childPids } from "./app-server.ts";
import { table } from "./bench-output.ts";
import { percentile } from "./steady-load.ts";

const UPDATE_EVERY_MS = 10_000;
const sqliteDate = (date: Date) => date.toISOString().replace(/Z$/, "+00:00");

type View = { cookie: string; requestId: string; code: string; secret: string; known: string; waitingSince: number[] };

/** User, session, subscription and a live, precisely shared link request for each view, in one transaction. */
function seed(db: Database.Database, views: number, trail: number) {
  const now = sqliteDate(new Date());
  const until = sqliteDate(new Date(Date.now() + 8 * 3600_000));
  const valid = sqliteDate(new Date(Date.now() + 30 * 86400_000));
  const made: { cookie: string; requestId: string; code: string; secret: string }[] = [];
  db.transaction(() => {
    for (let i = 0; i < views; i += 1) {
      const userId = randomUUID();
      const token = randomBytes(32).toString("base64url");
      const requestId = `live${randomUUID().replace(/-/g, "")}`;
      db.prepare(
        `INSERT INTO "User" (id, email, passwordHash, name, locale, emailVerifiedAt, passwordChosenAt, createdAt, updatedAt)
         VALUES (?, ?, 'x', 'Bench', 'en', ?, ?, ?, ?)`,
      ).run(userId, `live-${userId}@example.com`, now, now, now, now);
      db.prepare(
        `INSERT INTO "Subscription" (id, userId, state, validUntil, createdAt, updatedAt) VALUES (?, ?, 'active', ?, ?, ?)`,
      ).run(randomUUID(), userId, valid, now, now);
      db.prepare(`INSERT INTO "Session" (id, tokenHash, userId, expiresAt, createdAt) VALUES (?, ?, ?, ?, ?)`).run(
        randomUUID(),
        createHash("sha256").update(token).digest("hex"),
        userId,
        valid,
        now,
      );
      // The secret the recipient's page got when it started the share; only its hash is stored.
      const secret = randomBytes(32).toString("base64url");
      // A link code as the app makes them: eight letters and digits.
      const code = `B${randomBytes(12)
        .toString("base64")
        .replace(/[^A-Za-z0-9]/g, "")
        .slice(0, 7)
        .padEnd(7, "x")}`;
      // Located a minute ago: the first update is due at once.
      const located = sqliteDate(new Date(Date.now() - 60_000));
      db.prepare(
        `INSERT INTO "LocationRequest" (id, userId, channel, requesterName, locale, code, status, delivery, latitude,
         longitude, accuracyMeters, address, openedAt, locatedAt, liveUntil, liveSecretHash, createdAt, updatedAt)
         VALUES (?, ?, 'link', 'Ana', 'en', ?, 'gps_tracked', 'link', 14.6, 121.0, 10, 'Quezon City, PH', ?, ?, ?, ?, ?, ?)`,
      ).run(requestId, userId, code, now, located, until, createHash("sha256").update(secret).digest("hex"), now, now);
      for (let p = 0; p < trail; p += 1) {
        db.prepare(
          `INSERT INTO "LivePosition" (requestId, latitude, longitude, accuracyMeters, recordedAt) VALUES (?, ?, ?, 10, ?)`,
        ).run(requestId, 14.6 + p / 10_000, 121 + p / 10_000, now);
      }
      made.push({ cookie: `token=${token}`, requestId, code, secret });
    }
  })();
  return made;
}

/** One new position of a share, sent as the recipient's page sends it (about 111 m from the last). */
async function update(origin: string, view: { code: string; secret: string }, step: number) {
  const started = performance.now();
  const response = await fetch(`${origin}/share/live/update?c=${encodeURIComponent(view.code)}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({
      secret: view.secret,
      latitude: String(14.6 + step / 1000),
      longitude: String(121 + step / 1000),
      accuracy: "10",
    }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

/** CPU seconds (user + system) the process `pid` and the processes it started have used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const own = (Number(fields[11]) + Number(fields[12])) / 100;
  return own + childPids(pid).reduce((sum, child) => sum + cpuSeconds(child), 0);
}

/** The page's data as the browser's revalidation asks for it (Remix's single fetch). */
const dataUrl = (origin: string, requestId: string) =>
  `${origin}/dashboard.data?tab=records&id=${encodeURIComponent(requestId)}`;

async function timed(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie, Accept: "application/json" } });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

export async function liveFollowRows(options: {
  origin: string;
  dbFile: string;
  serverPid: number;
  views: number;
  seconds: number;
  log: (line?: string) => void;
}) {
  const { origin, views, seconds, log } = options;
  const db = new Database(options.dbFile);
  db.pragma("busy_timeout = 10000");
  const seeded = seed(db, views, 10);
  const list: View[] = seeded.map((s) => ({ ...s, known: "", waitingSince: [] }));
  const polls: number[] = [];
  const updates: number[] = [];
  let refused = 0;
  const reloads: number[] = [];
  const followed: number[] = [];
  let errors = 0;
  let stop = false;
  const warmupUntil = performance.now() + 5_000;

  // Each view's loop, started at a random phase as real pages would be.
  const loops = list.map(async (view) => {
    await new Promise((r) => setTimeout(r, Math.random() * LIVE_FOLLOW_INTERVAL_MS));
    while (!stop) {
      const poll = await timed(`${origin}/dashboard/live`, view.cookie).catch(() => null);
      if (!poll || poll.status !== 200) errors += 1;
      else {
        const measuring = performance.now() > warmupUntil;
        if (measuring) polls.push(poll.ms);
        const { version } = JSON.parse(poll.body) as { version: string };
        if (version !== view.known) {
          view.known = version;
          const reload = await timed(dataUrl(origin, view.requestId), view.cookie).catch(() => null);
          if (!reload || reload.status !== 200) errors += 1;
          else if (measuring) {
            reloads.push(reload.ms);
            const done = performance.now();
            for (const at of view.waitingSince) followed.push(done - at);
          }
          view.waitingSince = [];
        }
      }
      await new Promise((r) => setTimeout(r, LIVE_FOLLOW_INTERVAL_MS));
    }
  });

  // The updates: every share once per UPDATE_EVERY_MS, spread evenly, each moving its share on.
  let step = 0;
  const steps = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const writer = setInterval(() => {
    const view = list[step % list.length]!;
    const next = (steps.get(view.requestId) ?? 0) + 1;
    steps.set(view.requestId, next);
    step += 1;
    const sent = update(origin, view, next)
      .then((result) => {
        if (result.status !== 204) refused += 1;
        else {
          if (performance.now() > warmupUntil) updates.push(result.ms);
          view.waitingSince.push(performance.now());
        }
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  }, UPDATE_EVERY_MS / list.length);

  await new Promise((r) => setTimeout(r, 5_000));
  const cpuBefore = cpuSeconds(options.serverPid);
  const started = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const cpu = cpuSeconds(options.serverPid) - cpuBefore;
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(writer);
  stop = true;
  await Promise.all([...loops, ...inFlight]);

  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const p = (values: number[], q: number) => `${Math.round(percentile(sorted(values), q))} ms`;
  log(
    `\nLive shares on one worker: ${views} recipients' pages each sending a position every ${UPDATE_EVERY_MS / 1000} s (${(views / (UPDATE_EVERY_MS / 1000)).toFixed(0)} updates/s), ${views} requesters' views each checking every ${LIVE_FOLLOW_INTERVAL_MS / 1000} s, ${seconds} s measured:\n`,
  );
  table(
    ["", "count", "per second", "p50", "p99"],
    [
      [
        "update `POST /share/live/update`",
        String(updates.length),
        (updates.length / elapsed).toFixed(0),
        p(updates, 0.5),
        p(updates, 0.99),
      ],
      [
        "check `GET /dashboard/live`",
        String(polls.length),
        (polls.length / elapsed).toFixed(0),
        p(polls, 0.5),
        p(polls, 0.99),
      ],
      [
        "reload of the page's data",
        String(reloads.length),
        (reloads.length / elapsed).toFixed(0),
        p(reloads, 0.5),
        p(reloads, 0.99),
      ],
      ["update stored → on the view", String(followed.length), "", p(followed, 0.5), p(followed, 0.99)],
    ],
  );
  log(
    `\nServer CPU: ${((cpu / elapsed) * 100).toFixed(0)} % of one core for ${views} live shares updating and followed (${((cpu / elapsed / views) * 1000).toFixed(2)} ms of CPU per share per second); updates refused: ${refused}; errors: ${errors}.`,
  );

  // 2. The page with 1 and with LIVE_TRAIL_MAX positions stored.
  const [short] = seed(db, 1, 1);
  const [long] = seed(db, 1, LIVE_TRAIL_MAX);
  const answerTimes = async (view: { cookie: string; requestId: string }) => {
    const times: number[] = [];
    for (let i = 0; i < 300; i += 1) times.push((await timed(dataUrl(origin, view.requestId), view.cookie)).ms);
    return times.slice(50);
  };
  let cpuBeforeRuns = cpuSeconds(options.serverPid);
  const one = await answerTimes(short!);
  const oneCpu = ((cpuSeconds(options.serverPid) - cpuBeforeRuns) / 300) * 1e3;
  cpuBeforeRuns = cpuSeconds(options.serverPid);
  const hundred = await answerTimes(long!);
  const hundredCpu = ((cpuSeconds(options.serverPid) - cpuBeforeRuns) / 300) * 1e3;
  log("\nThe page's data of one live share, by trail length (250 sequential answers each, after 50 warm-up):\n");
  table(
    ["trail stored", "p50", "p99", "server CPU per answer"],
    [
      ["1 position", p(one, 0.5), p(one, 0.99), `${oneCpu.toFixed(1)} ms`],
      [`${LIVE_TRAIL_MAX} positions`, p(hundred, 0.5), p(hundred, 0.99), `${hundredCpu.toFixed(1)} ms`],
    ],
  );

  // 3. One check's server cost alone: the poll's HTTP round, against the version read an SSE stream would repeat.
  const cpuOf = async (run: () => Promise<unknown>, count: number) => {
    const before = cpuSeconds(options.serverPid);
    for (let i = 0; i < count; i += 1) await run();
    return ((cpuSeconds(options.serverPid) - before) / count) * 1e6;
  };
  const pollCpu = await cpuOf(() => timed(`${origin}/dashboard/live`, list[0]!.cookie), 2000);
  const userId = (
    db.prepare(`SELECT userId FROM "LocationRequest" WHERE id = ?`).get(list[0]!.requestId) as {
      userId: string;
    }
  ).userId;
  const read = db.prepare(
    `SELECT "requestsVersion", "requestsChangedAtMs", "requestCreatedAtMs" FROM "User" WHERE id = ?`,
  );
  const readStarted = process.cpuUsage();
  for (let i = 0; i < 20_000; i += 1) read.get(userId);
  const readUsage = process.cpuUsage(readStarted);
  const readCpu = (readUsage.user + readUsage.system) / 20_000;
  log(
    `\nOne check's server CPU: the poll (an HTTP request: session, version read, JSON) ${pollCpu.toFixed(0)} µs; the version read alone, which an SSE stream would repeat per check per open view, ${readCpu.toFixed(1)} µs (measured in the bench process with the same SQLite driver, without Prisma).`,
  );
  db.close();
}
