import crypto from "node:crypto";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import pino from "pino";
import getRawBody from "raw-body";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pageCacheKey, pageRenderStore, renderDegraded, type PageCachePolicy } from "~/.server/page-cache";
import type { AppServerBuild } from "~/server-entry";
import { createPageCache, inlineScriptHashes, pickEncoding, policyWithHashes } from "./page-cache.js";

/**
 * The page cache (server/page-cache.js) in the chain of server/app.js, around a stand-in for React
 * Router: what it stores, what it never stores, and what a visitor receives. The real pages go
 * through it in tests/e2e/page-cache.spec.ts.
 */

const SCRIPT = "window.__ready = 1;";
const JSON_LD = '{"@type":"Dentist"}';
let renders: Record<string, number> = {};
let version = 7;
/** What the stand-in's /pub/race page shows: the content a staff change replaces. */
let content = "ancien texte";
/** Resolves the render of /pub/race once the test has changed the content. */
let raceGate: Promise<void> = Promise.resolve();
/** The canonical article of the stand-in (its loader sends other spellings there, as blog.$slug.tsx does). */
const ARTICLE = "/blog/2-blanchiment-dentaire-lancer";
let ttl = 60_000;
const refresh = vi.fn(async () => version);
/** A change of content: the hit path reads the version at most once per millisecond. */
async function bump() {
  version++;
  await new Promise((r) => setTimeout(r, 3));
}

const policy: PageCachePolicy = {
  enabled: () => true,
  maxPages: () => 3,
  // the stand-in's pages, and the app's real keys for the others (canonical, decoded)
  keyFor: (url: string) => (url.startsWith("/pub") ? url.split("?")[0] : pageCacheKey(url)),
  version: () => version,
  refresh,
  expiresAt: (now: number) => now + ttl,
  renderStore: pageRenderStore,
};

function html(path: string, n: number, nonce: string) {
  const attr = nonce ? ` nonce="${nonce}"` : "";
  return `<!doctype html><html><head><script type="application/ld+json">${JSON_LD}</script></head><body><h1>${path} #${n}</h1><script${attr}>${SCRIPT}</script><script type="module" src="/assets/x.js"></script></body></html>`;
}

/** The stand-in for React Router: a page per path, counting its renders. */
async function render(path: string, method: string, nonce: string): Promise<Response> {
  const n = (renders[path] = (renders[path] ?? 0) + 1);
  const page = (init: ResponseInit = {}) => new Response(html(path, n, nonce), { ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers ?? {}) } });
  if (method === "POST") {
    await new Promise((r) => setTimeout(r, path === "/pub/slow-post" ? 300 : 0));
    return new Response(null, { status: 303, headers: { Location: "/pub/page" } });
  }
  switch (path) {
    case "/pub/cookie":
      return page({ headers: { "Set-Cookie": "toast=x; Path=/; HttpOnly" } });
    case "/pub/missing":
      return page({ status: 404 });
    case "/pub/private":
      return page({ headers: { "Cache-Control": "private, no-store" } });
    case "/pub/degraded":
      renderDegraded();
      return page();
    case "/pub/json":
      return Response.json({ n });
    case "/pub/boom":
      throw new Error("render failed");
    case "/pub/slow":
      await new Promise((r) => setTimeout(r, 150));
      return page();
    case "/pub/race": {
      const seen = content;
      await raceGate;
      return new Response(`<!doctype html><html><body><p>${seen}</p></body></html>`, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    }
    default:
      if (path.startsWith("/blog/")) {
        if (path !== ARTICLE) return new Response(null, { status: 301, headers: { Location: ARTICLE } });
      }
      return page();
  }
}

let server: http.Server | undefined;
let close: (() => void) | undefined;
afterEach(async () => {
  close?.();
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
  }
  server = undefined;
  renders = {};
  version = 7;
  content = "ancien texte";
  raceGate = Promise.resolve();
  ttl = 60_000;
  refresh.mockClear();
});

