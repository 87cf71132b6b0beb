// One model definition serves both databases, and every change to it has a migration.
import { readFileSync } from "node:fs";

import { expect, it } from "vitest";

import { postgresSchema } from "../../scripts/db-generate-lib";

it("the PostgreSQL schema is generated from the SQLite one", () => {
  const sqlite = readFileSync("prisma/schema.prisma", "utf8");
  const pg = readFileSync("prisma/postgres/schema.prisma", "utf8");
  expect(pg).toContain(postgresSchema(sqlite));
  expect(postgresSchema(sqlite)).toContain('provider = "postgresql"');
});

it("prisma/schema.prisma has no change without a migration (npm run db:migration -- name)", () => {
  expect(readFileSync("prisma/migrations/schema.snapshot.prisma", "utf8")).toBe(
    readFileSync("prisma/schema.prisma", "utf8"),
  );
});
