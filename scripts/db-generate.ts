// Writes the PostgreSQL copy of the one model definition and generates both clients.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

import { postgresSchema, wasmReadOnce } from "./db-generate-lib.ts";

const source = readFileSync("prisma/schema.prisma", "utf8");
mkdirSync("prisma/postgres", { recursive: true });
writeFileSync(
  "prisma/postgres/schema.prisma",
  "// Generated from prisma/schema.prisma by `npm run db:generate`: do not edit.\n" + postgresSchema(source),
);
for (const schema of ["prisma/schema.prisma", "prisma/postgres/schema.prisma"]) {
  execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate", "--no-hints", "--schema", schema], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? "file:./data/app.db" },
  });
}
for (const client of ["app/generated/prisma-sqlite", "app/generated/prisma-postgres"]) {
  const file = `${client}/internal/class.ts`;
  const rewritten = wasmReadOnce(readFileSync(file, "utf8"));
  if (rewritten) writeFileSync(file, rewritten);
  else console.warn(`${file}: the query compiler's import has a new form; it stays as Prisma generated it.`);
}
