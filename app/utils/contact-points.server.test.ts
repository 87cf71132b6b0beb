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
const dot = fc.constantFrom(".", "[.]", "(.)", " [dot] ", "(dot)", "。", "．", "｡", " dot ", " . ", " .", " titik ");
const at = fc.constantFrom("@", "(at)", "[at]", " [at] ", "＠");
const caseOf = fc.constantFrom(
  (s: string) => s,
  (s: string) => s.toUpperCase(),
  (s: string) => s.replace(/^./, (c) => c.toUpperCase()),
  fullWidth,
  // An invisible character between every two letters: a phone shows none of them.
  (s: string) => [...s].join("\u00ad"),
  (s: string) => [...s].join("\u034f"),
  (s: string) => [...s].join("\u3164"),
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

  it("are found behind invisible characters, spelled-out or spaced dots and other scripts' digits", () => {
    const found: [string, string][] = [
      ["www\u00ad.bdo-verify.c\u00adom", "url"],
      ["bdo\u034f-verify.com", "domain"],
      ["bdo-verify.co\u180em", "domain"],
      ["bdo-verify\u3164.com", "domain"],
      ["bdo-verify.\u115fcom", "domain"],
      ["bdo-verify\u200b.com", "domain"],
      ["evil dot com", "domain"],
      ["evil DOT com", "domain"],
      ["evil titik com", "domain"],
      ["evil tuldok ph", "domain"],
      ["evil . com", "domain"],
      ["evil .com", "domain"],
      ["evil. com", "domain"],
      ["a @ b . co", "domain"],
      ["t\u00ad.me/x", "domain"],
      ["Call ٠٩١٧ ١٢٣ ٤٥٦٧", "phone"],
      ["Call ०९१७ १२३ ४५६७", "phone"],
      ["Call ০৯১৭ ১২৩ ৪৫৬৭", "phone"],
      ["Call ๐๙๑๗ ๑๒๓ ๔๕๖๗", "phone"],
      ["Your account is locked. Call 0917 123 4567 or visit bdo-verify.com", "domain"],
      ["Your account is locked. Call 0917 123 4567", "phone"],
      ["Rp 0917.123.456", "phone"],
      // A currency word before seven digits in dotted groups that no amount has: a number.
      ["rP 100.000.0", "phone"],
    ];
    for (const [text, kind] of found) expect(contactPointIn(text), JSON.stringify(text)).toBe(kind);
  });

  it("leave ordinary spoken messages alone: times, dates, amounts, street names, sentences", () => {
    for (const message of [
      "Call me when you land at 5.30",
      "Meet at Jl. Sudirman",
      "I'm home. Call me. Love you",
      "Sudah sampai? Telepon Mama ya. Jangan lupa makan.",
      "Nasa bahay na ako. Tawagan mo ako mamaya.",
      "See you on 12/05/2025 at 10.30",
      "The party is on 2025-05-12",
      "Transfer Rp 1.500.000 ya",
      "Sudah transfer Rp 1.500.000.",
      "Kirim 1.500.000 rupiah besok",
      "The gate code is 1234",
      "Ana at Rosa will pick you up at gate 3",
      "She wore a polka dot dress",
    ])
      expect(contactPointIn(message), message).toBeNull();
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
      "Mom",
      "Dr. Ana Cruz",
      "Tita Bing 2",
      "Tita Bing ٢",
      "Lola Nena\u00ad",
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
