// Which translation keys the components of a page use, read from the source: every `t("a.b")` call
// (a key) and every `t(`a.${x}`)` call (a prefix, `a.`), in the module and in everything it imports
// from app/, statically or on demand (except `*.server` modules, which never reach the browser).
// Calls inside `loader`, `action` and `meta` run on the server with the full i18next resources, so
// they are left out.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";

const APP = path.resolve("app");
const SERVER_FUNCTIONS = new Set(["loader", "action", "meta", "headers"]);

export type KeyUse = { key: string; prefix: boolean; file: string };

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  if (/\.server(\.|$)/.test(base) || base.includes(`${path.sep}generated${path.sep}`)) return null;
  for (const candidate of [
    base,
    `${base}.tsx`,
    `${base}.ts`,
    base.replace(/\.js$/, ".ts"),
    path.join(base, "index.ts"),
  ]) {
    if (/\.(tsx?|js)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The keys one file's components use and the app modules it imports (type-only imports excluded). */
export function scanFile(file: string, source = readFileSync(file, "utf8")) {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const keys: KeyUse[] = [];
  const imports: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && SERVER_FUNCTIONS.has(node.name.text)) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && SERVER_FUNCTIONS.has(node.name.text)) return;
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      const resolved = resolveImport(file, node.moduleSpecifier.text);
      if (resolved) imports.push(resolved);
    }
    // Code loaded on demand (`import("~/components/auth-modals")`) renders on the same page.
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const resolved = resolveImport(file, node.arguments[0].text);
      if (resolved) imports.push(resolved);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "t" &&
      node.arguments[0]
    ) {
      const arg = node.arguments[0];
      if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))
        keys.push({ key: arg.text, prefix: false, file });
      else if (ts.isTemplateExpression(arg)) keys.push({ key: arg.head.text, prefix: true, file });
      else if (ts.isConditionalExpression(arg)) {
        for (const branch of [arg.whenTrue, arg.whenFalse]) {
          if (ts.isStringLiteral(branch)) keys.push({ key: branch.text, prefix: false, file });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { keys, imports };
}

/** The keys used by a module and everything it imports, each with the file that uses it. */
export function keysOfModule(entry: string, stopAt: ReadonlySet<string> = new Set()): KeyUse[] {
  const seen = new Set<string>();
  const queue = [path.resolve(entry)];
  const keys: KeyUse[] = [];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file) || stopAt.has(file)) continue;
    seen.add(file);
    const scanned = scanFile(file);
    keys.push(...scanned.keys);
    queue.push(...scanned.imports);
  }
  return keys;
}

/** Whether a key (or key prefix) lies inside one of the shipped message prefixes. */
export function covered(use: Pick<KeyUse, "key" | "prefix">, shipped: readonly string[]): boolean {
  return shipped.some((p) => {
    if (use.key === p || use.key.startsWith(`${p}.`)) return true;
    // A plural key `a.b` ships as `a.b_one`/`a.b_other` under the prefix `a.b`.
    return !use.prefix && use.key.startsWith(`${p}_`);
  });
}
