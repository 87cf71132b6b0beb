// Writes a new migration for both databases from the change to prisma/schema.prisma since the last
// migration: `npm run db:migration -- add_something`. dbmate applies the files (app/server/migrate.server.ts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { postgresSchema } from "./db-generate-lib.ts";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_");
if (!name) {
  console.error("usage: npm run db:migration -- <name>");
  process.exit(2);
}
const snapshotPath = "prisma/migrations/schema.snapshot.prisma";
const current = readFileSync("prisma/schema.prisma", "utf8");
const previous = existsSync(snapshotPath) ? readFileSync(snapshotPath, "utf8") : null;
const tmp = mkdtempSync(path.join(tmpdir(), "migration-"));
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);

for (const [provider, toSchema] of [
  ["sqlite", (s: string) => s],
  ["postgres", postgresSchema],
] as const) {
  const to = path.join(tmp, `${provider}-new.prisma`);
  writeFileSync(to, toSchema(current));
  const from = ["--from-empty"];
  if (previous) {
    const old = path.join(tmp, `${provider}-old.prisma`);
    writeFileSync(old, toSchema(previous));
    from.splice(0, 1, "--from-schema-datamodel", old);
  }
  const sql = execFileSync(
    process.execPath,
    ["node_modules/prisma/build/index.js", "migrate", "diff", ...from, "--to-schema-datamodel", to, "--script"],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      // Without a URL to read, the CLI falls back to downloading an engine.
      env: { ...process.env, DATABASE_URL: `file:${path.join(tmp, "diff.db")}` },
    },
  );
  const file = `prisma/migrations/${provider}/${stamp}_${name}.sql`;
  writeFileSync(file, `-- migrate:up\n${sql.trim()}\n\n-- migrate:down\n`);
  console.log(`wrote ${file}`);
}
writeFileSync(snapshotPath, current);
