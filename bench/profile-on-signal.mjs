// Preloaded into the app server by `npm run bench -- --profile` (node --import=…): SIGUSR2
// starts V8's CPU profiler (after the warm-up, so start-up and warm-up are left out), SIGTERM stops it,
// writes BENCH_PROFILE_DIR/<pid>.cpuprofile and exits.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";

const dir = process.env.BENCH_PROFILE_DIR;
const session = new Session();
session.connect();
let started = false;

process.on("SIGUSR2", () => {
  started = true;
  void session.post("Profiler.enable").then(() => session.post("Profiler.start"));
});
process.once("SIGTERM", async () => {
  if (started && dir) {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(profile));
  }
  process.exit(0);
});
