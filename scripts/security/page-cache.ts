/**
 * check:security, the page cache (issue "Hardening 3", items 1 and 2):
 *  - one POST whose body arrives one byte a second, held open for 10 s, while 20 connections load
 *    `/` for 6 s (autocannon) and 2,000 GETs of `/` are sent: every one must be a stored page, and
 *    the throughput must stay near the one measured just before without the slow POST;
 *  - 1,000 encoded spellings of an article's address: the real pages must stay stored.
 */
import http from "node:http";
import net from "node:net";
import autocannon from "autocannon";
import { check, raw, type Site } from "./common";

const BROWSER = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/xhtml+xml" };

async function load(base: string) {
  const r = await autocannon({ url: `${base}/`, connections: 20, duration: 6, headers: BROWSER, timeout: 10 });
  return { rps: Math.round(r.requests.average), p99: r.latency.p99, non2xx: r.non2xx + r.errors + r.timeouts };
}

/** `count` GETs of `path` on 20 keep-alive connections: how many were stored pages (X-Cache: HIT). */
async function hits(base: string, path: string, count: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  let n = 0;
  try {
    for (let i = 0; i < count; i += 20) {
      const batch = await Promise.all(Array.from({ length: Math.min(20, count - i) }, () => raw(base, { path, headers: BROWSER, agent })));
      n += batch.filter((a) => a.status === 200 && a.headers["x-cache"] === "HIT").length;
    }
  } finally {
    agent.destroy();
  }
  return n;
}

/** Asks twice: the second answer is stored when the page is. */
async function stored(base: string, path: string): Promise<boolean> {
  await raw(base, { path, headers: BROWSER });
  for (let i = 0; i < 20; i++) {
    if ((await raw(base, { path, headers: BROWSER })).headers["x-cache"] === "HIT") return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

export async function slowPost(site: Site): Promise<void> {
  const { base, port } = site;
  await stored(base, "/");
  const quiet = await load(base);
  // one visitor's POSTs that send a byte a second: one over the sign-in form's limit (64 KiB: the
  // rest of its body is read and dropped for up to 10 s before the 413), one within it
  const slow = await Promise.all(
    [100_000, 60_000].map(async (length) => {
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((r) => socket.once("connect", r));
      socket.on("error", () => undefined);
      socket.write(`POST /login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`);
      return socket;
    }),
  );
  const drip = setInterval(() => slow.forEach((s) => s.destroyed || s.write("a")), 1000);
  const t0 = Date.now();
  let during: Awaited<ReturnType<typeof load>>;
  let got: number;
  let still: boolean;
  try {
    during = await load(base);
    got = await hits(base, "/", 2000);
    const left = 10_000 - (Date.now() - t0);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    still = !slow[1].destroyed && (await raw(base, { path: "/", headers: BROWSER })).headers["x-cache"] === "HIT";
  } finally {
    clearInterval(drip);
    slow.forEach((s) => s.destroy());
  }
  const ratio = during.rps / Math.max(1, quiet.rps);
  console.log(
    `Deux POST lents (1 octet/s, tenus ${Math.round((Date.now() - t0) / 1000)} s) pendant la charge de / : ${got}/2000 pages servies depuis le cache ; ` +
      `${quiet.rps} req/s (p99 ${quiet.p99} ms) sans lui, ${during.rps} req/s (p99 ${during.p99} ms) pendant (${Math.round(ratio * 100)} %) ; page toujours en cache à la fin : ${still ? "oui" : "non"}  ` +
      check(got === 2000 && still && ratio >= 0.5 && during.non2xx === 0, "slow POST switches the page cache off"),
  );
}

/** The address of the first article listed on /blog. */
async function firstArticle(base: string): Promise<string> {
  const page = await raw(base, { path: "/blog" });
  const path = /href="(\/blog\/\d+-[a-z0-9-]+)"/.exec(page.body)?.[1];
  if (!path) throw new Error("aucun article sur /blog");
  return path;
}

export async function keyFlood(site: Site): Promise<void> {
  const { base } = site;
  const article = await firstArticle(base);
  const real = ["/", "/formation", "/blog", "/appointment", article];
  for (const p of real) await stored(base, p);
  const enc = (c: string) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`;
  const variants = new Set<string>();
  while (variants.size < 1000) {
    const i = 6 + Math.floor(Math.random() * (article.length - 6));
    const tail = article.slice(i).split("").map((c) => (c !== "/" && Math.random() < 0.5 ? (Math.random() < 0.5 ? enc(c) : enc(c).toUpperCase()) : c)).join("");
    const v = article.slice(0, i) + tail;
    if (v !== article) variants.add(v);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const statuses = new Map<number, number>();
  const list = [...variants];
  try {
    for (let i = 0; i < list.length; i += 20) {
      for (const a of await Promise.all(list.slice(i, i + 20).map((path) => raw(base, { path, headers: BROWSER, agent })))) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
  } finally {
    agent.destroy();
  }
  let kept = 0;
  for (const p of real) if ((await raw(base, { path: p, headers: BROWSER })).headers["x-cache"] === "HIT") kept++;
  const spread = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(", ");
  console.log(`1 000 graphies encodées d'un article (${spread}) : ${kept}/${real.length} vraies pages encore en cache  ${check(kept === real.length && !statuses.has(500), "cache-key flood")}`);
}
