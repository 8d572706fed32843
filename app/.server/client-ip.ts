import { isIP } from "node:net";

/**
 * The key under which a client address is counted by the per-IP limits (public forms, login
 * throttle). One subscriber usually holds a whole IPv6 /64 (and often more), so counting single
 * IPv6 addresses would give one attacker 2^64 fresh counters: an IPv6 address is counted by its
 * /64 prefix. An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports
 * for an IPv4 client) is the IPv4 address itself, so both spellings share one counter.
 */

/** How many leading bits of an IPv6 address make one client for the limits. */
export const IPV6_LIMIT_PREFIX_BITS = 64;

/** The key of every value that is not an IP address: they share one counter, never a fresh one each. */
export const INVALID_IP_KEY = "invalid";

/** Longer than any spelling of an IPv6 address with a zone id. */
const MAX_IP_INPUT_CHARS = 100;

/** The eight 16-bit groups of a valid IPv6 address (zone id already removed). */
function ipv6Groups(address: string): number[] {
  // the URL parser gives the canonical compressed spelling, dotted IPv4 tails included
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.split("::");
  const parse = (part: string | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const start = parse(head);
  const end = parse(tail);
  return tail === undefined ? start : [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

/**
 * `rateLimitKey("2001:db8:1:2:3:4:5:6")` is `"2001:db8:1:2::/64"`; `rateLimitKey("::ffff:1.2.3.4")`
 * and `rateLimitKey("1.2.3.4")` are `"1.2.3.4"`; anything that is not an address is
 * {@link INVALID_IP_KEY}. Brackets around an IPv6 address and a zone id (`fe80::1%eth0`) are accepted and dropped.
 */
export function rateLimitKey(ip: string | null | undefined): string {
  if (typeof ip !== "string" || ip.length > MAX_IP_INPUT_CHARS) return INVALID_IP_KEY;
  let value = ip.trim();
  const bracketed = value.startsWith("[") && value.endsWith("]");
  if (bracketed) value = value.slice(1, -1);
  const kind = isIP(value);
  if (kind === 4 && !bracketed) return value;
  if (kind !== 6) return INVALID_IP_KEY;

  const groups = ipv6Groups(value.replace(/%.*$/, ""));
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  const masked = groups.map((g, i) => {
    const kept = Math.min(16, Math.max(0, IPV6_LIMIT_PREFIX_BITS - i * 16));
    return kept === 0 ? 0 : g & ((0xffff << (16 - kept)) & 0xffff);
  });
  const prefixGroups = Math.ceil(IPV6_LIMIT_PREFIX_BITS / 16);
  return `${masked.slice(0, prefixGroups).map((g) => g.toString(16)).join(":")}::/${IPV6_LIMIT_PREFIX_BITS}`;
}
