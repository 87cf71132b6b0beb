// The recipient pages inline their own small stylesheet (app/recipient/critical-css.ts) instead of
// loading app.css; every design token they use must keep the value app.css gives it (docs/design.md).
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { CRITICAL_CSS } from "~/recipient/critical-css";

/** The custom properties declared in a `:root { … }` block, name → value. */
function rootTokens(css: string) {
  const root = /:root\s*\{([^}]*)\}/.exec(css);
  if (!root) throw new Error("no :root block");
  const tokens = new Map<string, string>();
  for (const [, name, value] of root[1]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);?/g)) {
    tokens.set(name!, value!.trim().toLowerCase());
  }
  return tokens;
}

const appTokens = rootTokens(readFileSync("app/styles/app.css", "utf8"));
const criticalTokens = rootTokens(CRITICAL_CSS);

describe("design tokens", () => {
  it("are read from both stylesheets", () => {
    expect(appTokens.size).toBeGreaterThan(20);
    expect(criticalTokens.size).toBeGreaterThan(5);
  });

  it("have in the recipient pages' stylesheet the values app.css gives them", () => {
    const differing = [...criticalTokens]
      .filter(([name, value]) => appTokens.get(name) !== value)
      .map(([name, value]) => `${name}: ${value} (app.css: ${appTokens.get(name) ?? "absent"})`);
    expect(differing).toEqual([]);
  });

  it("are all declared where the recipient pages use them", () => {
    const used = new Set([...CRITICAL_CSS.matchAll(/var\((--[\w-]+)\)/g)].map((m) => m[1]!));
    expect([...used].filter((name) => !criticalTokens.has(name))).toEqual([]);
  });
});
