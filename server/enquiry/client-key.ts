/**
 * The key an enquiry's rate limit counts by: the IPv4 address, or an IPv6 address's /64 network.
 * One IPv6 host usually holds a whole /64 and can pick a new address in it for every request, so
 * counting by full address would not limit anyone.
 */
import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address, or null (an IPv4-mapped address gives its IPv4 instead). */
function groups(ip: string): number[] | null {
  const [head = "", tail] = ip.split("::");
  const part = (s: string) => (s === "" ? [] : s.split(":"));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return all.length === 8 && all.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? all.map((g) => parseInt(g, 16)) : null;
}

export function rateLimitKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const bare = ip.replace(/%.*$/, "");
  if (!isIPv6(bare)) return ip;
  // An IPv4 client seen through an IPv6 socket (::ffff:203.0.113.7) is that IPv4 client.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return mapped;
  const g = groups(bare);
  return g
    ? `${g
        .slice(0, 4)
        .map((n) => n.toString(16))
        .join(":")}::/64`
    : ip;
}
