import { describe, expect, it } from "vitest";
import { rateLimitKey } from "../../server/enquiry/client-key.ts";

describe("rateLimitKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::9", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8::/64"],
    ["::1", "::/64"],
    ["fe80::1%eth0", "fe80::/64"],
    ["not an address", "not an address"],
  ])("%s -> %s", (ip, key) => {
    expect(rateLimitKey(ip)).toBe(key);
  });
});
