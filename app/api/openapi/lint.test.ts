// The document as Redocly's linter reads it, with its recommended rules (what an integrator's tooling
// runs on it): no error and no warning, but for three that are the document's on purpose.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { createConfig, lint } from "@redocly/openapi-core";
import { expect, it } from "vitest";

import { openApiDocument } from "./document.server";

/** Warnings the document keeps on purpose. */
const KEPT = new Set([
  // No licence is offered for the API's description.
  "info-license",
  // The server is PUBLIC_URL's, which is a local address in development and tests.
  "no-server-example.com",
  // The 404 of every other path under /api/v1: no path can name "any other path", so the document's
  // description points to it instead of a path's responses.
  "no-unused-components #/components/responses/NotFound",
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
