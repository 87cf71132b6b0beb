// `npm start`: the app with the demo account on the embedded defaults. Builds first when the build
// is missing or older than the sources; migrations and the seed run in server.ts.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

import { sourceStamp, STAMP_FILE } from "./build-stamp.ts";

const current = existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, "utf8") === sourceStamp();
if (!current) {
  console.log("Building the app (first start or changed sources)…");
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
process.env.NODE_ENV = "production";
process.env.DEMO_MODE ??= "1";
await import("../server.ts");
