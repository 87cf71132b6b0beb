/** The PostgreSQL copy of the one model definition: only the provider and client folder differ. */
export function postgresSchema(sqliteSchema: string) {
  return sqliteSchema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace("../app/generated/prisma-sqlite", "../../app/generated/prisma-postgres");
}

/**
 * The generated client imports Prisma's query compiler as an ES module holding it in base64: a module
 * stays in memory with its source, some 5 MB of text kept by every process for nothing once the
 * WebAssembly is compiled. Rewritten to read the same text from the package's file, decode it and let
 * it go (docs/decisions/037). Null when the generated code no longer has that form (a new Prisma).
 */
export function wasmReadOnce(classSource: string): string | null {
  const imported =
    /const \{ wasm \} = await import\("(@prisma\/client\/runtime\/query_compiler_bg\.\w+\.wasm-base64)\.mjs"\)\n(\s*)return await decodeBase64AsWasm\(wasm\)/;
  const match = imported.exec(classSource);
  if (!match) return null;
  const [, specifier, indent] = match;
  return classSource.replace(
    imported,
    [
      `// The base64 text is read, decoded and dropped: imported, it would stay in memory (scripts/db-generate-lib.ts).`,
      `const { readFile } = await import("node:fs/promises")`,
      `const { createRequire } = await import("node:module")`,
      `const text = await readFile(createRequire(import.meta.url).resolve("${specifier}.js"), "latin1")`,
      `return await decodeBase64AsWasm(text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')))`,
    ].join(`\n${indent}`),
  );
}
