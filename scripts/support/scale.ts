// `npm run bench -- --scale`: does a page cost the same on a large database as on an empty one?
// Two production servers (SQLite by default; PostgreSQL with --postgres=URL, a server whose user may
// create databases) are started side by side: one on a database holding only the demo account and
// what the fixtures make, one on a database seeded with many requests (most of other accounts, a
// share of the demo account's own) and many outbox messages. Each row is then measured on the empty
// server and right after on the large one (latency of answers on a few connections after a warm-up),
// and the large/empty ratio of the median is printed; the target is at most 1.25× (docs/performance.md).
// Figures are printed, never asserted: this is not part of the tests nor of CI.
//
// Options: --requests=N (all requests of the large database; default 1,000,000 on SQLite, 10,000,000 on
// PostgreSQL), --account=N (of them the demo account's, default 100,000), --outbox=N (outbox messages,
// default 100,000), --users=N (the other accounts, default 1,000), --small=N (the empty database's
// requests and messages, so that its pages are full too; default 100), --duration=S and --warmup=S per row
// (default 5 and 3), --connections=N (default 2), --keep (leave both databases for a look).
import { rmSync } from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import pg from "pg";

import { SERVER_ENV, SERVER_NODE_FLAGS, startProcess, type RunningServer } from "./app-server.ts";
import { makeFixtures, type Fixtures } from "./fixtures.ts";
import { steadyLoad } from "./steady-load.ts";

type Options = { args: Map<string, string>; port: number; log: (line?: string) => void; tmp: string };

type Sizes = { requests: number; account: number; outbox: number; users: number };

const DAY_MS = 24 * 3600 * 1000;

/** A page cursor as app/location-requests/list.server.ts writes it (encodeCursor): opaque to clients. */
const cursorOf = (at: number, id: string) => Buffer.from(`o.${at}.${id}`).toString("base64url");

