import { describe, expect, it } from "vitest";

import { formatAge, formatTime } from "./live-times";

describe("a time of day in a zone", () => {
  const now = new Date("2026-11-28T14:00:00Z"); // 22:00 in Manila
  it("is the time alone on the same day in that zone", () => {
    expect(formatTime("2026-11-28T15:30:00Z", "en-US", "Asia/Manila", now)).toBe("11:30 PM");
  });

  it("names the day when it falls on another day in that zone", () => {
    // 00:30 on the 29th in Manila, though still the 28th in UTC.
    expect(formatTime("2026-11-28T16:30:00Z", "en-US", "Asia/Manila", now)).toBe("Nov 29, 12:30 AM");
    expect(formatTime("2026-11-28T16:30:00Z", "en-US", "UTC", now)).toBe("4:30 PM");
    expect(formatTime("2026-11-28T16:30:00Z", "id-ID", "Asia/Jakarta", now)).toBe("23.30");
    expect(formatTime("2026-11-28T17:30:00Z", "id-ID", "Asia/Jakarta", now)).toBe("29 Nov, 0.30");
  });

  it("an age in the reader's language", () => {
    expect(formatAge("2026-11-28T13:59:40Z", "en-US", now.getTime())).toBe("20 sec. ago");
    expect(formatAge("2026-11-28T13:57:00Z", "en-US", now.getTime())).toBe("3 min. ago");
  });
});
