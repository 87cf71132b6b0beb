// One model definition serves both databases, and every change to it has a migration.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import { expect, it } from "vitest";

import { postgresSchema, wasmReadOnce } from "../../scripts/db-generate-lib";

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

it("the generated clients read Prisma's query compiler from its file instead of keeping its module in memory", async () => {
  const require = createRequire(import.meta.url);
  for (const [client, engine] of [
    ["prisma-sqlite", "sqlite"],
    ["prisma-postgres", "postgresql"],
  ] as const) {
    const source = readFileSync(`app/generated/${client}/internal/class.ts`, "utf8");
    expect(source).not.toContain("wasm-base64.mjs");
    const specifier = `@prisma/client/runtime/query_compiler_bg.${engine}.wasm-base64`;
    expect(source).toContain(`resolve("${specifier}.js"), "latin1")`);
    // The text the generated code decodes is the module's own.
    const text = readFileSync(require.resolve(`${specifier}.js`), "latin1");
    const { wasm } = (await import(`${specifier}.mjs`)) as { wasm: string };
    expect(text.slice(text.indexOf('"') + 1, text.lastIndexOf('"'))).toBe(wasm);
  }
  // The form Prisma generates is rewritten; any other is left as it is.
  const generated = [
    "  getQueryCompilerWasmModule: async () => {",
    '    const { wasm } = await import("@prisma/client/runtime/query_compiler_bg.sqlite.wasm-base64.mjs")',
    "    return await decodeBase64AsWasm(wasm)",
    "  }",
  ].join("\n");
  expect(wasmReadOnce(generated)).toContain(
    '    const text = await readFile(createRequire(import.meta.url).resolve("@prisma/client/runtime/query_compiler_bg.sqlite.wasm-base64.js"), "latin1")\n    return await decodeBase64AsWasm(',
  );
  expect(wasmReadOnce("const wasm = load()")).toBeNull();
});
