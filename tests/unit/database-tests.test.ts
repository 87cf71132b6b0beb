// The postgres project's choice of files (tests/setup/database-tests.ts): a file runs there when its
// imports reach the database module, through every form of import the code uses.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { checkDatabaseUse, reachesDatabase, testFilesWithoutDatabase } from "../setup/database-tests";

const DIR = path.resolve("tests/.tmp", `database-tests-${process.pid}`);
mkdirSync(DIR, { recursive: true });
afterAll(() => rmSync(DIR, { recursive: true, force: true }));

/** Writes `source` as `name` in a folder three levels below the project (so `../../../app/…` is app/). */
function file(name: string, source: string) {
  const at = path.join(DIR, name);
  writeFileSync(at, source);
  return at;
}

describe("which test files reach the database", () => {
  it("follows static, re-exported, side-effect and dynamic imports, with ~/ and relative paths", () => {
    const forms = [
      `import { db } from "~/db/db.server";`,
      `import type { Db } from "~/db/db.server";\nimport {\n  db,\n} from "../../../app/db/db.server.ts";`,
      `export { db } from "~/db/db.server";`,
      `import "~/db/db.server";`,
      `const load = () => import("~/db/db.server");`,
      // Through another module of the app that uses it.
      `import { recordOpened } from "~/recipient/recipient.server";`,
    ];
    forms.forEach((source, i) => expect(reachesDatabase(file(`form-${i}.test.ts`, source)), source).toBe(true));
  });

  it("follows a chain of the test's own modules, and stops at packages and pure modules", () => {
    const helper = file("helper.ts", `export { db } from "../../../app/db/db.server";`);
    expect(reachesDatabase(file("via-helper.test.ts", `import { db } from "./helper";`))).toBe(true);
    expect(reachesDatabase(helper)).toBe(true);
    const pure = `import { z } from "zod";\nimport { escapeHtml } from "~/utils/escape-html";\nimport "./missing";`;
    expect(reachesDatabase(file("pure.test.ts", pure))).toBe(false);
    // A cycle between two modules ends.
    file("a.ts", `import "./b";`);
    file("b.ts", `import "./a";`);
    expect(reachesDatabase(file("cycle.test.ts", `import "./a";`))).toBe(false);
  });

  it("leaves out of PostgreSQL only files that cannot open it, and keeps those that do", () => {
    const without = testFilesWithoutDatabase();
    expect(without).toContain(path.join("app/utils/escape-html.test.ts"));
    expect(without).toContain(path.join("tests/unit/file-times.test.ts"));
    expect(without).not.toContain("app/db/timeouts.server.test.ts");
    expect(without).not.toContain("tests/security/hostile-input.test.ts");
    expect(without.every((name) => name.endsWith(".test.ts") || name.endsWith(".test.tsx"))).toBe(true);
  });

  it("fails a file that opened the database while its imports seem not to reach it", () => {
    const hidden = file("hidden.test.ts", `const load = (name: string) => import(name);`);
    expect(() => checkDatabaseUse(hidden, true)).toThrow(/opened the database, but .* does not see its imports/);
    expect(() => checkDatabaseUse(hidden, false)).not.toThrow();
    expect(() => checkDatabaseUse(file("seen.test.ts", `import "~/db/db.server";`), true)).not.toThrow();
  });
});
