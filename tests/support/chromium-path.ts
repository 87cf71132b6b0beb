// Which Chromium the browser tests drive: Debian's when it is installed, otherwise the one shipped
// inside the `@sparticuz/chromium` dev dependency (unpacked to /tmp on first use, no download), so that
// `npm ci && npm test` needs nothing else on a fresh machine. CHROMIUM_PATH overrides both.
import { existsSync } from "node:fs";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export async function chromiumExecutable(): Promise<{ path: string; source: string }> {
  const forced = process.env.CHROMIUM_PATH;
  if (forced) {
    if (!existsSync(forced)) throw new Error(`CHROMIUM_PATH=${forced} does not exist`);
    return { path: forced, source: "CHROMIUM_PATH" };
  }
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: "Debian's chromium package" };
  const { default: packaged } = await import("@sparticuz/chromium");
  return { path: await packaged.executablePath(), source: "the @sparticuz/chromium npm package" };
}
