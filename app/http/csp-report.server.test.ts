// CSP violation reports in both formats browsers send: report-uri's `{"csp-report": {...}}` and the
// Reporting API's list of `{type: "csp-violation", body: {...}}` (with `documentURL`, `blockedURL`).
import { afterEach, describe, expect, it } from "vitest";

import { setupLog } from "~/server/log.server";

import { captureLog } from "../../tests/support/log";
import { logCspReport } from "./csp-report.server";

let ip = 0;
const post = (body: unknown, type = "application/csp-report") =>
  logCspReport(
    new Request("http://localhost:3000/csp-report", {
      method: "POST",
      headers: { "Content-Type": type, "x-client-ip": `198.51.100.${(ip += 1)}` },
      body: JSON.stringify(body),
    }),
  );

let restore: (() => void) | undefined;
/** The violations logged, as the JSON log writes them (`msg` is the event's name). */
function logged() {
  setupLog("json");
  const log = captureLog();
  restore = () => {
    log.restore();
    setupLog("text");
  };
  return () =>
    log.err().map((line) => {
      const { msg, time: _time, level: _level, pid: _pid, ...fields } = JSON.parse(line) as Record<string, unknown>;
      return { event: msg, ...fields } as Record<string, unknown>;
    });
}
afterEach(() => restore?.());

describe("CSP reports", () => {
  it("reads report-uri's format", async () => {
    const lines = logged();
    const answer = await post({
      "csp-report": {
        "document-uri": "https://familylocator.example/dashboard",
        "blocked-uri": "https://evil.example/x.js",
        "violated-directive": "script-src",
        "line-number": 12,
      },
    });
    expect(answer.status).toBe(204);
    expect(lines()).toEqual([
      {
        event: "csp-violation",
        documentUrl: "https://familylocator.example/dashboard",
        blockedUrl: "https://evil.example/x.js",
        violatedDirective: "script-src",
        lineNumber: 12,
      },
    ]);
  });

  it("reads the Reporting API's format, documentURL and blockedURL included", async () => {
    const lines = logged();
    const answer = await post(
      [
        {
          type: "csp-violation",
          age: 10,
          url: "https://familylocator.example/",
          body: {
            documentURL: "https://familylocator.example/",
            blockedURL: "inline",
            effectiveDirective: "style-src-elem",
            disposition: "enforce",
            statusCode: 200,
            sample: "color:red",
          },
        },
        { type: "deprecation", body: { id: "x" } },
      ],
      "application/reports+json",
    );
    expect(answer.status).toBe(204);
    expect(lines()).toEqual([
      {
        event: "csp-violation",
        documentUrl: "https://familylocator.example/",
        blockedUrl: "inline",
        effectiveDirective: "style-src-elem",
        disposition: "enforce",
        statusCode: 200,
        sample: "color:red",
      },
    ]);
  });

  it("escapes control characters and clips long values", async () => {
    const lines = logged();
    await post({ "csp-report": { "document-uri": `https://x.example/\u2028\u0085\u001b[31m${"a".repeat(400)}` } });
    const [line] = lines();
    // eslint-disable-next-line no-control-regex -- the escaped characters are the point
    expect(String(line!.documentUrl)).not.toMatch(/[\u2028\u0085\u001b]/);
    expect(String(line!.documentUrl)).toContain("\\u2028");
    expect(String(line!.documentUrl).length).toBeLessThan(340);
  });

  it("answers 400 to a body that is no report", async () => {
    logged();
    expect((await post({ hello: "world" })).status).toBe(400);
  });
});
