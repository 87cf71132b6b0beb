import { describe, expect, it } from "vitest";

import { createTranslate } from "./translate";

describe("createTranslate", () => {
  const t = createTranslate({ a: { b: "Hi {{name}}" }, n_one: "{{count}} item", n_other: "{{count}} items" }, "en");
  it("looks up dotted keys and interpolates", () => expect(t("a.b", { name: "Ana" })).toBe("Hi Ana"));
  it("picks plural forms", () => {
    expect(t("n", { count: 1 })).toBe("1 item");
    expect(t("n", { count: 3 })).toBe("3 items");
  });
  it("returns the key when missing", () => expect(t("missing.key")).toBe("missing.key"));
});
