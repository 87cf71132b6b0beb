// Where the e2e server listens and which database file it uses; shared by the config and the helpers.
// E2E_PORT lets two runs share a machine (each port gets its own database file).
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const PORT = Number(process.env.E2E_PORT ?? 3210);
// `localhost`, not 127.0.0.1: the cookies are Secure, and Chromium accepts Secure cookies on localhost.
export const BASE_URL = `http://localhost:${PORT}`;
export const DB_FILE = path.join(ROOT, "tests/.tmp", PORT === 3210 ? "e2e.db" : `e2e-${PORT}.db`);

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "demo1234";
