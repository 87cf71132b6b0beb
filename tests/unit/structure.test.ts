// One rule for the folders: a route module imports no other route's files (its own `x.server.ts` is
// its own), a component imports no route module, and a `.server` module is never imported (for its
// values) by a module that reaches the browser. Paths are relative to app/.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { expect, it } from "vitest";

type Import = { target: string; typeOnly: boolean };
type Sources = Map<string, string>;

const APP = path.resolve("app");
const EXTENSIONS = ["", ".ts", ".tsx", ".js", "/index.ts", "/index.tsx"];

function appFiles(dir = APP): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "generated" ? [] : appFiles(full);
    return /\.(tsx?|js)$/.test(name) ? [path.relative(APP, full)] : [];
  });
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isServer = (file: string) => /\.server\.(tsx?|js)$/.test(file) || file.split("/").includes(".server");
const isRoute = (file: string) => file.startsWith("routes/") || file === "root.tsx";
/** A route file's route: `routes/home.server.ts` and `routes/home.tsx` belong to `routes/home`. */
const routeOf = (file: string) => file.replace(/(\.server)?\.(tsx?|js)$/, "");

/** The app files `file` imports, resolved against `files` (packages and unknown paths are left out). */
export function importsOf(file: string, source: string, files: Set<string>): Import[] {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const base = specifier.startsWith("~/")
      ? specifier.slice(2)
      : specifier.startsWith(".")
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
        : null;
    if (base === null) return;
    const target = EXTENSIONS.map((ext) => base + ext).find((candidate) => files.has(candidate));
    if (target) found.push({ target, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/**
 * A dialog's route renders the page it opens over (docs/decisions/032): it may import that one route
 * module, its loader and its component, and no other route's.
 */
const DIALOG_OVER_PAGE = new Set([
  "routes/dashboard.modules.cancel.tsx -> routes/dashboard.modules.my-subscription.tsx",
  "routes/dashboard.modules.success.tsx -> routes/dashboard.tsx",
]);

/** Every import that breaks the rule, as `importer -> imported: why`. */
export function violations(sources: Sources): string[] {
  const files = new Set(sources.keys());
  const graph = new Map(
    [...sources].filter(([file]) => !isTest(file)).map(([file, source]) => [file, importsOf(file, source, files)]),
  );
  const found: string[] = [];
  for (const [file, imports] of graph) {
    for (const { target } of imports) {
      if (
        isRoute(file) &&
        target.startsWith("routes/") &&
        routeOf(target) !== routeOf(file) &&
        !DIALOG_OVER_PAGE.has(`${file} -> ${target}`)
      )
        found.push(`${file} -> ${target}: another route's file`);
      if (file.startsWith("components/") && isRoute(target) && target !== "root.tsx")
        found.push(`${file} -> ${target}: a component imports a route module`);
    }
  }
  // What reaches the browser: the client entry, and the route modules' non-server imports, followed.
  const browser = new Set<string>();
  const reach = (file: string) => {
    if (browser.has(file) || isServer(file)) return;
    browser.add(file);
    for (const { target, typeOnly } of graph.get(file) ?? []) if (!typeOnly) reach(target);
  };
  for (const file of graph.keys()) if (file === "entry.client.tsx" || (isRoute(file) && !isServer(file))) reach(file);
  for (const file of browser) {
    // Remix drops a route's loader and action, and what only they import, from the browser's build.
    if (isRoute(file)) continue;
    for (const { target, typeOnly } of graph.get(file) ?? []) {
      if (!typeOnly && isServer(target))
        found.push(`${file} -> ${target}: server-only module in a module the browser loads`);
    }
  }
  return found.sort();
}

it("finds each kind of violation when it is there", () => {
  const sources: Sources = new Map([
    [
      "routes/a.tsx",
      `import { x } from "./a.server"; import { y } from "~/routes/b.server"; import { Box } from "~/components/box";`,
    ],
    ["routes/a.server.ts", `import { z } from "./b";`],
    ["routes/b.tsx", `import type { T } from "~/feature/thing.server"; export const b = 1;`],
    ["routes/b.server.ts", `export const y = 1;`],
    ["components/box.tsx", `import { b } from "../routes/b"; import { helper } from "~/feature/helper";`],
    ["feature/helper.ts", `import { secret } from "./thing.server"; import type { T } from "./thing.server";`],
    ["feature/thing.server.ts", `export const secret = 1; export type T = number;`],
    ["feature/thing.server.test.ts", `import { a } from "~/routes/a"; import { secret } from "./thing.server";`],
  ]);
  expect(violations(sources)).toEqual([
    "components/box.tsx -> routes/b.tsx: a component imports a route module",
    "feature/helper.ts -> feature/thing.server.ts: server-only module in a module the browser loads",
    "routes/a.server.ts -> routes/b.tsx: another route's file",
    "routes/a.tsx -> routes/b.server.ts: another route's file",
  ]);
});

it("holds for the app", () => {
  const files = appFiles();
  expect(files.length).toBeGreaterThan(100);
  expect(existsSync(path.join(APP, "entry.client.tsx"))).toBe(true);
  const sources: Sources = new Map(
    files.map((file) => [file.split(path.sep).join("/"), readFileSync(path.join(APP, file), "utf8")]),
  );
  expect(violations(sources)).toEqual([]);
});

it("keeps app/'s root to the entry points, the root route and the route table (docs/decisions/045)", () => {
  const loose = readdirSync(APP).filter((name) => statSync(path.join(APP, name)).isFile());
  expect(loose.sort()).toEqual(["entry.client.tsx", "entry.server.tsx", "env.d.ts", "root.tsx", "route-table.js"]);
});

it("joins every module's kinds of job in JOB_KINDS (app/jobs/kinds.server.ts), the one registry", async () => {
  const sources = appFiles()
    .filter((file) => !isTest(file))
    .map((file) => ({ file, source: readFileSync(path.join(APP, file), "utf8") }));
  // Each module's exported map of kinds is imported by name and joined.
  const registry = readFileSync(path.join(APP, "jobs/kinds.server.ts"), "utf8");
  const joined = registry.slice(registry.indexOf("joinJobKinds("));
  const maps = sources.flatMap(({ file, source }) =>
    [...source.matchAll(/^export const (\w+JobKinds)\b/gm)].map((match) => ({ file, name: match[1]! })),
  );
  expect(maps.length).toBeGreaterThan(6);
  for (const { file, name } of maps) {
    expect(registry, file).toContain(`import { ${name} } from "~/${file.replace(/\.ts$/, "")}";`);
    expect(joined, file).toMatch(new RegExp(`\\b${name}\\b`));
  }
  // Every kind's name (the `*_JOB` constants enqueueJob is given) is a kind the runner knows.
  const { JOB_KINDS } = await import("~/jobs/kinds.server");
  const names = sources.flatMap(({ source }) =>
    [...source.matchAll(/^export const [A-Z_]+_JOB = "([^"]+)";$/gm)].map((match) => match[1]!),
  );
  expect(names.length).toBeGreaterThan(8);
  expect(Object.keys(JOB_KINDS)).toEqual(expect.arrayContaining(names));
  // A kind given to enqueueJob is one of those constants (or a BillingJob's or a channel's own kind).
  const given: string[] = [];
  for (const { file, source } of sources) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && node.expression.getText() === "enqueueJob" && node.arguments[2]) {
        given.push(`${file}: ${node.arguments[2].getText()}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  }
  expect(given.length).toBeGreaterThan(8);
  const unnamed = given.filter((call) => !/: ([A-Z_]+_JOB|job\.kind|channel\.jobKind)$/.test(call));
  expect(unnamed).toEqual([]);
});

/** Lines of code a module may have, data tables and tests included (a longer one is split by what it does). */
const MAX_MODULE_LINES = 400;

/** Written by a script, not by hand: Prisma's clients, and the API's types from the OpenAPI document. */
const GENERATED = [/^app\/generated\//, /^prisma\/postgres\//, /^docs\/api-v1\.d\.ts$/];
/** Not the project's source: installed packages, builds and what test runs leave (.gitignore's folders). */
const NOT_SOURCE = new Set([
  "node_modules",
  "build",
  "data",
  "test-results",
  "playwright-report",
  ".tmp",
  ".git",
  ".cache",
]);

/** The project's TypeScript and JavaScript modules, relative to its root. */
function projectModules(dir = "."): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : projectModules(full);
    return /\.(tsx?|m?js)$/.test(entry.name) ? [path.posix.normalize(full)] : [];
  });
}

/** Of the files given, those of more than `max` lines, with their length. */
export function longModules(files: { file: string; source: string }[], max = MAX_MODULE_LINES) {
  return files
    .map(({ file, source }) => ({ file, lines: source.replace(/\n$/, "").split("\n").length }))
    .filter(({ lines }) => lines > max)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

it(`keeps every module written by hand at ${MAX_MODULE_LINES} lines or fewer, tests and scripts included`, () => {
  const modules = projectModules().filter((file) => !GENERATED.some((pattern) => pattern.test(file)));
  expect(modules).toContain("server.ts");
  expect(modules.length).toBeGreaterThan(300);
  expect(longModules(modules.map((file) => ({ file, source: readFileSync(file, "utf8") })))).toEqual([]);
  // The rule itself: a 401-line module is named, a 400-line one is not.
  const lines = (n: number) => "x\n".repeat(n);
  expect(
    longModules([
      { file: "a.ts", source: lines(401) },
      { file: "b.ts", source: lines(400) },
    ]),
  ).toEqual(["a.ts: 401 lines"]);
});
