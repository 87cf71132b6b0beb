// Names and titles the service sends in its own messages cannot carry a way to reach someone else:
// fuzzed with fast-check over the disguises people use, and held against real names.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { contactPointIn } from "./contact-points.server";

const FULL_WIDTH_OFFSET = 0xfee0;
/** Letters, digits and dots written full-width, as a phone keyboard can. */
const fullWidth = (text: string) =>
  [...text].map((c) => (c >= "!" && c <= "~" ? String.fromCharCode(c.charCodeAt(0) + FULL_WIDTH_OFFSET) : c)).join("");

const label = fc.stringMatching(/^[a-z][a-z0-9]{1,10}$/);
const tld = fc.constantFrom("com", "net", "org", "ph", "id", "co", "io", "ly", "xyz", "online", "example");
const dot = fc.constantFrom(".", "[.]", "(.)", " [dot] ", "(dot)", "。", "．", "｡");
const at = fc.constantFrom("@", "(at)", "[at]", " [at] ", "＠");
const caseOf = fc.constantFrom(
  (s: string) => s,
  (s: string) => s.toUpperCase(),
  (s: string) => s.replace(/^./, (c) => c.toUpperCase()),
  fullWidth,
);

const domain = fc.tuple(label, dot, tld).map(([name, d, t]) => `${name}${d}${t}`);
const url = fc
  .tuple(
    fc.constantFrom("https://", "http://", "HTTPS://", "www.", "hxxp://"),
    label,
    tld,
    fc.stringMatching(/^[a-z0-9/]{0,8}$/),
  )
  .map(([scheme, name, t, path]) => `${scheme}${name}.${t}${path ? `/${path}` : ""}`);
const email = fc.tuple(label, at, domain).map(([user, a, d]) => `${user}${a}${d}`);
const phone = fc
  .tuple(
    fc.constantFrom("", "+63 ", "+62", "0", "(02) "),
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 12 }),
    fc.constantFrom("", " ", "-", "."),
  )
  .map(
    ([prefix, digits, sep]) =>
      prefix +
      digits
        .map(String)
        .join("")
        .replace(/(\d{3})(?=\d)/g, `$1${sep}`),
  );
const around = fc.stringMatching(/^[A-Za-z ]{0,15}$/);

describe("contact points in a name or title", () => {
  it("are found however they are written", () => {
    fc.assert(
      fc.property(around, fc.oneof(domain, url, email, phone), caseOf, around, (before, point, style, after) => {
        const text = `${before} ${style(point)} ${after}`;
        expect(contactPointIn(text), text).not.toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it("name what they are", () => {
    expect(contactPointIn("BDO Bank https://bdo-verify.example/x")).toBe("url");
    expect(contactPointIn("bit.ly/x")).toBe("domain");
    expect(contactPointIn("example[.]com")).toBe("domain");
    expect(contactPointIn("ｅｘａｍｐｌｅ．ｃｏｍ")).toBe("domain");
    expect(contactPointIn("rosa(at)example(dot)com")).toBe("email");
    expect(contactPointIn("Call 0917 123 4567")).toBe("phone");
    expect(contactPointIn("192.168.0.1")).toBe("url");
  });

  it("leave names alone, in English, Indonesian and Filipino", () => {
    for (const name of [
      "Ana",
      "Mama Rosa",
      "Dr. Santos",
      "J.R. Santos",
      "St. Mary's",
      "Tito Boy",
      "Ana at Rosa",
      "Lola (Manila)",
      "Ibu Sri Wahyuni",
      "Pak Budi 2",
      "Kuya Jun-jun",
      "Tita Baby 1985",
      "Ma'am O'Brien",
      "José Rizal Jr.",
      "Nanay at Tatay",
      "Phone of Rosa",
      "HP Adik",
    ])
      expect(contactPointIn(name), name).toBeNull();
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-zÀ-ÿ' -]{1,60}$/), (name) => {
        expect(contactPointIn(name), name).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });
});
