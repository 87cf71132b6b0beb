// Builds the app when the build is missing or older than its sources (build/.stamp, written at the
// end of `npm run build`): `npm start` and `npm run test:e2e` share it, so a build that the unit
// tests' server processes already made is not made again.
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

import { sourceStamp, STAMP_FILE } from "./build-stamp.ts";

export function buildIfStale(reason: string) {
  if (existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, "utf8") === sourceStamp()) return false;
  console.log(`Building the app (${reason})…`);
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!buildIfStale("changed sources")) console.log("The build is current: not building again.");
}
