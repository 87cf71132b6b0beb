// Writes the PostgreSQL copy of the one model definition and generates both clients.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

import { postgresSchema } from "./db-generate-lib.ts";

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
