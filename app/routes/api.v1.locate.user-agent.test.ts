import { afterEach, describe, expect, it } from "vitest";

import { db } from "~/db/db.server";
import { runMaintenance } from "~/jobs/maintenance.server";
import { resetConfig } from "~/server/config.server";
import { DAY, HOUR } from "~/utils/time";

import { awayFromWindowEnd } from "../../tests/support/clock";
import { apiRequest, readEnvelope, routeArgs } from "../../tests/support/factories";
import { action, loader } from "./api.v1.locate.user-agent";

// Each test gets its own visitor id: the database is shared by the tests of this file.
const valid = (visitorId = "3f2a9c1e5b7d40a8b6c2e9f1a0d4c7b3") => ({
  visitorId,
  userAgent:
    "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  osName: "Android",
  osVersion: "14",
  browserName: "Chrome",
  browserVersion: "131.0.0.0",
  deviceType: "mobile",
  deviceBrand: "Samsung",
  deviceModel: "SM-A546E",
  pageUrl: "https://familylocator.example/id/blog?source=fb",
  referrerUrl: "https://www.facebook.com/",
  source: "fb",
  visitTime: new Date().toISOString(),
});

const send = (json: unknown, ip = "198.51.100.20") =>
  action(routeArgs(apiRequest("/api/v1/locate/userAgent", { json, ip })));

afterEach(() => {
  delete process.env.DEVICE_REPORT_LIMIT_PER_IP;
  delete process.env.DEVICE_REPORT_RETENTION_DAYS;
  resetConfig();
});

describe("POST /api/v1/locate/userAgent", () => {
  it("stores a valid report with the host and without the client address", async () => {
    const res = await send(valid());
    expect(res.status).toBe(200);
    const { data } = await readEnvelope(res);
    const row = await db().deviceReport.findUniqueOrThrow({ where: { id: (data as { id: string }).id } });
    expect(row).toMatchObject({ ...valid(), visitTime: expect.any(Date), host: "localhost:3000" });
    expect(JSON.stringify(row)).not.toContain("198.51.100.20");
  });

  it("stores a report without a visitor id: the visitor has not accepted the cookie banner", async () => {
    const res = await send(valid(""));
    expect(res.status).toBe(200);
    const { data } = await readEnvelope(res);
    const row = await db().deviceReport.findUniqueOrThrow({ where: { id: (data as { id: string }).id } });
    expect(row.visitorId).toBe("");
  });

  it("accepts a desktop report with the empty fields ua-parser leaves", async () => {
    const res = await send({
      ...valid(),
      deviceType: "desktop",
      deviceBrand: "",
      deviceModel: "",
      referrerUrl: "",
      source: "",
    });
    expect(res.status).toBe(200);
  });

  const invalid: [string, unknown][] = [
    ["visitorId", "short"],
    ["visitorId", "x".repeat(65)],
    ["visitorId", "<script>"],
    ["userAgent", ""],
    ["userAgent", "a".repeat(513)],
    ["osName", "o".repeat(65)],
    ["osVersion", 14],
    ["browserName", "b".repeat(65)],
    ["browserVersion", null],
    ["deviceType", "phone"],
    ["deviceBrand", "b".repeat(65)],
    ["deviceModel", "m".repeat(65)],
    ["pageUrl", "not a url"],
    ["pageUrl", "javascript:alert(1)"],
    ["pageUrl", `https://familylocator.example/${"p".repeat(2048)}`],
    ["referrerUrl", "ftp://example.com/"],
    ["source", "s".repeat(129)],
    ["visitTime", "yesterday"],
    ["visitTime", new Date(Date.now() + 3 * DAY).toISOString()],
  ];
  it.each(invalid)("answers 400 naming %s for a bad value", async (field, value) => {
    const res = await send({ ...valid(), [field]: value });
    expect(res.status).toBe(400);
    expect((await readEnvelope(res)).message).toBe(
      `The field '${field}' is missing, has the wrong type or is outside its allowed size or form.`,
    );
  });

  it("answers 400 for a missing field and for an unknown one", async () => {
    const { source: _source, ...missing } = valid("missingfield000");
    expect((await send(missing)).status).toBe(400);
    expect((await send({ ...valid("unknownfield000"), ip: "1.2.3.4" })).status).toBe(400);
    expect(
      await db().deviceReport.count({ where: { visitorId: { in: ["missingfield000", "unknownfield000"] } } }),
    ).toBe(0);
  });

  it("throttles one client address and not another", async () => {
    process.env.DEVICE_REPORT_LIMIT_PER_IP = "3";
    resetConfig();
    const report = valid("throttled000000");
    await awayFromWindowEnd(HOUR);
    for (let i = 0; i < 3; i++) expect((await send(report, "198.51.100.30")).status).toBe(200);
    const limited = await send(report, "198.51.100.30");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await send(report, "198.51.100.31")).status).toBe(200);
    expect(await db().deviceReport.count({ where: { visitorId: report.visitorId } })).toBe(4);
  });

  it("answers GET with 405", async () => {
    const res = await loader(routeArgs(apiRequest("/api/v1/locate/userAgent")));
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });
});

describe("device report retention", () => {
  it("deletes reports older than DEVICE_REPORT_RETENTION_DAYS in the maintenance sweep", async () => {
    process.env.DEVICE_REPORT_RETENTION_DAYS = "10";
    resetConfig();
    const base = { ...valid("retention000000"), host: "localhost", visitTime: new Date() };
    await db().deviceReport.create({ data: { ...base, createdAt: new Date(Date.now() - 11 * DAY) } });
    await db().deviceReport.create({ data: { ...base, createdAt: new Date(Date.now() - 9 * DAY) } });
    await runMaintenance();
    const kept = await db().deviceReport.findMany({ where: { visitorId: base.visitorId } });
    expect(kept).toHaveLength(1);
    expect(kept[0]!.createdAt.getTime()).toBeGreaterThan(Date.now() - 10 * DAY);
  });
});
