/** The part of autocannon 9 the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    headers?: Record<string, string>;
    warmup?: { connections?: number; duration?: number };
  };

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
  };

  export default function autocannon(options: Options): Promise<Result>;
}
