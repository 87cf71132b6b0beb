import { z } from "zod";

/** Every setting the server reads, validated once. The README lists each one. */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().min(1).default("file:./data/app.db"),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RSA_PRIVATE_KEY: z.string().includes("PRIVATE KEY").optional(),
  API_APP_IDS: z.string().optional(),
  DEMO_MODE: z.enum(["0", "1"]).default("0"),
  OUTBOX_PAGE: z.enum(["0", "1"]).optional(),
  MAIL_FROM: z.string().email().default("no-reply@familylocator.example"),
  CONTACT_EMAIL: z.string().email().default("support@familylocator.example"),
  SENDGRID_API_KEY: z.string().optional(),
  SENDGRID_BASE_URL: z.string().url().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  TWILIO_BASE_URL: z.string().url().optional(),
  RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  MAP_ATTRIBUTION: z.string().default("© OpenStreetMap contributors"),
  TRUST_PROXY: z.enum(["0", "1"]).default("0"),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  CODE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  CODE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  const publicUrl = new URL(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`);
  const demo = c.DEMO_MODE === "1";
  return {
    ...c,
    publicUrl,
    demo,
    // Browsers treat localhost as a secure context, so Secure cookies work there over http too.
    cookieSecure: publicUrl.protocol === "https:" || publicUrl.hostname === "localhost",
    outboxPage: c.OUTBOX_PAGE ? c.OUTBOX_PAGE === "1" : demo || c.NODE_ENV !== "production",
    appIds: c.API_APP_IDS ? c.API_APP_IDS.split(",").map((s) => s.trim()).filter(Boolean) : null,
  };
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