export async function runScale({ args, port, log, tmp }: Options) {
  const postgresUrl = args.get("postgres");
  const number = (name: string, fallback: number) => Math.max(0, Math.floor(Number(args.get(name) ?? fallback)));
  const sizes: Sizes = {
    requests: number("requests", postgresUrl ? 10_000_000 : 1_000_000),
    account: number("account", 100_000),
    outbox: number("outbox", 100_000),
    users: Math.max(1, number("users", 1000)),
  };
  sizes.account = Math.min(sizes.account, sizes.requests);
  const small = Math.max(1, number("small", 100));
  const duration = Number(args.get("duration") ?? 5);
  const warmup = Number(args.get("warmup") ?? 3);
  const connections = Number(args.get("connections") ?? 2);
  const engine = postgresUrl ? "PostgreSQL" : "SQLite";
  log(
    `\nScale (${engine}): an empty database beside one with ${sizes.requests.toLocaleString("en-US")} requests ` +
      `(${sizes.account.toLocaleString("en-US")} of them the measured account's, the rest over ` +
      `${sizes.users.toLocaleString("en-US")} other accounts) and ${sizes.outbox.toLocaleString("en-US")} outbox messages. ` +
      `The empty one holds only a page's worth (--small=${small} requests of the account, ${small} messages).`,
  );

  const databases = postgresUrl
    ? await postgresDatabases(postgresUrl)
    : {
        empty: `file:${path.join(tmp, `scale-empty-${port}.db`)}`,
        large: `file:${path.join(tmp, `scale-large-${port}.db`)}`,
      };
  const removeSqlite = () => {
    if (postgresUrl || args.has("keep")) return;
    for (const url of [databases.empty, databases.large]) {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(url.slice(5) + suffix, { force: true });
    }
  };
  if (!postgresUrl) {
    for (const url of [databases.empty, databases.large]) {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(url.slice(5) + suffix, { force: true });
    }
  }

  const start = (name: string, url: string, serverPort: number) =>
    startProcess({
      name,
      command: process.execPath,
      args: [...SERVER_NODE_FLAGS, path.resolve("build/server.js")],
      port: serverPort,
      readyPath: "/healthz",
      env: {
        ...SERVER_ENV,
        NODE_ENV: "production",
        WEB_CONCURRENCY: "1",
        DATABASE_URL: url,
        PUBLIC_URL: `http://127.0.0.1:${serverPort}`,
        APP_MODE: "demo",
        LOG_FORMAT: "text",
        DEVICE_REPORT_LIMIT_PER_IP: "1000000",
        LOGIN_LIMIT_PER_IP: "1000000",
        LOGIN_LIMIT_PER_ACCOUNT: "1000000",
      },
    });

  const servers: RunningServer[] = [];
  try {
    // Both databases get their schema, the demo account and the fixtures from the app itself.
    const fixtures: Record<"empty" | "large", Fixtures> = {} as never;
    for (const [name, offset] of [
      ["empty", 0],
      ["large", 1],
    ] as const) {
      const server = await start(`scale-${name}`, databases[name], port + offset);
      fixtures[name] = await makeFixtures(server.origin);
      await server.stop();
    }
    // The empty database gets a page's worth of the account's requests and of outbox messages, so that
    // both servers render full pages and the rows compare the cost of the data around them only.
    const pageWorth = { requests: small, account: small, outbox: small, users: 1 };
    if (postgresUrl) await seedPostgres(databases.empty, pageWorth);
    else seedSqlite(databases.empty.slice(5), pageWorth);
    const seeded = Date.now();
    log("Seeding the large database…");
    const deep = postgresUrl ? await seedPostgres(databases.large, sizes) : seedSqlite(databases.large.slice(5), sizes);
    log(`Seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s.\n`);

    const empty = await start("scale-empty", databases.empty, port);
    servers.push(empty);
    const large = await start("scale-large", databases.large, port + 1);
    servers.push(large);
    // Each server runs its first maintenance sweep at start: let it finish before measuring.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    // Only one login kept per database: the fixtures' sessions are still valid after the restart.
    const emptyDeep = cursorOf(Date.now() + DAY_MS, "zzzzzzzz");
    const rows: [string, (origin: string, f: Fixtures, deepCursor: string) => [string, Record<string, string>]][] = [
      ["home `/`", (o) => [`${o}/`, {}]],
      ["consent page `/{code}`", (o, f) => [`${o}/${f.code}`, {}]],
      ["API list, page 1", (o, f) => [`${o}/api/v1/locate/requests?pageSize=20`, f.apiHeaders]],
      [
        "API list, deep page by cursor",
        (o, f, c) => [`${o}/api/v1/locate/requests?pageSize=20&cursor=${c}`, f.apiHeaders],
      ],
      ["dashboard history", (o, f) => [`${o}/dashboard/?tab=history`, { Cookie: f.cookie }]],
      ["dashboard live poll", (o, f) => [`${o}/dashboard/live`, { Cookie: f.cookie }]],
      ["outbox page", (o) => [`${o}/dev/outbox`, {}]],
    ];
    const results: string[][] = [];
    let worst = 0;
    for (const [name, target] of rows) {
      const measure = async (server: RunningServer, f: Fixtures, cursor: string) => {
        const [url, headers] = target(server.origin, f, cursor);
        const check = await fetch(url, { headers });
        if (check.status !== 200) throw new Error(`${name} on ${server.name}: HTTP ${check.status}`);
        return steadyLoad({ url, headers, connections, warmupSeconds: warmup, durationSeconds: duration });
      };
      const a = await measure(empty, fixtures.empty, emptyDeep);
      const b = await measure(large, fixtures.large, deep);
      const ratio = b.p50 / a.p50;
      worst = Math.max(worst, ratio);
      results.push([
        name,
        `${a.p50.toFixed(2)} ms`,
        `${b.p50.toFixed(2)} ms`,
        `${ratio.toFixed(2)}×`,
        `${Math.round(a.requestsPerSecond)} / ${Math.round(b.requestsPerSecond)}`,
        String(a.errors + b.errors),
      ]);
    }
    log(
      `Median latency per row (${connections} connections, ${warmup} s warm-up, ${duration} s measured; the empty database first, then the large one):\n`,
    );
    table(log, ["", "empty", "large", "large / empty", "requests/s empty / large", "errors"], results);
    log(`\nWorst ratio: ${worst.toFixed(2)}× (target: at most 1.25×).`);
  } finally {
    for (const server of servers) await server.stop();
    if (postgresUrl && !args.has("keep")) await dropPostgres(postgresUrl, databases);
    if (args.has("keep")) log(`Databases kept (--keep): ${databases.empty} ${databases.large}`);
    removeSqlite();
  }
}

