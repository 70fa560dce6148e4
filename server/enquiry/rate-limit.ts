/**
 * Per-client sliding-window limit: at most `limit` requests in any 60 s.
 * Memory stays bounded: a client's entry holds at most `limit` timestamps
 * and idle entries are dropped by sweep().
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
  ) {}

  /** Records a hit; returns 0 when allowed, else the seconds to wait (for Retry-After). */
  hit(key: string, now = Date.now()): number {
    if (this.limit <= 0) return 0;
    let times = this.hits.get(key);
    if (!times) {
      times = [];
      this.hits.set(key, times);
    }
    while (times.length > 0 && times[0]! <= now - this.windowMs) times.shift();
    if (times.length >= this.limit) return Math.max(1, Math.ceil((times[0]! + this.windowMs - now) / 1000));
    times.push(now);
    return 0;
  }

  sweep(now = Date.now()): void {
    for (const [key, times] of this.hits) {
      if (times.length === 0 || times[times.length - 1]! <= now - this.windowMs) this.hits.delete(key);
    }
  }
}
