// The document's request schemas are never looser than the server's checks (docs/decisions/042): for
// every body field and query parameter, the bounds the document shows are at least as strict as every
// bound anywhere in the zod schema the route validates with, including the checks after a transform or
// inside a pipe, which the generator does not see. A field the schema requires is required in the
// document. So a request valid by the document is never refused for a field's size or presence.
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";

import { documentPath, openApiDocument } from "./document.server";
import { API_OPERATIONS } from "./operations.server";

type Bounds = { min: number[]; max: number[] };
type Documented = {
  type?: string | string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** Every length (strings) or value (numbers) bound of a schema, through wrappers, effects and pipes. */
function boundsOf(schema: ZodTypeAny, bounds: Bounds = { min: [], max: [] }): Bounds {
  const def = schema._def as {
    typeName: string;
    innerType?: ZodTypeAny;
    schema?: ZodTypeAny;
    in?: ZodTypeAny;
    out?: ZodTypeAny;
    checks?: { kind: string; value: number }[];
  };
  switch (def.typeName) {
    case "ZodOptional":
    case "ZodNullable":
    case "ZodDefault":
      return boundsOf(def.innerType!, bounds);
    case "ZodEffects":
      return boundsOf(def.schema!, bounds);
    case "ZodPipeline":
      boundsOf(def.in!, bounds);
      return boundsOf(def.out!, bounds);
    case "ZodString":
    case "ZodNumber":
      for (const check of def.checks ?? []) {
        if (check.kind === "min" || check.kind === "length") bounds.min.push(check.value);
        if (check.kind === "max" || check.kind === "length") bounds.max.push(check.value);
      }
      return bounds;
    default:
      return bounds;
  }
}

/** The fields of the object a body or query schema wraps (its effects unwrapped); none for a webhook's record. */
function objectOf(schema: ZodTypeAny): Record<string, ZodTypeAny> {
  const def = schema._def as { typeName: string; schema?: ZodTypeAny; shape?: () => Record<string, ZodTypeAny> };
  if (def.typeName === "ZodEffects") return objectOf(def.schema!);
  if (def.typeName === "ZodObject") return def.shape!();
  return {};
}

type Field = { where: string; schema: ZodTypeAny; documented: Documented; required: boolean };

async function fields(): Promise<Field[]> {
  const document = (await openApiDocument()) as unknown as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; required?: boolean; schema: Documented }[];
          requestBody?: {
            content: Record<string, { schema: { properties: Record<string, Documented>; required?: string[] } }>;
          };
        }
      >
    >;
  };
  const found: Field[] = [];
  for (const [tablePath, operations] of Object.entries(API_OPERATIONS))
    for (const operation of operations) {
      const documented = document.paths[documentPath(tablePath)]![operation.method]!;
      const name = `${operation.method.toUpperCase()} ${documentPath(tablePath)}`;
      if (operation.body) {
        const body = documented.requestBody!.content["application/json"]!.schema;
        for (const [key, schema] of Object.entries(objectOf(operation.body)))
          found.push({
            where: `${name} body.${key}`,
            schema,
            documented: body.properties[key]!,
            required: body.required?.includes(key) ?? false,
          });
      }
      if (operation.query)
        for (const [key, schema] of Object.entries(objectOf(operation.query))) {
          const parameter = documented.parameters!.find((p) => p.in === "query" && p.name === key)!;
          found.push({
            where: `${name} ?${key}`,
            schema,
            documented: parameter.schema,
            required: parameter.required ?? false,
          });
        }
      for (const [key, param] of Object.entries(operation.params ?? {})) {
        const parameter = documented.parameters!.find((p) => p.in === "path" && p.name === key)!;
        found.push({ where: `${name} /{${key}}`, schema: param.schema, documented: parameter.schema, required: true });
      }
    }
  return found;
}

describe("the document's request schemas are the server's checks", async () => {
  const all = await fields();

  it("walks every body field, query and path parameter", () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.map((f) => f.where)).toContain("POST /api/v1/locate/createLink body.requesterName");
  });

  it.each(all.map((f) => [f.where, f] as const))("%s", (_where, { schema, documented, required }) => {
    const { min, max } = boundsOf(schema);
    const types = [documented.type ?? []].flat();
    const isString = !types.includes("integer") && !types.includes("number");
    const shownMax = isString ? documented.maxLength : documented.maximum;
    const shownMin = isString ? documented.minLength : documented.minimum;
    if (max.length > 0) {
      expect(shownMax, "a maximum in the document").toBeDefined();
      expect(shownMax!).toBeLessThanOrEqual(Math.min(...max));
    }
    if (min.length > 0) {
      expect(shownMin, "a minimum in the document").toBeDefined();
      expect(shownMin!).toBeGreaterThanOrEqual(Math.max(...min));
    }
    // The schema requires it (no default, not optional): so does the document.
    if (!schema.isOptional()) expect(required, "required in the document").toBe(true);
  });
});

describe("the document's examples", () => {
  it("hold no placeholder outside x-replay (tools send them as they stand)", async () => {
    const found: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === "string" && value.includes("{{")) found.push(path);
      else if (value && typeof value === "object")
        for (const [key, inner] of Object.entries(value))
          // x-replay and its situation's description name the values the replay fills in.
          if (key !== "x-replay" && key !== "description") walk(inner, `${path}/${key}`);
    };
    walk(await openApiDocument(), "");
    expect(found).toEqual([]);
  });
});
