// A fingerprint of everything the client and server builds are made from: `npm start` rebuilds
// when build/.stamp differs.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const INPUTS = [
  "app",
  "locales",
  "public",
  "server.ts",
  "remix.config.js",
  "vite.config.ts",
  "package-lock.json",
  "prisma/schema.prisma",
  "scripts/build-server.ts",
  "scripts/write-build-stamp.ts",
];
const SKIP = new Set(["generated", "node_modules"]);

function files(entry: string): string[] {
  if (!existsSync(entry)) return [];
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry)
    .filter((name) => !SKIP.has(name) && !name.endsWith(".test.ts") && !name.endsWith(".test.tsx"))
    .sort()
    .flatMap((name) => files(path.join(entry, name)));
}

export function sourceStamp() {
  const hash = createHash("sha256");
  for (const file of INPUTS.flatMap(files)) hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex");
}

export const STAMP_FILE = "build/.stamp";
