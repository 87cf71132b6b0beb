// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; total: number };
  export type Result = {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    duration: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    method?: string;
    pipelining?: number;
    /** Requests sent in turn on each connection (paths relative to `url`). */
    requests?: { path?: string; method?: string }[];
  };
  /** With a callback: the running instance, which emits `response` (client, status, bytes, ms) per answer. */
  export type Instance = {
    on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): Instance;
    stop(): void;
  };
  export default function autocannon(options: Options): Promise<Result>;
  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
}
