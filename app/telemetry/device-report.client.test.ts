import { expect, it } from "vitest";

import { deviceReportSchema } from "~/telemetry/device-report.server";

import { buildReport, deviceTypeOf } from "./device-report.client";

const IPAD =
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

it("maps ua-parser's device types to the spec's three, undefined being a desktop", () => {
  expect(deviceTypeOf("tablet")).toBe("tablet");
  expect(deviceTypeOf("mobile")).toBe("mobile");
  expect(deviceTypeOf("wearable")).toBe("mobile");
  expect(deviceTypeOf(undefined)).toBe("desktop");
  expect(deviceTypeOf("smarttv")).toBe("desktop");
});

it("builds a report the server accepts, for a tablet and for a desktop", () => {
  const now = new Date("2026-11-22T01:00:00.000Z");
  const tablet = buildReport(
    "3f2a9c1e5b7d40a8b6c2e9f1a0d4c7b3",
    IPAD,
    "https://familylocator.example/ph?source=ads",
    "",
    now,
  );
  expect(tablet).toMatchObject({
    osName: "iOS",
    osVersion: "17.5",
    browserName: "Mobile Safari",
    deviceType: "tablet",
    deviceBrand: "Apple",
    deviceModel: "iPad",
    source: "ads",
    referrerUrl: "",
    visitTime: "2026-11-22T01:00:00.000Z",
  });
  expect(deviceReportSchema.safeParse(tablet).success).toBe(true);

  const desktop = buildReport(
    "3f2a9c1e5b7d40a8b6c2e9f1a0d4c7b3",
    WINDOWS,
    "https://familylocator.example/",
    "https://www.google.com/",
    now,
  );
  expect(desktop).toMatchObject({
    osName: "Windows",
    osVersion: "10",
    browserName: "Chrome",
    deviceType: "desktop",
    deviceBrand: "",
    deviceModel: "",
    source: "",
    referrerUrl: "https://www.google.com/",
  });
  expect(deviceReportSchema.safeParse(desktop).success).toBe(true);
});

it("cuts over-long values to the server's limits instead of losing the report", () => {
  const long = buildReport(
    "3f2a9c1e5b7d40a8b6c2e9f1a0d4c7b3",
    `${WINDOWS} ${"x".repeat(600)}`,
    `https://familylocator.example/?source=${"s".repeat(300)}&p=${"p".repeat(3000)}`,
    "android-app://com.example/",
  );
  expect(long.userAgent).toHaveLength(512);
  expect(long.source).toHaveLength(128);
  expect(long.pageUrl).toHaveLength(2048);
  // A referrer that is not a web page (an app) is not a URL the server stores.
  expect(long.referrerUrl).toBe("");
  expect(deviceReportSchema.safeParse(long).success).toBe(true);
});