// ---- seeding ---------------------------------------------------------------------------------------
// One INSERT … SELECT per table over a generated sequence (a recursive CTE on SQLite, generate_series
// on PostgreSQL): the database writes the rows itself, a million in seconds. Every row is younger than
// the retention periods, so the maintenance sweep at start has nothing to rewrite.

/** The requests' columns as computed from the sequence number `i` (SQL on both engines). */
function requestColumns(account: number, users: number, time: (ms: string) => string, pad7: (sql: string) => string) {
  // The measured account's requests first (i < account), the others spread over the other accounts.
  const owner = `CASE WHEN i < ${account} THEN (SELECT "id" FROM "User" WHERE "email" = 'demo@example.com') ELSE 'scale-user-' || ((i % ${users})) END`;
  // Newest of all at now - 1 min, one second apart per account's row, within 20 days.
  const age = `(60000 + (i % 1700000) * 1000)`;
  return `'scale-req-' || i, ${owner},
    CASE i % 3 WHEN 0 THEN 'sms' WHEN 1 THEN 'email' ELSE 'link' END,
    CASE i % 3 WHEN 0 THEN '+63917' || (1000000 + i % 8999999) WHEN 1 THEN 'r' || i || '@example.com' ELSE NULL END,
    'Ana', 'en', 'S' || ${pad7("i")},
    CASE i % 4 WHEN 0 THEN 'pending' WHEN 1 THEN 'ip_located' ELSE 'gps_tracked' END,
    CASE i % 3 WHEN 2 THEN 'link' ELSE 'sent' END,
    CASE WHEN i % 4 = 0 THEN NULL ELSE 14.6 END, CASE WHEN i % 4 = 0 THEN NULL ELSE 121.0 END,
    CASE WHEN i % 4 = 0 THEN NULL ELSE 25.0 END, CASE WHEN i % 4 = 0 THEN NULL ELSE 'Quezon City, PH' END,
    CASE WHEN i % 4 = 0 THEN NULL ELSE ${time(age)} END,
    ${time(age)}, ${time(age)}`;
}
const REQUEST_INSERT = `INSERT INTO "LocationRequest" ("id", "userId", "channel", "target", "requesterName", "locale",
  "code", "status", "delivery", "latitude", "longitude", "accuracyMeters", "address", "locatedAt", "createdAt", "updatedAt")`;

function seedSqlite(file: string, sizes: Sizes) {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const now = Date.now();
  // Dates as the Prisma adapter writes them (ISO 8601 with +00:00).
  const time = (ms: string) => `strftime('%Y-%m-%dT%H:%M:%f+00:00', (${now} - ${ms}) / 1000.0, 'unixepoch')`;
  const seq = (n: number) => `WITH RECURSIVE s(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM s WHERE i + 1 < ${n})`;
  db.transaction(() => {
    db.exec(`${seq(sizes.users)} INSERT INTO "User" ("id", "email", "passwordHash", "createdAt", "updatedAt")
      SELECT 'scale-user-' || i, 'scale' || i || '@example.com', 'x', ${time("0")}, ${time("0")} FROM s`);
    if (sizes.requests > 0) {
      db.exec(
        `${seq(sizes.requests)} ${REQUEST_INSERT} SELECT ${requestColumns(sizes.account, sizes.users, time, (v) => `substr('0000000' || ${v}, -7, 7)`)} FROM s`,
      );
    }
    if (sizes.outbox > 0) {
      db.exec(`${seq(sizes.outbox)} INSERT INTO "OutboxMessage" ("id", "channel", "to", "text", "createdAt")
        SELECT 'scale-out-' || i, 'sms', '+63917' || (1000000 + i % 8999999), 'Your code', ${time("(60000 + i * 1000)")} FROM s`);
    }
  })();
  db.exec("ANALYZE");
  const deep = deepRow(db.prepare.bind(db), sizes);
  db.close();
  return deep;
}

