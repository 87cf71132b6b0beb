// The one normaliser for text someone else reads: what a phone shows is what the checks see.
import { describe, expect, it } from "vitest";

import { cleanLine, cleanText, hasInvisible, normaliseText } from "./display-text";

describe("normaliseText", () => {
  it("removes every invisible character, format or not", () => {
    const invisible = [
      "\u00ad", // soft hyphen
      "\u034f", // combining grapheme joiner (Mn)
      "\u061c", // Arabic letter mark
      "\u115f", // Hangul choseong filler (Lo)
      "\u1160", // Hangul jungseong filler (Lo)
      "\u17b4", // Khmer inherent vowel (Mn)
      "\u180b",
      "\u180e", // Mongolian vowel separator
      "\u180f",
      "\u200b",
      "\u200d",
      "\u202e", // right-to-left override
      "\u2066",
      "\u3164", // Hangul filler (Lo)
      "\ufe0f", // variation selector
      "\ufeff",
      "\uffa0", // half-width Hangul filler (Lo)
      "\u{e0041}", // tag
      "\u{e0100}", // variation selector supplement
    ];
    for (const c of invisible) {
      const code = c.codePointAt(0)!.toString(16);
      expect(normaliseText(`bdo${c}-verify.c${c}om`), code).toBe("bdo-verify.com");
      expect(hasInvisible(`a${c}b`), code).toBe(true);
    }
    expect(hasInvisible("José Rizal")).toBe(false);
  });

  it("folds compatibility forms: full-width letters and dots, ligatures, superscripts", () => {
    expect(normaliseText("ｂｄｏ－ｖｅｒｉｆｙ．ｃｏｍ")).toBe("bdo-verify.com");
    expect(normaliseText("ﬁle²")).toBe("file2");
  });

  it("writes the digits of every script in ASCII", () => {
    expect(normaliseText("٠٩١٧ ١٢٣ ٤٥٦٧")).toBe("0917 123 4567"); // Arabic-Indic
    expect(normaliseText("۰۹۱۷")).toBe("0917"); // Extended Arabic-Indic (Persian)
    expect(normaliseText("०९१७ १२३ ४५६७")).toBe("0917 123 4567"); // Devanagari
    expect(normaliseText("০৯১৭ ১২৩ ৪৫৬৭")).toBe("0917 123 4567"); // Bengali
    expect(normaliseText("๐๙๑๗ ๑๒๓ ๔๕๖๗")).toBe("0917 123 4567"); // Thai
    expect(normaliseText("０９１７")).toBe("0917"); // full-width
    expect(normaliseText("\u{1d7ce}\u{1d7d7}\u{1d7e2}\u{1d7f6}\u{1d7ff}")).toBe("09009"); // mathematical, adjacent runs
    expect(normaliseText("\u{104a0}\u{104a9}")).toBe("09"); // Osmanya
  });

  it("leaves ordinary names as they are", () => {
    for (const name of ["Mom", "Dr. Ana Cruz", "Tita Bing 2", "José Rizal Jr.", "Ibu Sri Wahyuni", "Nguyễn Thị Lan"])
      expect(normaliseText(name)).toBe(name);
  });
});

describe("cleanLine", () => {
  it("gives one line: breaks and controls become spaces, invisible characters go", () => {
    expect(cleanLine(" Ana\r\nFrom: Your bank\u202e\u0007 ")).toBe("Ana From: Your bank");
    expect(cleanLine("Ana\u2028Maria\u00a0 Cruz")).toBe("Ana Maria Cruz");
    expect(cleanLine("www\u00ad.bdo-verify.c\u00adom")).toBe("www.bdo-verify.com");
  });
});

describe("cleanText", () => {
  it("keeps paragraphs, drops control and invisible characters", () => {
    expect(cleanText(" a\u202eb \u0000c\n\n\n\nd\te ")).toBe("ab c\n\nd e");
    expect(cleanText("\r\n")).toBe("");
    expect(cleanText("Call ٠٩١٧\u200b ١٢٣ ٤٥٦٧")).toBe("Call 0917 123 4567");
  });
});
