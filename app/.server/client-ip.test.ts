import { describe, expect, it } from "vitest";
import { INVALID_IP_KEY, rateLimitKey } from "./client-ip";

describe("rateLimitKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(rateLimitKey("203.0.113.5")).toBe("203.0.113.5");
    expect(rateLimitKey("127.0.0.1")).toBe("127.0.0.1");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 address, whatever the spelling", () => {
    for (const mapped of ["::ffff:203.0.113.5", "::FFFF:203.0.113.5", "::ffff:cb00:7105", "0:0:0:0:0:ffff:cb00:7105", "[::ffff:203.0.113.5]"]) {
      expect(rateLimitKey(mapped), mapped).toBe("203.0.113.5");
    }
  });

  it("groups every address of one IPv6 /64, in any spelling", () => {
    const same = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0001",
      "2001:DB8:1:2:AB:CD:EF:12",
      "2001:db8:1:2:0:0:1.2.3.4",
      "[2001:db8:1:2::99]",
      " 2001:db8:1:2::7 ",
    ];
    for (const ip of same) expect(rateLimitKey(ip), ip).toBe("2001:db8:1:2::/64");
  });

  it("separates neighbouring /64 prefixes and keeps the compressed zeros of the prefix", () => {
    expect(rateLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("2001:db8::1:0:0:1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("::")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("::1.2.3.4")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("2001:db8:1:2::1")).not.toBe(rateLimitKey("2001:db8:1:3::1"));
  });

  it("drops a zone id", () => {
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey("fe80::abcd%25")).toBe("fe80:0:0:0::/64");
    expect(rateLimitKey("fe80::1%eth0")).toBe(rateLimitKey("fe80::2%wlan1"));
  });

  it("puts whatever is not an address under one shared key", () => {
    const junk = ["", "unknown", "localhost", "01.2.3.4", "256.1.1.1", "1.2.3", "2001:db8::1::2", "12345::", "gggg::1", "::ffff:999.1.1.1", "1.2.3.4:80", "[1.2.3.4]", "a".repeat(500), `2001:db8::${"1".repeat(200)}`];
    for (const ip of junk) expect(rateLimitKey(ip), ip.slice(0, 40)).toBe(INVALID_IP_KEY);
    expect(rateLimitKey(undefined)).toBe(INVALID_IP_KEY);
    expect(rateLimitKey(null)).toBe(INVALID_IP_KEY);
  });
});