/** A cursor nine tenths down the measured account's history. */
function deepRow(prepare: (sql: string) => { get(...values: unknown[]): unknown }, sizes: Sizes) {
  const row = prepare(
    `SELECT "id", "createdAt" FROM "LocationRequest" WHERE "userId" = (SELECT "id" FROM "User" WHERE "email" = 'demo@example.com')
     ORDER BY "createdAt" DESC, "id" DESC LIMIT 1 OFFSET ?`,
  ).get(Math.floor(sizes.account * 0.9)) as { id: string; createdAt: string } | undefined;
  return row ? cursorOf(new Date(row.createdAt).getTime(), row.id) : cursorOf(0, "a");
}

async function postgresDatabases(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const names = { empty: "family_locator_scale_empty", large: "family_locator_scale_large" };
  for (const name of Object.values(names)) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const at = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return u.toString();
  };
  return { empty: at(names.empty), large: at(names.large) };
}

async function dropPostgres(url: string, databases: { empty: string; large: string }) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const db of Object.values(databases)) {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(db).pathname.slice(1)} WITH (FORCE)`).catch(() => undefined);
  }
  await admin.end();
}

async function seedPostgres(url: string, sizes: Sizes) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const time = (ms: string) => `(now() AT TIME ZONE 'UTC') - (${ms}) * interval '1 millisecond'`;
  const seq = (n: number) => `FROM generate_series(0, ${n - 1}) AS s(i)`;
  await client.query(`INSERT INTO "User" ("id", "email", "passwordHash", "createdAt", "updatedAt")
    SELECT 'scale-user-' || i, 'scale' || i || '@example.com', 'x', now(), now() ${seq(sizes.users)}`);
  // In slices, so that one statement's transition table (the version trigger) stays small.
  const slice = 1_000_000;
  for (let from = 0; from < sizes.requests; from += slice) {
    const to = Math.min(sizes.requests, from + slice) - 1;
    await client.query(
      `${REQUEST_INSERT} SELECT ${requestColumns(sizes.account, sizes.users, time, (v) => `lpad(${v}::text, 7, '0')`)} FROM generate_series(${from}, ${to}) AS s(i)`,
    );
  }
  if (sizes.outbox > 0) {
    await client.query(`INSERT INTO "OutboxMessage" ("id", "channel", "to", "text", "createdAt")
      SELECT 'scale-out-' || i, 'sms', '+63917' || (1000000 + i % 8999999), 'Your code', ${time("(60000 + i * 1000)")} ${seq(sizes.outbox)}`);
  }
  await client.query("ANALYZE");
  const found = await client.query(
    `SELECT "id", "createdAt" FROM "LocationRequest" WHERE "userId" = (SELECT "id" FROM "User" WHERE "email" = 'demo@example.com')
     ORDER BY "createdAt" DESC, "id" DESC LIMIT 1 OFFSET $1`,
    [Math.floor(sizes.account * 0.9)],
  );
  await client.end();
  const row = found.rows[0] as { id: string; createdAt: Date } | undefined;
  // node-postgres reads a timestamp without time zone as local time; the app stores UTC.
  return row
    ? cursorOf(row.createdAt.getTime() - row.createdAt.getTimezoneOffset() * 60_000, row.id)
    : cursorOf(0, "a");
}

function table(log: (line?: string) => void, head: string[], body: string[][]) {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  log(line(head));
  log(`|${widths.map((w, i) => (i < 1 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const row of body) log(line(row));
}
