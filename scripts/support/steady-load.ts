// The throughput rows of `npm run bench`: one continuous load per row, measured in its middle.
// autocannon opens its connections at the start of a run and, when the run ends, computes its results
// while the last answers are still arriving: both show up as slow answers that the server did not
// cause (seen as about 0.7 % of a row's answers, most of its 1 % slowest). So the warm-up and the
// measurement are one run, one second longer than both, and the figures are those of the answers
// that arrived inside the measured window; errors count over the whole run.
import autocannon from "autocannon";

export type Measured = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  answers: number;
  /** CPU milliseconds the server used in the measured seconds, when `cpuMs` was given. */
  cpuMs?: number;
};

/** One answer: when it arrived (ms since the run started) and how long it took (ms). */
export type Answer = { at: number; ms: number };

/** Nearest-rank percentile (`p` in 0..1) of values sorted ascending. */
export function percentile(sorted: readonly number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** The figures of the answers that arrived in [fromMs, toMs). */
export function windowFigures(answers: readonly Answer[], fromMs: number, toMs: number, errors: number): Measured {
  const inside = answers.filter((a) => a.at >= fromMs && a.at < toMs).map((a) => a.ms);
  inside.sort((a, b) => a - b);
  return {
    requestsPerSecond: inside.length / ((toMs - fromMs) / 1000),
    p50: percentile(inside, 0.5),
    p99: percentile(inside, 0.99),
    errors,
    answers: inside.length,
  };
}

const TAIL_SECONDS = 1;

export function steadyLoad(options: {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** The server's CPU time so far (ms), read at the start and the end of the measured seconds. */
  cpuMs?: () => number;
}): Promise<Measured> {
  const { warmupSeconds, durationSeconds, cpuMs } = options;
  const answers: Answer[] = [];
  const cpu: number[] = [];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    if (cpuMs) {
      setTimeout(() => cpu.push(cpuMs()), warmupSeconds * 1000);
      setTimeout(() => cpu.push(cpuMs()), (warmupSeconds + durationSeconds) * 1000);
    }
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers ?? {},
        connections: options.connections,
        duration: warmupSeconds + durationSeconds + TAIL_SECONDS,
      },
      (error, result) => {
        if (error) return reject(error);
        const errors = result.errors + result.timeouts + result.non2xx;
        const from = warmupSeconds * 1000;
        const figures = windowFigures(answers, from, from + durationSeconds * 1000, errors);
        resolve(cpu.length === 2 ? { ...figures, cpuMs: cpu[1]! - cpu[0]! } : figures);
      },
    );
    instance.on("response", (_client, _status, _bytes, ms) => answers.push({ at: performance.now() - started, ms }));
  });
}
