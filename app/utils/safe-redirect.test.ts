import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/id/blog?page=2#top", "/id/blog?page=2#top"],
    ["/", "/"],
    ["/a/../b", "/b"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(safeRedirect(input, "/fallback")).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/ /evil.example".replace(" ", "\u0000"),
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "https://evil.example/",
    "http:/evil.example",
    "javascript:alert(1)",
    " /dashboard",
    "evil.example",
    "",
    "/%E0%A4%A",
  ])("refuses %j", (input) => {
    expect(safeRedirect(input, "/fallback")).toBe("/fallback");
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
    expect(safeRedirect(new File(["x"], "x.txt"), "/x")).toBe("/x");
  });

  it("never returns anything a browser would read as another origin", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom("/", "\\", "\t", "\n", "%", "2", "F", "5", "C", "e", ".", ":", "@", "?", "#", " "),
        }),
        (input) => {
          const result = safeRedirect(input, "/fallback");
          const resolved = new URL(result, "https://site.example");
          expect(resolved.origin).toBe("https://site.example");
          expect(result.startsWith("/")).toBe(true);
          expect(decodeURIComponent(resolved.pathname).startsWith("//")).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
