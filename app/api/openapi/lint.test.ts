// The document as integrators' tooling reads it: swagger-parser's validation against the OpenAPI 3.1
// schema, and Redocly's linter with its recommended rules: no error and no warning, but for two that are the document's on purpose.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lint } from "@redocly/openapi-core";
import type { OpenAPI } from "openapi-types";
import { expect, it } from "vitest";

import { openApiDocument } from "./document.server";

/** Warnings the document keeps on purpose. */
const KEPT = new Set([
  // No licence is offered for the API's description.
  "info-license",
  // The server is PUBLIC_URL's, which is a local address in development and tests.
  "no-server-example.com",
]);

it("passes Redocly's recommended rules", async () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "openapi-")), "openapi.json");
  writeFileSync(file, JSON.stringify(await openApiDocument()));
  const config = await createConfig({ extends: ["recommended"] } as Parameters<typeof createConfig>[0]);
  const problems = await lint({ ref: file, config });
  const found = problems
    .map((p) => (p.ruleId === "no-unused-components" ? `${p.ruleId} ${p.location[0]?.pointer}` : p.ruleId))
    .map((name, i) => `${problems[i]!.severity}: ${name}${KEPT.has(name) ? "" : ` (${problems[i]!.message})`}`);
  expect(found.filter((line) => ![...KEPT].some((kept) => line === `warn: ${kept}`))).toEqual([]);
});

it("is valid for swagger-parser", async () => {
  const document = structuredClone(await openApiDocument()) as unknown as OpenAPI.Document;
  await expect(SwaggerParser.validate(document)).resolves.toBeTruthy();
});
