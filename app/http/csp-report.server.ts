import { hit } from "~/limits/rate-limit.server";
import { escapeForLog, log } from "~/server/log.server";
import { clientIp } from "~/utils/client-ip.server";
import { HOUR } from "~/utils/time";

/** Reports accepted per client address and hour; more are dropped unread (a page can loop). */
export const CSP_REPORTS_PER_HOUR = 60;
const FIELD_CHARS = 300;
/**
 * Each field as logged, then its names: report-uri's (`document-uri`) and the Reporting API's
 * (`documentURL`, in the `body` of a `csp-violation` report).
 */
const FIELDS = [
  ["documentUrl", "document-uri", "documentURL"],
  ["referrer", "referrer"],
  ["violatedDirective", "violated-directive"],
  ["effectiveDirective", "effective-directive", "effectiveDirective"],
  ["blockedUrl", "blocked-uri", "blockedURL"],
  ["sourceFile", "source-file", "sourceFile"],
  ["lineNumber", "line-number", "lineNumber"],
  ["columnNumber", "column-number", "columnNumber"],
  ["disposition", "disposition"],
  ["statusCode", "status-code", "statusCode"],
  ["sample", "script-sample", "sample"],
] as const;

const clip = (value: unknown) =>
  typeof value === "string"
    ? escapeForLog(value.slice(0, FIELD_CHARS))
    : typeof value === "number" && Number.isFinite(value)
      ? value
      : undefined;

/** The known fields of one report (report-uri's `csp-report` object, or a Reporting API `body`), clipped. */
export function cspViolation(raw: unknown) {
  if (!raw || typeof raw !== "object") return null;
  const report = raw as Record<string, unknown>;
  const violation: Record<string, string | number> = {};
  for (const [name, ...aliases] of FIELDS) {
    const value = clip(aliases.map((alias) => report[alias]).find((v) => v !== undefined));
    if (value !== undefined && value !== "") violation[name] = value;
  }
  return Object.keys(violation).length ? violation : null;
}

/** Reports in either format: `{"csp-report": {...}}` or a Reporting API list `[{type, body}]`. */
function violations(json: unknown) {
  if (Array.isArray(json)) {
    return json
      .slice(0, 10)
      .filter((entry) => entry && typeof entry === "object" && (entry as { type?: unknown }).type === "csp-violation")
      .map((entry) => cspViolation((entry as { body?: unknown }).body));
  }
  if (json && typeof json === "object" && "csp-report" in json)
    return [cspViolation((json as Record<string, unknown>)["csp-report"])];
  return [];
}

/**
 * Logs the violations of a report as one structured line each (`{"event":"csp-violation",...}`).
 * Answers 204 whether or not anything was logged, 429 past the per-address limit; the body was
 * bounded at the edge (16 KB).
 */
export async function logCspReport(request: Request) {
  const limit = await hit(`csp-report:ip:${clientIp(request)}`, CSP_REPORTS_PER_HOUR, HOUR);
  if (!limit.ok)
    return new Response(null, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  let json: unknown = null;
  try {
    json = JSON.parse(await request.text());
  } catch {
    return new Response(null, { status: 400 });
  }
  const found = violations(json).filter((v): v is Record<string, string | number> => v !== null);
  for (const violation of found) log("warn", "csp-violation", violation);
  return new Response(null, { status: found.length ? 204 : 400 });
}
