// Components render text only through translations: JSX text with letters, or a literal in a
// user-visible attribute, fails this test.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { expect, it } from "vitest";

const VISIBLE_ATTRIBUTES = new Set(["alt", "title", "placeholder", "aria-label", "label"]);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : tsxFiles(full);
    return full.endsWith(".tsx") && !full.endsWith(".test.tsx") ? [full] : [];
  });
}

export function literalStrings(file: string, source = readFileSync(file, "utf8")) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    if (
      ts.isJsxAttribute(node) &&
      VISIBLE_ATTRIBUTES.has(node.name.getText(sf)) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer) &&
      /\p{L}/u.test(node.initializer.text)
    ) {
      found.push(`${node.name.getText(sf)}="${node.initializer.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

it("finds literals when they are there", () => {
  expect(literalStrings("x.tsx", `const A = () => <p title="Hello">Hi {name}</p>;`)).toEqual(['title="Hello"', "Hi"]);
  expect(literalStrings("x.tsx", `const A = () => <p title={t("x")}>{t("y")} ×</p>;`)).toEqual([]);
});

it("no component renders a literal string", () => {
  const offenders = tsxFiles("app").flatMap((file) => literalStrings(file).map((s) => `${file}: ${s}`));
  expect(offenders).toEqual([]);
});