async function start() {
  const build = { entry: { module: { pageCachePolicy: policy } } } as unknown as AppServerBuild;
  const pc = createPageCache({ getBuild: async () => build, logger: pino({ level: "silent" }), enabled: true });
  close = pc.close;
  const app = express();
  app.use(pc.serve);
  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `default-src 'self';script-src 'self' 'nonce-${res.locals.nonce}';object-src 'none'`);
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use(pc.trackWrites);
  // as server/app.js: a request's body is read before the render
  app.use(async (req, _res, next) => {
    if (req.method === "POST") await getRawBody(req, { length: req.get("content-length"), limit: 1_000_000 }).catch(() => undefined);
    next();
  });
  app.use(async (req, res, next) => {
    try {
      await pc.runRender(res, async () => {
        // the path as React Router matches it: decoded
        const response = await render(decodeURIComponent(req.path), req.method, res.locals.pageCache ? "" : res.locals.nonce);
        if (await pc.answer(req, res, response)) return;
        res.status(response.status);
        for (const [k, v] of response.headers) res.append(k, v);
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    } catch (err) {
      next(err);
    }
  });
  app.use(((_err, _req, res, _next) => res.status(500).type("html").send("<h1>Erreur 500</h1>")) as express.ErrorRequestHandler);
  // as server/index.js: a stored page is answered before Express; the policy is read from the build at the first request
  server = http.createServer((req, res) => {
    if (!pc.tryServe(req, res)) app(req, res);
  });
  server.listen(0);
  await new Promise((r) => server!.once("listening", r));
  const base = { port: (server.address() as AddressInfo).port };
  await get(base.port, "/warm-up");
  return { port: base.port, pc };
}

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = "GET", agent?: http.Agent): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, agent, headers: { "accept-encoding": "identity", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

const scriptHash = `'sha256-${crypto.createHash("sha256").update(SCRIPT).digest("base64")}'`;

describe("page cache", () => {
  it("renders a public page once and serves the same bytes to the next visitors, in gzip and Brotli too", async () => {
    const { port } = await start();
    const first = await get(port, "/pub/page");
    expect(first.status).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    await vi.waitFor(async () => expect((await get(port, "/pub/page")).headers["x-cache"]).toBe("HIT"));
    const again = await get(port, "/pub/page");
    expect(again.body.toString()).toBe(first.body.toString());
    expect(again.body.toString()).toContain("/pub/page #1");
    expect(again.headers["content-length"]).toBe(String(first.body.length));
    const gz = await get(port, "/pub/page", { "accept-encoding": "gzip, deflate" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(first.body.toString());
    const br = await get(port, "/pub/page", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(first.body.toString());
    const head = await get(port, "/pub/page", {}, "HEAD");
    expect([head.status, head.body.length, head.headers["x-cache"]]).toEqual([200, 0, "HIT"]);
    // campaign parameters make no other page (the policy's key)
    expect((await get(port, "/pub/page?utm_source=x")).headers["x-cache"]).toBe("HIT");
    expect(renders["/pub/page"]).toBe(1);
    expect(again.headers["x-frame-options"]).toBe("DENY");
    expect(again.headers["vary"]).toBe("Accept-Encoding");
    expect(again.headers["cache-control"]).toBe("no-cache");
    expect(again.headers["x-request-id"]).toBeUndefined();
  });

  it("gives a stored page a policy of its scripts' hashes, no nonce: the inline script is allowed, the JSON-LD data block is not a script", async () => {
    const { port } = await start();
    await get(port, "/pub/page");
    const stored = await vi.waitFor(async () => {
      const r = await get(port, "/pub/page");
      expect(r.headers["x-cache"]).toBe("HIT");
      return r;
    });
    const csp = String(stored.headers["content-security-policy"]);
    expect(csp).toBe(`default-src 'self';script-src 'self' ${scriptHash};object-src 'none'`);
    expect(stored.body.toString()).not.toContain("nonce=");
  });

  it("renders for a visitor with any cookie, with a nonce never the same twice, and stores nothing of it", async () => {
    const { port } = await start();
    const a = await get(port, "/pub/page", { cookie: "__session=abc" });
    const b = await get(port, "/pub/page", { cookie: "toast=def" });
    const nonceOf = (r: Got) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))?.[1];
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.body.toString()).toContain(`nonce="${nonceOf(a)}"`);
    expect([a.headers["x-cache"], b.headers["x-cache"]]).toEqual([undefined, undefined]);
    expect(renders["/pub/page"]).toBe(2);
    // and the next visitor without a cookie gets a page rendered for everyone, not one of those
    const anon = await get(port, "/pub/page");
    expect(anon.body.toString()).toContain("/pub/page #3");
  });

  it("never stores an answer that sets a cookie, is not 200, is private, showed a fallback, is not HTML, or failed", async () => {
    const { port } = await start();
    for (const path of ["/pub/cookie", "/pub/missing", "/pub/private", "/pub/degraded", "/pub/json", "/pub/boom"]) {
      const a = await get(port, path);
      await new Promise((r) => setTimeout(r, 20));
      const b = await get(port, path);
      expect([path, b.status, b.headers["x-cache"]]).toEqual([path, a.status, undefined]);
      expect([path, renders[path]]).toEqual([path, 2]);
    }
    expect((await get(port, "/pub/missing")).status).toBe(404);
    expect((await get(port, "/pub/boom")).status).toBe(500);
    expect((await get(port, "/pub/cookie")).headers["set-cookie"]).toEqual(["toast=x; Path=/; HttpOnly"]);
  });

  it("never stores a POST's answer, nor a URL that is not a public page", async () => {
    const { port } = await start();
    expect((await get(port, "/pub/page", {}, "POST")).status).toBe(303);
    expect((await get(port, "/pub/page", {}, "POST")).status).toBe(303);
    expect(renders["/pub/page"]).toBe(2);
    await get(port, "/admin");
    const admin = await get(port, "/admin");
    expect(admin.headers["x-cache"]).toBeUndefined();
    expect(renders["/admin"]).toBe(2);
  });

  it("answers If-None-Match with 304, stored or just rendered", async () => {
    const { port } = await start();
    const first = await get(port, "/pub/page");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    await vi.waitFor(async () => expect((await get(port, "/pub/page")).headers["x-cache"]).toBe("HIT"));
    const hit = await get(port, "/pub/page", { "if-none-match": etag });
    expect([hit.status, hit.body.length, hit.headers.etag]).toEqual([304, 0, etag]);
    expect(hit.headers["content-security-policy"]).toContain(scriptHash);
    expect((await get(port, "/pub/page", { "if-none-match": 'W/"other"' })).status).toBe(200);
    // a new version renders again: a page whose bytes are new has a new tag
    await bump();
    const fresh = await get(port, "/pub/page", { "if-none-match": etag });
    expect([fresh.status, fresh.headers["x-cache"]]).toEqual([200, "MISS"]);
    expect(fresh.headers.etag).not.toBe(etag);
  });

  it("renders again when the content version changes or the page's day is over", async () => {
    const { port } = await start();
    await get(port, "/pub/page");
    await vi.waitFor(async () => expect((await get(port, "/pub/page")).headers["x-cache"]).toBe("HIT"));
    await bump();
    expect((await get(port, "/pub/page")).body.toString()).toContain("#2");
    await vi.waitFor(async () => expect((await get(port, "/pub/page")).headers["x-cache"]).toBe("HIT"));
    ttl = 0;
    await bump();
    await get(port, "/pub/page");
    await new Promise((r) => setTimeout(r, 200));
    expect((await get(port, "/pub/page")).body.toString()).toContain("#4");
  });

  it("keeps serving and storing pages while a POST's body arrives one byte a second for 10 s; reads the version again after a write that succeeded", async () => {
    const { port, pc } = await start();
    await get(port, "/pub/page");
    await vi.waitFor(async () => expect((await get(port, "/pub/page")).headers["x-cache"]).toBe("HIT"));
    // a visitor's POST that declares 100,000 bytes and sends one a second
    const slow = net.connect(port, "127.0.0.1");
    await new Promise((r) => slow.once("connect", r));
    slow.write("POST /pub/form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n");
    const drip = setInterval(() => slow.write("a"), 1000);
    const t0 = Date.now();
    let answered = 0;
    let hits = 0;
    try {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
      while (answered < 2000) {
        const batch = await Promise.all(Array.from({ length: 20 }, () => get(port, "/pub/page", {}, "GET", agent)));
        answered += batch.length;
        hits += batch.filter((b) => b.status === 200 && b.headers["x-cache"] === "HIT").length;
      }
      // a page asked for the first time during the POST is stored too
      await get(port, "/pub/other");
      await vi.waitFor(async () => expect((await get(port, "/pub/other", {}, "GET", agent)).headers["x-cache"]).toBe("HIT"));
      const left = 10_000 - (Date.now() - t0);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      expect((await get(port, "/pub/page", {}, "GET", agent)).headers["x-cache"]).toBe("HIT");
      agent.destroy();
    } finally {
      clearInterval(drip);
      slow.destroy();
    }
    expect([answered, hits]).toEqual([2000, 2000]);
    expect(renders["/pub/page"]).toBe(1);
    expect(pc.keys().sort()).toEqual(["/pub/other", "/pub/page"]);
    expect(refresh).not.toHaveBeenCalled();
    // a write answered with a success reads the version again; one refused does not
    expect((await get(port, "/pub/page", {}, "POST")).status).toBe(303);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect((await get(port, "/pub/page")).headers["x-cache"]).toBe("HIT");
  }, 30_000);

  it("never keeps a page whose render started before a staff change committed during it", async () => {
    const { port, pc } = await start();
    let open = () => undefined as void;
    raceGate = new Promise<void>((r) => (open = r));
    const during = get(port, "/pub/race");
    await new Promise((r) => setTimeout(r, 30));
    // the staff change commits while the page is being rendered with the old text
    content = "nouveau texte";
    version++;
    open();
    expect((await during).body.toString()).toContain("ancien texte");
    await new Promise((r) => setTimeout(r, 100));
    expect(pc.keys()).not.toContain("/pub/race");
    expect((await get(port, "/pub/race")).body.toString()).toContain("nouveau texte");
    await vi.waitFor(async () => expect((await get(port, "/pub/race")).headers["x-cache"]).toBe("HIT"));
    expect((await get(port, "/pub/race")).body.toString()).toContain("nouveau texte");
  });

  it("stores an article once under its canonical path: 1,000 encoded spellings of it leave the stored set unchanged", async () => {
    const { port, pc } = await start();
    await get(port, ARTICLE);
    await vi.waitFor(async () => expect((await get(port, ARTICLE)).headers["x-cache"]).toBe("HIT"));
    await get(port, "/pub/page");
    await vi.waitFor(async () => expect((await get(port, "/pub/page")).headers["x-cache"]).toBe("HIT"));
    const before = pc.keys().sort();
    const enc = (c: string, upper: boolean) => "%" + c.charCodeAt(0).toString(16).padStart(2, "0")[upper ? "toUpperCase" : "toLowerCase"]();
    const random = Math.random;
    const variants = new Set<string>();
    while (variants.size < 1000) {
      const i = 1 + Math.floor(random() * (ARTICLE.length - 1));
      const tail = ARTICLE.slice(i).split("").map((c) => (c !== "/" && random() < 0.4 ? enc(c, random() < 0.5) : c)).join("");
      const v = ARTICLE.slice(0, i) + tail;
      if (v !== ARTICLE) variants.add(random() < 0.3 ? `${v}x` : v);
    }
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const list = [...variants];
    const statuses = new Map<number, number>();
    for (let i = 0; i < list.length; i += 20) {
      for (const a of await Promise.all(list.slice(i, i + 20).map((v) => get(port, v, {}, "GET", agent)))) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    }
    agent.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(pc.keys().sort()).toEqual(before);
    expect([...statuses.keys()].sort()).toEqual([200, 301]);
    expect((await get(port, "/pub/page")).headers["x-cache"]).toBe("HIT");
    expect((await get(port, ARTICLE)).headers["x-cache"]).toBe("HIT");
  });

  it("renders a page once for visitors who ask for it at the same time", async () => {
    const { port } = await start();
    const answers = await Promise.all(Array.from({ length: 12 }, () => get(port, "/pub/slow")));
    expect(renders["/pub/slow"]).toBe(1);
    expect(new Set(answers.map((a) => a.body.toString()))).toEqual(new Set([answers[0].body.toString()]));
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });

  it("holds at most PAGE_CACHE_MAX_PAGES pages, the oldest going first", async () => {
    const { port } = await start();
    for (const p of ["/pub/a", "/pub/b", "/pub/c", "/pub/d"]) {
      await get(port, p);
      await vi.waitFor(async () => expect((await get(port, p)).headers["x-cache"]).toBe("HIT"));
    }
    expect((await get(port, "/pub/a")).headers["x-cache"]).toBe("MISS");
    expect((await get(port, "/pub/d")).headers["x-cache"]).toBe("HIT");
  });
});

describe("page cache helpers", () => {
  it("picks Brotli, then gzip, then none, as Accept-Encoding allows", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(pickEncoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("br;q=0, *")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("identity")).toBe("identity");
  });

  it("hashes inline scripts only (not src scripts, not data blocks) and puts the hashes in place of the nonce", () => {
    const page = `<script>a()</script><script type="module">b()</script><script src="/x.js"></script><script type="application/ld+json">{}</script><script>a()</script>`;
    const h = (s: string) => `'sha256-${crypto.createHash("sha256").update(s).digest("base64")}'`;
    expect(inlineScriptHashes(page)).toEqual([h("a()"), h("b()")]);
    expect(policyWithHashes("default-src 'self';script-src 'self' 'nonce-abc';object-src 'none'", [h("a()")])).toBe(`default-src 'self';script-src 'self' ${h("a()")};object-src 'none'`);
  });
});
