import { availableParallelism } from "node:os";

import { z } from "zod";

import { parseHost } from "~/http/host";
import { parseTrustProxy, type TrustProxy } from "~/http/trust-proxy.server";
import { SPEED_TRICKS } from "~/server/speed-tricks.server";
import type { ThirdPartyTags } from "~/telemetry/tags";

/** "first day/recurring" as decimal amounts in the currency's major unit, e.g. "0.99/29.99". */
const planAmounts = z.string().regex(/^\d+(\.\d{1,2})?\/\d+(\.\d{1,2})?$/, "first-day/recurring, e.g. 0.99/29.99");

/** An optional setting read by its own parser, whose error names what is wrong. */
const parsedSetting = (parse: (value: string | undefined) => { ok: true } | { ok: false; error: string }) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const parsed = parse(value);
      if (!parsed.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
    });

/** Every setting the server reads, validated once. docs/configuration.md lists each one (a test holds it). */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|sqlite3?:|postgres(ql)?:\/\/)./, "must be a file: (SQLite) or postgres:// address")
    .default("file:./data/app.db"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  // Database time limits (docs/deploy.md): opening a PostgreSQL connection, one statement, a
  // transaction left idle, a wait for a lock (PostgreSQL); how long SQLite waits for another process's write lock; how
  // long an interactive transaction may run, and wait for its turn.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
  DATABASE_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  // The longest any call to an outside service (SMS, voice, e-mail, number lookup, payments) may take.
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  // Messages to recipients (SMS, e-mail, voice: app/location-requests/delivery.server.ts): how many
  // times a send the provider surely refused (5xx, no connection) is tried, and the first wait between
  // tries (it doubles each time).
  MESSAGE_SEND_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
  MESSAGE_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PUBLIC_URL: z.string().url().optional(),
  // Other names this server answers to besides PUBLIC_URL's host: `name` (any port) or `name:port`.
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const entry of splitList(value))
        if (!parseHost(entry))
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${entry}" is not a host name or host:port` });
    }),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RSA_PRIVATE_KEY: z.string().includes("PRIVATE KEY").optional(),
  API_APP_IDS: z.string().optional(),
  // Web Push's VAPID key pair (RFC 8292, base64url as `npx web-push generate-vapid-keys` prints it: a
  // P-256 public point of 65 bytes, a private scalar of 32), and the contact the push services may
  // write to. Unset keys are made on first start and kept in the database (app/notifications/vapid.server.ts).
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "the base64url P-256 public key (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "the base64url P-256 private key (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "a mailto: address or an https: URL")
    .optional(),
  // Web origins whose pages may call /api/v1 from a browser (app/http/cors.server.ts); none by default.
  API_CORS_ORIGINS: parsedSetting(parseCorsOrigins),
  // What this server is for (docs/configuration.md): `live` sends and charges for real and refuses to start on
  // an embedded provider (the default of `npm run serve`); `sandbox` runs on the embedded providers on
  // purpose, with the outbox page; `demo` is a sandbox with the demo account (`npm start`). Outside
  // production the default is `sandbox`.
  APP_MODE: z.enum(["live", "sandbox", "demo"]).optional(),
  // 1: the outbox page of a sandbox or demo answers anyone, not only this machine (docs/security.md).
  OUTBOX_PUBLIC: z.enum(["0", "1"]).default("0"),
  MAIL_FROM: z.string().email().default("no-reply@familylocator.example"),
  CONTACT_EMAIL: z.string().email().default("support@familylocator.example"),
  SENDGRID_API_KEY: z.string().optional(),
  // The Event Webhook's verification key (SendGrid's "Signed Event Webhook", base64): /email/events
  // takes signed events only, and answers 404 without it.
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.string().min(20).optional(),
  // How old (or how far ahead) a signed event delivery's timestamp may be: a captured delivery replayed
  // later is refused, whatever its signature.
  SENDGRID_EVENT_MAX_AGE_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  // Checked here as Twilio's SDK would check it: the SDK is loaded only at the first call.
  TWILIO_ACCOUNT_SID: z.string().startsWith("AC", "must be the Account SID, which starts with AC").optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  // How long personal data is kept (docs/privacy.md; the privacy page shows the same values).
  RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  REQUEST_DATA_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  VOICE_MESSAGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  CONTACT_MESSAGE_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  ABUSE_REPORT_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  REFUND_REQUEST_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  OUTBOX_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  UNPAID_CHECKOUT_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // The recipient's protections (docs/decisions/012).
  RECIPIENT_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(3),
  DECLINE_COOLDOWN_HOURS: z.coerce.number().int().min(0).max(8760).default(72),
  REQUEST_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  RECIPIENT_KEY_SECRET: z.string().min(32).optional(),
  // Reverse geocoding: a Nominatim-compatible API (unset → the offline nearest place).
  REVERSE_GEOCODING_URL: z.string().url().optional(),
  REVERSE_GEOCODING_EMAIL: z.string().email().optional(),
  REVERSE_GEOCODING_KEY: z.string().optional(),
  REVERSE_GEOCODING_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2500),
  REVERSE_GEOCODING_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // The dashboard map's street tiles (unset → the offline outlines only: docs/decisions/031).
  MAP_TILE_URL: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(
      z
        .string()
        .url()
        .refine((v) => /^https?:\/\//.test(v) && ["{z}", "{x}", "{y}"].every((p) => v.includes(p)), {
          message: "must be an http(s) address with {z}, {x} and {y}",
        })
        .optional(),
    )
    .optional(),
  MAP_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
  // Off, a hop count or the proxies' addresses (app/http/trust-proxy.server.ts); never "trust every hop".
  TRUST_PROXY: parsedSetting(parseTrustProxy),
  // Processes: workers of `npm run serve` (unset → one per core), how long a stopping process lets
  // requests finish, the maintenance lease's time to live, and the log format.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  MAINTENANCE_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  LOG_FORMAT: z.enum(["json", "text"]).optional(),
  // Sign-in failures (app/auth/sign-in-throttle.server.ts): per address per 15 minutes, and free ones per
  // (address, account) before the doubling wait starts.
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  CODE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  CODE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  RESET_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  CHECKOUT_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  CHECKOUT_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  // Payments: the plan per locale, and the provider keys (none → the embedded sandbox checkout).
  PLAN_CURRENCY: z
    .string()
    .regex(/^(en|id|ph):[A-Z]{3}(,(en|id|ph):[A-Z]{3})*$/)
    .default("en:USD,id:IDR,ph:PHP"),
  PLAN_USD: planAmounts.default("0.99/29.99"),
  PLAN_IDR: planAmounts.default("15000/449000"),
  PLAN_PHP: planAmounts.default("49/1499"),
  PERIOD_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_PRODUCT_ID: z.string().optional(),
  PAYPAL_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
  // Telemetry: device reports, new-deployment polling and the third-party tags (none by default).
  DEVICE_REPORT_RETENTION_DAYS: z.coerce.number().int().min(1).max(730).default(90),
  DEVICE_REPORT_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  BUILD_POLL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  ICON_KIT_URL: z.string().url().optional(),
  GTM_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, "GTM-XXXXXXX")
    .optional(),
  GTM_ORIGIN: z.string().url().default("https://www.googletagmanager.com"),
  META_PIXEL_ID: z
    .string()
    .regex(/^\d{5,20}$/, "digits")
    .optional(),
  CLARITY_ID: z
    .string()
    .regex(/^[a-z0-9]{6,20}$/, "a Clarity project id")
    .optional(),
  FINGERPRINT_MONITORING: z.enum(["0", "1"]).default("0"),
  // Tests only (`TEST_…`; APP_MODE=live refuses every one, a live server talks to the providers
  // themselves): the providers' API addresses, pointed at the local fakes of tests/fakes by the tests
  // and `npm run dev -- --fakes`, and where the pixel's and the analytics' scripts load from (a fake
  // script server). GTM_ORIGIN is not one of them: it may name a server-side tagging container on the
  // operator's own domain.
  TEST_SENDGRID_BASE_URL: z.string().url().optional(),
  TEST_TWILIO_BASE_URL: z.string().url().optional(),
  TEST_STRIPE_API_HOST: z.string().optional(),
  TEST_STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  TEST_STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  TEST_PAYPAL_API_BASE: z.string().url().optional(),
  TEST_META_PIXEL_SCRIPT_URL: z.string().url().default("https://connect.facebook.net/en_US/fbevents.js"),
  TEST_CLARITY_ORIGIN: z.string().url().default("https://www.clarity.ms"),
  // The speed tricks a bench server runs without, comma-separated (app/server/speed-tricks.server.ts
  // reads it at its load, before the configuration; it is listed here so that live mode refuses it).
  TEST_WITHOUT_TRICKS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      for (const name of splitList(value))
        if (!(SPEED_TRICKS as readonly string[]).includes(name))
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${name}" is not one of ${SPEED_TRICKS.join(", ")}` });
    }),
});

