// Every hydrated page ships only the messages its components use (app/i18n/messages.ts): this test
// reads each page's components and fails when one uses a key that neither the page's `handle.messages`
// nor the shell's prefixes cover (the browser would show the bare key).
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { shellHandle, type MessagesHandle } from "~/i18n/messages";
import { commonMessages, pickMessages } from "~/i18n/resources.server";
import type { BareHandle } from "~/recipient/bare";
import { devRoutes, pageRoutes } from "~/route-table.js";

import { covered, keysOfModule, scanFile } from "../support/message-keys";

const routeFiles = [...new Set([...pageRoutes, ...devRoutes].map((r) => r.file))];
// Everything the shell may send; which parts a page gets depends on its address (root loader), which
// the browser tests cover (a missing key is a console error there).
const shell = shellHandle.messages;

function exists(prefix: string) {
  return Object.keys(pickMessages("en", [prefix])).length > 0;
}

describe("the key scanner", () => {
  it("finds literal keys, template prefixes and both branches of a condition, not server calls", () => {
    const source = `
      export async function loader() { const t = getT(); return t("server.only"); }
      export default function Page() {
        const t = useT();
        return <p title={t("a.title")}>{t(\`a.state.\${s}\`)} {t(ok ? "a.yes" : "a.no")} {t(errors.form)}</p>;
      }`;
    const found = scanFile("x.tsx", source).keys.map((k) => `${k.key}${k.prefix ? "*" : ""}`);
    expect(found).toEqual(["a.title", "a.state.*", "a.yes", "a.no"]);
  });
  it("tells covered keys from uncovered ones", () => {
    expect(covered({ key: "home.heroTitle", prefix: false }, ["home"])).toBe(true);
    expect(covered({ key: "home.heroTitle", prefix: false }, ["home.hero"])).toBe(false);
    expect(covered({ key: "lookup.numberTypes.", prefix: true }, ["lookup.numberTypes"])).toBe(true);
    expect(covered({ key: "lookup.numberTypes.", prefix: true }, ["lookup.numberType"])).toBe(false);
    expect(covered({ key: "site.readingTime", prefix: false }, ["site.readingTime"])).toBe(true);
  });
});

describe("picked messages", () => {
  it("copies subtrees and a leaf's plural forms, nothing else", () => {
    const picked = pickMessages("en", ["payments.modal", "site.readingTime"]) as { payments: object; site: object };
    expect(Object.keys(picked)).toEqual(["payments", "site"]);
    expect(Object.keys(picked.payments)).toEqual(["modal"]);
    expect(Object.keys(picked.site).every((k) => k === "readingTime" || k.startsWith("readingTime_"))).toBe(true);
  });
  it("never sends the server's strings (e-mails, API, outbox) with the shell", () => {
    const sent = JSON.stringify(pickMessages("en", shell));
    for (const serverOnly of ["email", "api", "outbox"])
      expect(Object.keys(JSON.parse(sent))).not.toContain(serverOnly);
    expect(sent.length).toBeLessThan(JSON.stringify(commonMessages.en).length / 3);
  });
  it("names only prefixes that exist", () => {
    expect(shell.filter((p) => !exists(p))).toEqual([]);
  });
});

describe("each page ships the keys its components use", () => {
  it("the shell (root) uses only the shell's prefixes", () => {
    const missing = keysOfModule("app/root.tsx").filter((use) => !covered(use, shell));
    expect(missing.map((u) => `${path.relative("app", u.file)}: ${u.key}`)).toEqual([]);
  });

  it.each(routeFiles)("%s", async (file) => {
    const module = (await import(/* @vite-ignore */ `../../app/${file}`)) as {
      handle?: Partial<MessagesHandle> & BareHandle;
    };
    const declared = module.handle?.messages ?? [];
    expect(
      declared.filter((p) => !exists(p)),
      "prefixes that name no message",
    ).toEqual([]);
    const missing = keysOfModule(path.join("app", file)).filter((use) => !covered(use, [...shell, ...declared]));
    expect(
      missing.map((u) => `${path.relative("app", u.file)}: ${u.key}`),
      `add their prefixes to handle.messages of ${file}`,
    ).toEqual([]);
    // Declared messages reach a hydrated page only through the loader's `translations` (text pages:
    // through textPageData, which adds them); a bare page never sends them (entry.server.tsx gives them
    // to its server render).
    const source = readFileSync(path.join("app", file), "utf8");
    const viaLoader = /translations: pageMessages\(|textPageData\(request, [^)]*handle\)/;
    if (module.handle?.bare) expect(source).not.toMatch(viaLoader);
    else if (declared.length) expect(source).toMatch(viaLoader);
  });
});
