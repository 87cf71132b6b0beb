// docs/privacy.md is the data inventory: every column of prisma/schema.prisma has its line there (whose
// data, why, how long, who sees it, how it is deleted, by table). A column added without one fails
// here, and so does a line naming a column that is gone.
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

const schema = readFileSync("prisma/schema.prisma", "utf8");
const inventory = readFileSync("docs/privacy.md", "utf8");

/** Every model's scalar columns (relation fields name another model and are not columns). */
function schemaColumns() {
  const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)];
  const names = new Set(models.map((m) => m[1]!));
  const columns: string[] = [];
  for (const [, model, body] of models) {
    for (const line of body!.split("\n")) {
      const [field, type] = line.trim().split(/\s+/);
      if (!field || !type || field.startsWith("//") || field.startsWith("@@")) continue;
      if (names.has(type.replace(/[?[\]]/g, ""))) continue;
      columns.push(`${model}.${field}`);
    }
  }
  return { models: [...names], columns };
}

/** The `Model.column` lines of the inventory's tables, and each table section's facts. */
function inventoryLines() {
  const rows = [...inventory.matchAll(/^\| `(\w+\.\w+)` \| ([^|]+) \| ([^|]+) \|$/gm)].map((m) => m[1]!);
  const sections = new Map<string, string>();
  for (const part of inventory.split(/^### /m).slice(1)) sections.set(part.split("\n")[0]!.trim(), part);
  return { rows, sections };
}

describe("docs/privacy.md, the data inventory", () => {
  const { models, columns } = schemaColumns();
  const { rows, sections } = inventoryLines();

  it("reads the schema (a guard against a parser that finds nothing)", () => {
    expect(models).toContain("User");
    expect(columns).toContain("LocationRequest.target");
    expect(columns).not.toContain("User.sessions");
    expect(columns.length).toBeGreaterThan(150);
  });

  it("has a line for every column of prisma/schema.prisma", () => {
    expect(columns.filter((column) => !rows.includes(column))).toEqual([]);
  });

  it("names no column that is not in the schema, and each once", () => {
    expect(rows.filter((row) => !columns.includes(row))).toEqual([]);
    expect(rows.filter((row, i) => rows.indexOf(row) !== i)).toEqual([]);
  });

  it("says for every table whose data it is, why, how long, who sees it and how it is deleted", () => {
    for (const model of models) {
      const section = sections.get(model);
      expect(section, `### ${model}`).toBeDefined();
      for (const fact of ["Whose", "Why", "How long", "Who can see it", "How it is deleted"])
        expect(section, `${model}: ${fact}`).toMatch(new RegExp(`^- ${fact}: \\S`, "m"));
    }
  });
});
