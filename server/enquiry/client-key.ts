/**
 * The key an enquiry's rate limit counts by: the IPv4 address, or an IPv6 address's /64 network.
 * One IPv6 host usually holds a whole /64 and can pick a new address in it for every request, so
 * counting by full address would not limit anyone.
 */
import { isIPv4, isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";

export function rateLimitKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const bare = ip.replace(/%.*$/, "");
  if (!isIPv6(bare)) return ip;
  const address = ipaddr.IPv6.parse(bare);
  // An IPv4 client seen through an IPv6 socket (::ffff:203.0.113.7) is that IPv4 client.
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}
