import crypto from "node:crypto";
import http from "node:http";
import { Writable } from "node:stream";
import zlib from "node:zlib";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { bodyLimitFor, FORM_BODY_MAX_BYTES, requestGuard, STAFF_FORM_BODY_MAX_BYTES, UPLOAD_FORM_BODY_MAX_BYTES } from "~/.server/request-limits";
import { createLoadContext } from "~/context";
import type { AppServerBuild, ServerEntry } from "~/server-entry";
import { createApp } from "./app.js";

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** A build whose entry answers the health check only: these tests request /healthz alone. */
function healthOnlyBuild(healthCheck: ServerEntry["healthCheck"]) {
  return { entry: { module: { healthCheck } } } as unknown as AppServerBuild;
}

/** Serve `build` on a free port; returns the base URL. */
async function listen(build: AppServerBuild, logger = pino({ level: "silent" })) {
  const app = createApp({
    getBuild: async () => build,
    clientDir: "/nonexistent",
    uploadDir: "/nonexistent",
    trustProxy: false,
    production: true,
    logger,
  });
  server = app.listen(0);
  await new Promise((r) => server!.once("listening", r));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

async function start(healthy: boolean | "throws") {
  return listen(
    healthOnlyBuild(async () => {
      if (healthy === "throws") throw new Error("boom");
      return healthy;
    }),
  );
}

describe("HTTP server", () => {
  it("GET /healthz answers 200 when the database answers", async () => {
    const base = await start(true);
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("GET /healthz answers 503 when the database does not", async () => {
    const base = await start(false);
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(503);
    expect((await res.json()).database).toBe("unreachable");
  });

  it("GET /healthz answers 503 when the check itself fails", async () => {
    const base = await start("throws");
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
  });

  it("sends the security headers with a fresh CSP nonce per request", async () => {
    const base = await start(true);
    const a = await fetch(`${base}/healthz`);
    const b = await fetch(`${base}/healthz`);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src https://www.openstreetmap.org");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });
});

/**
 * A build with React Router's real request handling: the root route carries the app's
 * requestGuard (413 and 400 before any action), and resource routes whose actions report the
 * body they received. The body limits are the app's own (bodyLimitFor).
 */
async function startWithRoutes(logger = pino({ level: "silent" })) {
  const seen: { path: string; bytes: number }[] = [];
  const echo = {
    action: async ({ request }: { request: Request }) => {
      const bytes = (await request.arrayBuffer()).byteLength;
      seen.push({ path: new URL(request.url).pathname, bytes });
      return Response.json({ bytes });
    },
  };
  const route = (id: string, path: string) => ({ id, parentId: "root", path, module: echo });
  const build = {
    entry: { module: { default: () => new Response("page"), healthCheck: async () => true, bodyLimitFor, createLoadContext } },
    routes: {
      root: { id: "root", path: "", module: { middleware: [requestGuard] } },
      login: route("login", "login"),
      blog: route("blog", "admin/blog"),
      // a page without an action, a page that sets its own Referrer-Policy, a staff 404, a long streamed page
      legal: { id: "legal", parentId: "root", path: "mentions", module: { loader: () => new Response("<p>mentions</p>", { headers: { "Content-Type": "text/html" } }) } },
      rdv: { id: "rdv", parentId: "root", path: "rdv/:token", module: { loader: () => new Response("<p>rdv</p>", { headers: { "Content-Type": "text/html", "Referrer-Policy": "no-referrer", "Cache-Control": "max-age=60" } }) } },
      staff404: { id: "staff404", parentId: "root", path: "admin/nope", module: { loader: () => new Response("introuvable", { status: 404, headers: { "Cache-Control": "public, max-age=600" } }) } },
      public: { id: "public", parentId: "root", path: "page", module: { loader: () => new Response("<p>page</p>", { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=60" } }) } },
      long: {
        id: "long",
        parentId: "root",
        path: "long",
        module: {
          loader: () => {
            // 1 MiB of text that compresses poorly, in 16 KiB chunks
            let i = 0;
            const body = new ReadableStream<Uint8Array>({
              pull(c) {
                if (i++ >= 64) return c.close();
                c.enqueue(new Uint8Array(Buffer.from(crypto.randomBytes(8 * 1024).toString("hex"))));
              },
            });
            return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
          },
        },
      },
    },
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "/nonexistent",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as AppServerBuild;
  const base = await listen(build, logger);
  return { base, port: Number(new URL(base).port), seen };
}

/** A raw HTTP post, chunked unless a length is given, streamed from `size` bytes of form data. */
function post(port: number, path: string, size: number, { chunked = true, type = "application/x-www-form-urlencoded" } = {}) {
  return new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const headers: Record<string, string> = { "Content-Type": type, Host: `127.0.0.1:${port}` };
    if (!chunked) headers["Content-Length"] = String(size);
    const req = http.request({ host: "127.0.0.1", port, path, method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(16 * 1024, "a");
    let sent = 0;
    const write = () => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        // the server may answer and close before everything is sent: stop writing then
        if (req.destroyed || !req.write(part)) return void (req.destroyed || req.once("drain", write));
      }
      req.end();
    };
    write();
  });
}

/** A raw GET with a path and headers exactly as given (fetch would normalise them). */
function rawGet(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; type?: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, body, type: res.headers["content-type"] }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("request bodies", () => {
  it("a form within its limit reaches the action whole, chunked or not", async () => {
    const { port, seen } = await startWithRoutes();
    expect((await post(port, "/login", FORM_BODY_MAX_BYTES)).status).toBe(200);
    expect((await post(port, "/login", 1000, { chunked: false })).status).toBe(200);
    expect(seen).toEqual([
      { path: "/login", bytes: FORM_BODY_MAX_BYTES },
      { path: "/login", bytes: 1000 },
    ]);
  });

  it("a declared Content-Length over the limit is a 413 at once; the rest is dropped, and the connection stays usable", async () => {
    const { port, seen } = await startWithRoutes();
    const res = await post(port, "/login", 2 * 1024 * 1024, { chunked: false });
    expect(res.status).toBe(413);
    expect(res.connection).toBe("keep-alive");
    expect(res.body).toContain("dépassent la taille permise");
    expect(seen).toEqual([]);
  });

  it("a huge body still gets its 413 before the connection is cut", async () => {
    const { port, seen } = await startWithRoutes();
    const res = await post(port, "/login", 100 * 1024 * 1024, { chunked: false });
    expect(res.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("a chunked body is counted on the stream: one byte over the limit is a 413 and the action never runs", async () => {
    const { port, seen } = await startWithRoutes();
    const res = await post(port, "/login", FORM_BODY_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("the blog editor's multipart posts get the upload's limit, its other posts and .data the text limit", async () => {
    const { port, seen } = await startWithRoutes();
    const multipart = "multipart/form-data; boundary=x";
    // a broken multipart within the limit is read, then refused as no form (400), never a 500
    expect((await post(port, "/admin/blog", 3 * 1024 * 1024, { type: multipart })).status).toBe(400);
    expect((await post(port, "/admin/blog", UPLOAD_FORM_BODY_MAX_BYTES + 1, { type: multipart })).status).toBe(413);
    expect((await post(port, "/admin/blog.data", UPLOAD_FORM_BODY_MAX_BYTES + 1, { type: multipart })).status).toBe(413);
    expect((await post(port, "/admin/blog", STAFF_FORM_BODY_MAX_BYTES + 1)).status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("a body that is not a form is a 400 before the action", async () => {
    const { base, seen } = await startWithRoutes();
    for (const [type, body] of [
      ["application/json", '{"email":"a@b.dz"}'],
      ["text/plain", "hello"],
      ["multipart/form-data", "a=b"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished'],
    ]) {
      const res = await fetch(`${base}/login`, { method: "POST", headers: { "Content-Type": type }, body });
      expect(res.status, type).toBe(400);
    }
    expect(seen).toEqual([]);
  });
});

describe("bad input", () => {
  it("traversal and malformed paths under the static folders are 4xx with a French page, never 500", async () => {
    const port = Number(new URL(await start(true)).port);
    for (const [path, status, title] of [
      ["/assets/../../package.json", 403, "Accès refusé"],
      ["/assets/%2e%2e/%2e%2e/package.json", 403, "Accès refusé"],
      ["/uploads/..%2f..%2fclinic.db", 403, "Accès refusé"],
      ["/uploads/%ZZ", 400, "Requête invalide"],
      ["/assets/a%00b", 400, "Requête invalide"],
      ["/uploads/00000000000000000000000000000000.webp", 404, "Fichier introuvable"],
    ] as const) {
      const res = await rawGet(port, path);
      expect(res.status, path).toBe(status);
      expect(res.type, path).toContain("text/html");
      expect(res.body, path).toContain('<html lang="fr">');
      expect(res.body, path).toContain(`<h1>${title}</h1>`);
    }
  });

  it("a Host header no URL can be built from is a 400, not a 500", async () => {
    const port = Number(new URL(await start(true)).port);
    for (const host of ["a b", "[::1", "evil.example/admin", "user@evil.example"]) {
      const res = await rawGet(port, "/", { Host: host });
      expect(res.status, host).toBe(400);
      expect(res.body).toContain("<h1>Requête invalide</h1>");
    }
  });
});

/** A raw request with any method; the answer's raw header lines are kept (repeated ones too). */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; rawHeaders: string[]; body: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers: { Host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** A logger whose lines are kept, to read their levels. */
function recordingLogger() {
  const lines: { level: number; msg?: string; res?: { statusCode?: number } }[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}

describe("methods, private answers and headers", () => {
  it("answers TRACE, OPTIONS, PROPFIND, PUT, DELETE and PATCH with 405 and Allow, logged at info; a POST to a page without an action with 405 and Allow: GET, HEAD", async () => {
    const { logger, lines } = recordingLogger();
    const { port } = await startWithRoutes(logger);
    for (const method of ["TRACE", "OPTIONS", "PROPFIND", "PUT", "DELETE", "PATCH"]) {
      for (const path of ["/", "/mentions", "/admin/blog", "/healthz", "/assets/x.js"]) {
        const a = await rawRequest(port, method, path);
        expect([method, path, a.status, a.headers.allow]).toEqual([method, path, 405, "GET, HEAD, POST"]);
        if (method !== "OPTIONS") expect(a.body).toContain("Méthode non permise");
      }
    }
    const post = await rawRequest(port, "POST", "/mentions", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "0" });
    expect([post.status, post.headers.allow]).toEqual([405, "GET, HEAD"]);
    await new Promise((r) => setTimeout(r, 50));
    const answered = lines.filter((l) => l.res?.statusCode === 405);
    // every one of them, less /healthz and /assets (never logged)
    expect(answered.length).toBe(6 * 3 + 1);
    expect(answered.every((l) => l.level === 30)).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it("sends Cache-Control: private, no-store on every staff answer whatever its status, on every answer to a request with a session, and on every answer to a POST", async () => {
    const { port } = await startWithRoutes();
    const session = { Cookie: "theme=1; clinic_session=abc" };
    const cases: [string, string, Record<string, string>][] = [
      ["GET", "/admin/nope", {}],
      ["GET", "/admin/unknown", {}],
      ["GET", "/admin/nope.data", {}],
      ["GET", "/page", session],
      ["GET", "/rdv/abc", {}],
      ["POST", "/login", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "0" }],
    ];
    for (const [method, path, headers] of cases) {
      const a = await rawRequest(port, method, path, headers);
      expect([method, path, a.headers["cache-control"]]).toEqual([method, path, "private, no-store"]);
    }
    // a public page without a session keeps its own
    expect((await rawRequest(port, "GET", "/page", { Cookie: "theme=1" })).headers["cache-control"]).toBe("public, max-age=60");
  });

  it("sends one Referrer-Policy: a route's own replaces helmet's", async () => {
    const { port } = await startWithRoutes();
    const a = await rawRequest(port, "GET", "/rdv/abc");
    const policies = a.rawHeaders.filter((_h, i) => i % 2 === 0 && a.rawHeaders[i].toLowerCase() === "referrer-policy").length;
    expect([policies, a.headers["referrer-policy"]]).toEqual([1, "no-referrer"]);
  });

  it("streams a long page through Brotli to 10 slow readers without piling up drain listeners", async () => {
    const { port } = await startWithRoutes();
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const read = () =>
        new Promise<number>((resolve, reject) => {
          const req = http.request({ host: "127.0.0.1", port, path: "/long", headers: { "Accept-Encoding": "br" } }, (res) => {
            const chunks: Buffer[] = [];
            // a slow reader: the server's writes wait for it
            res.on("data", (c: Buffer) => {
              chunks.push(c);
              res.pause();
              setTimeout(() => res.resume(), 2);
            });
            res.on("end", () => resolve(zlib.brotliDecompressSync(Buffer.concat(chunks)).length));
          });
          req.on("error", reject);
          req.end();
        });
      const sizes = await Promise.all(Array.from({ length: 10 }, read));
      expect(sizes.every((n) => n === 64 * 16 * 1024)).toBe(true);
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((w) => w === "MaxListenersExceededWarning")).toEqual([]);
  }, 30_000);
});
