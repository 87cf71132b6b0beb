// The outcome a recipient page announces: named by the redirect that answers a post, shown only when
// the page's own state agrees, so that an address cannot make a page claim what did not happen.
import { describe, expect, it } from "vitest";

import { outcomeHolds, outcomeOf, withOutcome } from "./outcome";

const none = { optedOut: false, blocked: false, erased: false };

describe("outcome", () => {
  it("is carried by the answering address and read back, nothing else", () => {
    expect(withOutcome("/id/AbCd1234EfGh56", "block")).toBe("/id/AbCd1234EfGh56?done=block");
    expect(withOutcome("/share?c=AbCd1234", "erase")).toBe("/share?c=AbCd1234&done=erase");
    expect(outcomeOf("http://x/share?c=AbCd1234&done=erase")).toBe("erase");
    for (const forged of ["done=", "done=constructor", "done=<b>", "done=block&done=erase", "x=1"])
      expect(outcomeOf(`http://x/share?c=AbCd1234&${forged}`), forged).toBe(
        forged.startsWith("done=block") ? "block" : null,
      );
  });

  it("holds only when the recipient's controls show it", () => {
    expect(outcomeHolds("block", null)).toBe(false);
    expect(outcomeHolds("block", none)).toBe(false);
    expect(outcomeHolds("block", { ...none, blocked: true })).toBe(true);
    expect(outcomeHolds("unblock", none)).toBe(true);
    expect(outcomeHolds("optOut", none)).toBe(false);
    expect(outcomeHolds("optOut", { ...none, optedOut: true })).toBe(true);
    expect(outcomeHolds("undoOptOut", { ...none, optedOut: true })).toBe(false);
    expect(outcomeHolds("erase", none)).toBe(false);
    expect(outcomeHolds("erase", { ...none, erased: true })).toBe(true);
    expect(outcomeHolds("report", { optedOut: true, blocked: true, erased: true })).toBe(false);
  });
});
