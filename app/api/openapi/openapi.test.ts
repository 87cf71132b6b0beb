// The OpenAPI document (GET /api/v1/openapi.json) and the running API cannot drift apart (the
// examples themselves are replayed in ./replay.test.ts):
// - the document is valid OpenAPI 3.1 (@readme/openapi-parser);
// - every /api/v1 route of the route table is described, with the methods its module answers;
// - every answer of every operation has an example with its request, and each example fits its schema;
// - it is served as generated.
import { compileErrors, validate } from "@readme/openapi-parser";
import { beforeAll, describe, expect, it } from "vitest";

import { openApiDocument } from "~/api/openapi/document.server";
import { API_OPERATIONS } from "~/api/openapi/operations.server";
import { resourceRoutes } from "~/route-table.js";

import { app, document, replayEnvironment, resolved, schemaValidator } from "../../../tests/support/openapi-replay";

replayEnvironment();
let doc: Awaited<ReturnType<typeof openApiDocument>>;
beforeAll(async () => {
  doc = await openApiDocument();
});

describe("the document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors, result.valid ? "" : compileErrors(result)).toEqual([]);
    expect(result.valid ? result.warnings : []).toEqual([]);
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every /api/v1 route of the route table, with the methods its module answers", async () => {
    const tableApi = resourceRoutes.filter((route) => route.path.startsWith("api/v1/") && route.path !== "api/v1/*");
    const undescribed = tableApi.filter((route) => !API_OPERATIONS[route.path]).map((route) => route.path);
    expect(undescribed, "routes of the table without a description in app/api/openapi/operations/").toEqual([]);
    expect(Object.keys(API_OPERATIONS).sort()).toEqual(tableApi.map((route) => route.path).sort());
    for (const route of tableApi) {
      const module = (await import(/* @vite-ignore */ `../../${route.file}`)) as Record<string, unknown>;
      for (const operation of API_OPERATIONS[route.path]!) {
        const handler = operation.method === "get" ? "loader" : "action";
        expect(typeof module[handler], `${route.path}: ${operation.method} needs its ${handler}`).toBe("function");
        const path = `/${route.path.replace(/:(\w+)/g, "{$1}")}`;
        expect(document.paths?.[path]?.[operation.method], `${path} ${operation.method}`).toBeTruthy();
      }
    }
    // The catch-all answers every other path.
    expect(resourceRoutes.some((route) => route.path === "api/v1/*")).toBe(true);
    expect((document as { "x-not-found"?: unknown })["x-not-found"]).toBeTruthy();
  });

  it("has an example with its request for every answer, and each example fits its own schema", () => {
    const ajv = schemaValidator();
    for (const [path, methods] of Object.entries(resolved.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const media = response.content["application/json"];
          const examples = Object.entries(media.examples ?? {});
          expect(examples.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
          const check = ajv.compile(media.schema);
          for (const [name, example] of examples) {
            expect(example["x-replay"], `${method} ${path} ${status} ${name}`).toBeTruthy();
            expect(check(example.value), `${method} ${path} ${status} ${name}: ${ajv.errorsText(check.errors)}`).toBe(
              true,
            );
          }
        }
      }
    }
  });

  it("is served without an APP header, as generated", async () => {
    const answer = await fetch(`${app.origin}/api/v1/openapi.json`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
