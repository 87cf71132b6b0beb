import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { packageOf } from "./support/cpu-profile.ts";
const dir = process.argv[2]!; const fn = process.argv[3]!;
for (const f of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
  const p = JSON.parse(readFileSync(path.join(dir, f), "utf8"));
  const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map<string, number>();
  for (const n of p.nodes) if (n.callFrame.functionName === fn) {
    const chain: string[] = [];
    for (let id = parent.get(n.id); id !== undefined && chain.length < 8; id = parent.get(id)) { const a = byId.get(id); chain.push(`${a.callFrame.functionName || "anon"}@${packageOf(a.callFrame)}:${a.callFrame.lineNumber}`); }
    const k = chain.join(" < "); stacks.set(k, (stacks.get(k) ?? 0) + (n.hitCount ?? 0));
  }
  for (const [k, v] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(v, k);
}
