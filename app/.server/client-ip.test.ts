import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { INVALID_IP_KEY, rateLimitKey } from "./client-ip";
import { parseConfig } from "./config";

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

/**
 * The client's address as the server computes it: Express's req.ip under the "trust proxy" setting
 * that server/app.js takes from TRUST_PROXY, for a request from this machine (127.0.0.1, the proxy)
 * carrying `forwardedFor`.
 */
async function clientAddress(trustProxy: false | number | string | boolean, forwardedFor: string) {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.get("/", (req, res) => {
    res.json({ ip: req.ip });
  });
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { "X-Forwarded-For": forwardedFor } });
    return ((await res.json()) as { ip: string }).ip;
  } finally {
    server.close();
  }
}

describe("the client's address behind a proxy (TRUST_PROXY)", () => {
  // the client wrote "6.6.6.6, 6.6.6.7" itself; the proxy appended the address it saw, 203.0.113.9
  const spoofed = "6.6.6.6, 6.6.6.7, 203.0.113.9";

  it("with a hop count of 1, only the address the proxy saw counts: what the client wrote before it is ignored", async () => {
    const trust = parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY;
    expect(await clientAddress(trust, spoofed)).toBe("203.0.113.9");
    // however the client changes its header, its requests count under one key
    const keys = new Set(await Promise.all(["1.1.1.1", "2.2.2.2, 3.3.3.3", "junk"].map(async (fake) => rateLimitKey(await clientAddress(trust, `${fake}, 203.0.113.9`)))));
    expect([...keys]).toEqual(["203.0.113.9"]);
  });

  it("with a list of proxy addresses, the chain is read back only through them", async () => {
    expect(await clientAddress(parseConfig({ TRUST_PROXY: "127.0.0.1" }).TRUST_PROXY, spoofed)).toBe("203.0.113.9");
    // 203.0.113.9 is a trusted proxy too: the address before it counts, never further
    expect(await clientAddress(parseConfig({ TRUST_PROXY: "loopback, 203.0.113.9" }).TRUST_PROXY, spoofed)).toBe("6.6.6.7");
  });

  it("off (the default), the header is ignored: the address is the connection's", async () => {
    expect(await clientAddress(parseConfig({}).TRUST_PROXY, spoofed)).toBe("127.0.0.1");
  });

  it("Express's `true`, which TRUST_PROXY refuses, would take the first address, the one the client wrote", async () => {
    expect(await clientAddress(true, spoofed)).toBe("6.6.6.6");
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: « true » ferait confiance/);
  });
});
