import { describe, expect, it } from "vitest";

import { internationalNumber } from "./format.server";

describe("internationalNumber", () => {
  it("groups a stored number in international format", () => {
    expect(internationalNumber("+6281234567890")).toBe("+62 812 3456 7890");
    expect(internationalNumber("+639171234567")).toBe("+63 917 123 4567");
  });

  it("shows what does not parse as it was stored", () => {
    expect(internationalNumber("+1")).toBe("+1");
    expect(internationalNumber("not a number")).toBe("not a number");
  });
});
