/**
 * Failed sign-ins are counted for 15 minutes per account from one address, per account, and per
 * address. Past each allowance, every further failure doubles the wait before the next attempt
 * (1 s, 2 s, 4 s...) up to a cap: an attacker is slowed to a crawl, and a person who mistyped, or
 * a team behind one proxy, waits seconds, never a fixed 15-minute lock.
 */
const RULES = {
  pair: { allowance: 5, capSeconds: 15 * 60 },
  account: { allowance: 10, capSeconds: 60 },
  address: { allowance: 20, capSeconds: 60 },
} as const;
const WINDOW_MS = 15 * 60_000;

type Keys = { account: string; address: string };

export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  private keyed({ account, address }: Keys) {
    return [
      ["pair", `pair:${account}|${address}`],
      ["account", `account:${account}`],
      ["address", `address:${address}`],
    ] as const;
  }

  /** Seconds to wait before `keys` may try again (0: now). */
  wait(keys: Keys): number {
    const now = Date.now();
    let wait = 0;
    for (const [rule, key] of this.keyed(keys)) {
      const times = (this.failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
      if (times.length === 0) this.failures.delete(key);
      else this.failures.set(key, times);
      const { allowance, capSeconds } = RULES[rule];
      if (times.length < allowance) continue;
      const delay = Math.min(capSeconds, 2 ** (times.length - allowance)) * 1000;
      wait = Math.max(wait, Math.ceil(((times.at(-1) as number) + delay - now) / 1000));
    }
    return wait;
  }

  failed(keys: Keys) {
    for (const [, key] of this.keyed(keys)) this.failures.set(key, [...(this.failures.get(key) ?? []), Date.now()]);
  }

  succeeded(keys: Keys) {
    this.failures.delete(`pair:${keys.account}|${keys.address}`);
    this.failures.delete(`account:${keys.account}`);
  }
}

export const inWords = (seconds: number) => (seconds < 90 ? (seconds === 1 ? "1 second" : `${seconds} seconds`) : `${Math.ceil(seconds / 60)} minutes`);
