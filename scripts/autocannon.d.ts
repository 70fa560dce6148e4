// Minimal types for the part of autocannon that scripts/bench-enquiry.ts and bench-pages.ts use
// (the package ships none and @types/autocannon is not a dependency).
declare module "autocannon" {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
    min: number;
  }
  interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram & { p97_5: number };
    throughput: Histogram & { total: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    "2xx": number;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    amount?: number;
    timeout?: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
