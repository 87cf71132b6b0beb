// Sums V8 CPU profiles (`node --cpu-prof`) into self time per function and per package, so that a
// benchmark run says where the server's time went.
import { readFileSync } from "node:fs";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const SPECIAL = new Set(["(garbage collector)", "(program)", "(idle)", "(root)"]);

/** Where a function lives: a package, the app's server build, Node itself, or V8's own work. */
export function packageOf(frame: ProfileNode["callFrame"]): string {
  if (SPECIAL.has(frame.functionName)) return frame.functionName;
  const url = frame.url;
  if (!url) return "(native)";
  if (url.startsWith("node:")) return "node (core)";
  const modules = url.lastIndexOf("/node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "/node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.includes("/build/server/")) return "app (build/server)";
  return url.replace(/^file:\/\/.*?\/(?=[^/]+\/[^/]+$)/, "");
}

export function summarizeProfiles(files: string[], top = 25): string {
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, index) => {
      const micros = profile.timeDeltas[index] ?? 0;
      const frame = nodes.get(id)!.callFrame;
      if (frame.functionName === "(idle)") {
        idle += micros;
        return;
      }
      total += micros;
      const pkg = packageOf(frame);
      const name = `${frame.functionName || "(anonymous)"}  ${pkg}${frame.url && !SPECIAL.has(frame.functionName) ? `:${frame.lineNumber + 1}` : ""}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + micros);
    });
  }
  const lines: string[] = [
    `Busy ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s (${files.length} profile file(s)).`,
    "",
  ];
  const list = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, micros]) =>
          `${((micros / total) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${name}`,
      );
  lines.push(
    "By package (self time):",
    ...list(byPackage, 20),
    "",
    `Top ${top} functions (self time):`,
    ...list(byFunction, top),
  );
  return lines.join("\n");
}

// `npx tsx scripts/support/cpu-profile.ts file.cpuprofile…` summarises profiles taken by hand.
if (import.meta.url === `file://${process.argv[1]}`) console.log(summarizeProfiles(process.argv.slice(2)));
