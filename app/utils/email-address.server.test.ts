// A recipient's address: one plain address as input, one mailbox as the key of their controls, and
// the key of an ASCII address unchanged, so opt-outs and blocks stored earlier still match.
import { createHmac } from "node:crypto";

import { afterEach, describe, expect, it } from "vitest";

import { normaliseRecipient, recipientKey } from "~/location-requests/recipient-controls.server";
import { resetConfig } from "~/server/config.server";

import { mailboxParts, parseEmailAddress } from "./email-address.server";

describe("parseEmailAddress", () => {
  it("gives the address mail providers read: lower case, the domain through IDNA", () => {
    expect(parseEmailAddress("Rosa.Test@Gmail.COM")).toBe("rosa.test@gmail.com");
    expect(parseEmailAddress("rosatest@ｇｍａｉｌ.com")).toBe("rosatest@gmail.com");
    expect(parseEmailAddress("rosatest@ｇｍａｉｌ．ｃｏｍ")).toBe("rosatest@gmail.com");
    expect(parseEmailAddress("ana@bücher.de")).toBe("ana@xn--bcher-kva.de");
    expect(parseEmailAddress("o'brien+family@example.co.uk")).toBe("o'brien+family@example.co.uk");
    expect(parseEmailAddress("josé@example.com")).toBe("josé@example.com");
  });

  it("refuses quoted local parts, comments, invisible characters and what IDNA cannot map", () => {
    for (const address of [
      '"rosatest"@gmail.com',
      '"rosa test"@gmail.com',
      "rosatest(comment)@gmail.com",
      "(comment)rosatest@gmail.com",
      "rosatest@(comment)gmail.com",
      "rosa\u200btest@gmail.com",
      "rosa\u00adtest@gmail.com",
      "rosatest\u2060@gmail.com",
      "rosatest@gm\u00adail.com",
      "rosatest@gmail\u200b.com",
      "rosa\\test@gmail.com",
      "rosa..test@gmail.com",
      ".rosa@gmail.com",
      "rosa@gmail.com@evil.example",
      "rosa@gm%61il.com",
      "rosa@gmail.com/x",
      "rosa@[192.168.0.1]",
      "rosa@1.2.3.4",
      "rosa@gmail",
      "rosa@-gmail.com",
      "@gmail.com",
      "rosa@",
    ])
      expect(parseEmailAddress(address), address).toBeNull();
  });
});

describe("the key of an address", () => {
  afterEach(() => {
    delete process.env.RECIPIENT_KEY_SECRET;
    resetConfig();
  });

  it("is one mailbox for every spelling the opt-out was stepped around with", () => {
    const mailbox = "rosatest@gmail.com";
    for (const spelling of [
      '"rosatest"@gmail.com',
      '"rosa.test"@gmail.com',
      "rosatest@ｇｍａｉｌ.com",
      "rosatest(comment)@gmail.com",
      "rosatest@(comment)gmail.com",
      "rosa\u200btest@gmail.com",
      "rosa\u00adtest@gmail.com",
      "ｒｏｓａｔｅｓｔ@gmail.com",
      "Rosa.Test+x@GoogleMail.com",
      "rosatest@gmail.com.",
    ])
      expect(normaliseRecipient("email", spelling), spelling).toBe(mailbox);
    expect(mailboxParts("ana@bücher.de")).toEqual(["ana", "xn--bcher-kva.de"]);
    expect(normaliseRecipient("email", "not an address")).toBeNull();
  });

  it("of an ASCII address is what it was before (HMAC of the lower-cased mailbox), so stored opt-outs hold", async () => {
    const secret = "k".repeat(32);
    process.env.RECIPIENT_KEY_SECRET = secret;
    resetConfig();
    // As the key was built before: "email:" and the address lower-cased, +tag and Gmail's dots dropped.
    const before = (mailbox: string) =>
      createHmac("sha256", Buffer.from(secret)).update(`recipient:email:${mailbox}`).digest("hex");
    const cases: [string, string][] = [
      ["rosatest@gmail.com", "rosatest@gmail.com"],
      ["Rosa.Test+x@GoogleMail.com", "rosatest@gmail.com"],
      ["Ana.Cruz+family@Example.COM", "ana.cruz@example.com"],
      ["o'brien@example.co.uk", "o'brien@example.co.uk"],
      ["a_b@sub.example.org.", "a_b@sub.example.org"],
    ];
    for (const [address, mailbox] of cases) expect(await recipientKey("email", address), address).toBe(before(mailbox));
  });
});