/** The names of every setting (docs/configuration.md documents each). */
export const SETTING_NAMES = Object.keys(schema.shape);

export type Config = ReturnType<typeof loadConfig>;

/** The settings only tests set (their names start with `TEST_`): refused when APP_MODE is live. */
export const TEST_SETTING_NAMES = SETTING_NAMES.filter((name) => name.startsWith("TEST_"));

/**
 * Former names, and what replaced them: a server given one of them says so instead of ignoring it.
 * `APP_MODE` replaced three switches; the providers' API addresses became test settings.
 */
const REPLACED: Record<string, string> = {
  DEMO_MODE: "APP_MODE (live, sandbox or demo)",
  OUTBOX_PAGE: "APP_MODE (live, sandbox or demo)",
  EMBEDDED_PROVIDERS: "APP_MODE (live, sandbox or demo)",
  SENDGRID_BASE_URL: "TEST_SENDGRID_BASE_URL (tests only)",
  TWILIO_BASE_URL: "TEST_TWILIO_BASE_URL (tests only)",
  STRIPE_API_HOST: "TEST_STRIPE_API_HOST (tests only)",
  STRIPE_API_PORT: "TEST_STRIPE_API_PORT (tests only)",
  STRIPE_API_PROTOCOL: "TEST_STRIPE_API_PROTOCOL (tests only)",
  PAYPAL_API_BASE: "TEST_PAYPAL_API_BASE (tests only)",
  META_PIXEL_SCRIPT_URL: "TEST_META_PIXEL_SCRIPT_URL (tests only)",
  CLARITY_ORIGIN: "TEST_CLARITY_ORIGIN (tests only)",
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(env);
  const replaced = Object.keys(REPLACED).filter((name) => env[name] !== undefined);
  // Read from the environment, not the parsed settings: an invalid one is still named here.
  const live = (env.APP_MODE ?? (env.NODE_ENV === "production" ? "live" : undefined)) === "live";
  const testOnly = live ? TEST_SETTING_NAMES.filter((name) => env[name] !== undefined) : [];
  if (!parsed.success || replaced.length > 0 || testOnly.length > 0) {
    const problems = [
      ...(parsed.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`),
      ...replaced.map((name) => `${name}: replaced by ${REPLACED[name]}`),
      ...(testOnly.length > 0 ? [`${testOnly.join(", ")}: for tests only, refused when APP_MODE is live`] : []),
    ].join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined))
    throw new Error("Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither");
  const publicUrl = new URL(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`);
  const mode = c.APP_MODE ?? (c.NODE_ENV === "production" ? "live" : "sandbox");
  const demo = mode === "demo";
  return {
    ...c,
    publicUrl,
    mode,
    demo,
    // Browsers treat localhost as a secure context, so Secure cookies work there over http too.
    cookieSecure: publicUrl.protocol === "https:" || publicUrl.hostname === "localhost",
    outboxPage: mode !== "live",
    outboxPublic: c.OUTBOX_PUBLIC === "1",
    // Vite's dev server (hot reload) runs in one process.
    workers: c.NODE_ENV === "development" ? 1 : (c.WEB_CONCURRENCY ?? availableParallelism()),
    logFormat: c.LOG_FORMAT ?? (c.NODE_ENV === "production" ? "json" : "text"),
    appIds: c.API_APP_IDS ? splitList(c.API_APP_IDS) : null,
    // The names the server answers to (app/http/host.ts): PUBLIC_URL's, ALLOWED_HOSTS, and loopback
    // names where nobody else can reach it by them (development, tests, the demo of `npm start`).
    hosts: {
      allowed: splitList(c.ALLOWED_HOSTS).map((entry) => parseHost(entry)!),
      loopback: c.NODE_ENV !== "production" || demo,
    },
    corsOrigins: (parseCorsOrigins(c.API_CORS_ORIGINS) as { ok: true; value: string[] }).value,
    plans: planTable(c),
    trustProxy: (parseTrustProxy(c.TRUST_PROXY) as { ok: true; value: TrustProxy }).value,
    thirdParty: thirdPartyTags(c),
  };
}

/** A comma-separated setting as its trimmed, non-empty entries. */
function splitList(value: string | undefined) {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= loadConfig();
  return cached;
}

/** For tests that change the environment between cases. */
export function resetConfig() {
  cached = undefined;
}

/**
 * API_CORS_ORIGINS: a comma-separated list of web origins (`https://partner.example`, a port when it
 * is not the scheme's), each compared exactly with a browser's `Origin` header. No wildcard and no
 * `null`: an origin is granted by name or not at all.
 */
export function parseCorsOrigins(
  value: string | undefined,
): { ok: true; value: string[] } | { ok: false; error: string } {
  const origins: string[] = [];
  for (const item of (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      return { ok: false, error: `${item} is not an origin (https://host or https://host:port)` };
    }
    const bare = item.replace(/\/$/, "");
    if (!["http:", "https:"].includes(url.protocol) || url.origin !== bare.toLowerCase() || item.includes("*"))
      return { ok: false, error: `${item} is not an origin: scheme, host and port only, no path or wildcard` };
    origins.push(url.origin);
  }
  return { ok: true, value: origins };
}

/** Minor units (cents) from a decimal string, without floating-point rounding. */
function minorUnits(decimal: string) {
  const [whole = "0", fraction = ""] = decimal.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export type PlanConfig = { currency: string; firstDayAmount: number; amount: number; periodDays: number };

/** The plan each locale buys: its currency, the first-day and the recurring amount (minor units). */
function planTable(c: z.infer<typeof schema>): Record<"en" | "id" | "ph", PlanConfig> {
  const amounts: Record<string, string> = { USD: c.PLAN_USD, IDR: c.PLAN_IDR, PHP: c.PLAN_PHP };
  const byLocale = Object.fromEntries(c.PLAN_CURRENCY.split(",").map((pair) => pair.split(":") as [string, string]));
  const plan = (locale: "en" | "id" | "ph"): PlanConfig => {
    const currency = byLocale[locale] ?? "USD";
    const [first, recurring] = (amounts[currency] ?? c.PLAN_USD).split("/") as [string, string];
    return {
      currency: amounts[currency] ? currency : "USD",
      firstDayAmount: minorUnits(first),
      amount: minorUnits(recurring),
      periodDays: c.PERIOD_DAYS,
    };
  };
  return { en: plan("en"), id: plan("id"), ph: plan("ph") };
}

/** The third-party tags the operator configured (spec section 7); none by default. */
function thirdPartyTags(c: z.infer<typeof schema>): ThirdPartyTags {
  const origin = (url: string) => url.replace(/\/+$/, "");
  return {
    ...(c.ICON_KIT_URL ? { iconKitUrl: c.ICON_KIT_URL } : {}),
    ...(c.GTM_ID ? { tagManager: { id: c.GTM_ID, origin: origin(c.GTM_ORIGIN) } } : {}),
    ...(c.META_PIXEL_ID ? { pixel: { id: c.META_PIXEL_ID, scriptUrl: c.TEST_META_PIXEL_SCRIPT_URL } } : {}),
    ...(c.CLARITY_ID ? { analytics: { id: c.CLARITY_ID, origin: origin(c.TEST_CLARITY_ORIGIN) } } : {}),
    ...(c.FINGERPRINT_MONITORING === "1" ? { fingerprintMonitoring: true as const } : {}),
  };
}
