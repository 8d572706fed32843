/**
 * npx tsx scripts/js-sizes.ts
 *
 * The JavaScript and CSS every public page makes the browser download, measured as
 * scripts/bench-http.ts measures them (script src + modulepreload + stylesheet links + the inline
 * module script's static imports, each file gzip -9, summed), without the load test: it starts the
 * real server (production) on a fresh temporary SQLite database with the demo content, reads the
 * sitemap, and prints one line per route (the sitemap's paths, plus /appointment, /login and
 * /inscription) and the files a page loads with their gzip sizes.
 *
 * Environment: SIZES_BUILD_DIR (default build; build it first), SIZES_ROUTES=/,/blog (only those),
 * SIZES_FILES=1 (list every route's files), SIZES_JSON=file (write the figures as JSON).
 * Budget (issue 15): JS ≤ 110 KiB, CSS ≤ 15 KiB per public page; the exit code is 1 over it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = process.env.SIZES_BUILD_DIR ?? "build";
const JS_BUDGET_KIB = 110;
const CSS_BUDGET_KIB = 15;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function get(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("timeout", () => req.destroy(new Error(`timeout ${url}`)));
    req.on("error", reject);
  });
}

// the same reading as scripts/bench-http.ts's pageAssets
function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i").exec(tag)?.[1] ?? new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`, "i").exec(tag)?.[1];
}

function pageAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(m[0], "src");
    if (src) js.add(src);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attr(m[0], "href");
    if (!href) continue;
    if (rel.includes("modulepreload")) js.add(href);
    if (rel.includes("stylesheet")) css.add(href);
  }
  for (const m of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const i of m[1].matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) js.add(i[1]);
  }
  return { js: [...js], css: [...css] };
}

const gzCache = new Map<string, number>();
async function gz(origin: string, u: string): Promise<number> {
  const abs = new URL(u, origin);
  const hit = gzCache.get(abs.pathname);
  if (hit !== undefined) return hit;
  const f = await get(abs.href);
  if (f.status !== 200) throw new Error(`${abs.pathname}: ${f.status}`);
  const n = zlib.gzipSync(f.body, { level: 9 }).length;
  gzCache.set(abs.pathname, n);
  return n;
}

async function startServer(tmp: string, port: number): Promise<ChildProcess> {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${tmp}/sizes.db`,
    UPLOAD_DIR: `${tmp}/uploads`,
    DATA_DIR: tmp,
    SEED_DEMO: "true",
    ADMIN_EMAIL: "sizes-admin@clinique.test",
    ADMIN_PASSWORD: "Sizes-Sourire-Kouba-2026",
    SESSION_SECRET: "js-sizes-session-secret-not-for-production-0123456789",
    LOG_LEVEL: "warn",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  const child = spawn(process.execPath, ["server/index.js"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await get(`http://127.0.0.1:${port}/healthz`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the server did not answer /healthz within 60 s");
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "js-sizes-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(tmp, port);
  let over = false;
  try {
    let routes: string[];
    if (process.env.SIZES_ROUTES) routes = process.env.SIZES_ROUTES.split(",").map((r) => r.trim()).filter(Boolean);
    else {
      const sm = await get(`${origin}/sitemap.xml`);
      const paths = [...sm.body.toString("utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replace(/&amp;/g, "&")).pathname);
      routes = [...new Set([...paths, "/appointment", "/login", "/mot-de-passe-oublie", "/inscription"])];
    }
    const rows: { route: string; status: number; js: number; css: number; files: [string, number][] }[] = [];
    for (const route of routes) {
      const page = await get(origin + route);
      const assets = pageAssets(page.body.toString("utf8"));
      const files: [string, number][] = [];
      let js = 0;
      let css = 0;
      for (const u of assets.js) {
        const n = await gz(origin, u);
        js += n;
        files.push([u, n]);
      }
      for (const u of assets.css) {
        const n = await gz(origin, u);
        css += n;
        files.push([u, n]);
      }
      rows.push({ route, status: page.status, js, css, files });
      if (js / 1024 > JS_BUDGET_KIB || css / 1024 > CSS_BUDGET_KIB) over = true;
    }
    const w = Math.max(...rows.map((r) => r.route.length));
    console.log(`${"route".padEnd(w)} | status | JS KiB gz | CSS KiB gz`);
    for (const r of rows) {
      const mark = r.js / 1024 > JS_BUDGET_KIB || r.css / 1024 > CSS_BUDGET_KIB ? "  OVER" : "";
      console.log(`${r.route.padEnd(w)} | ${String(r.status).padStart(6)} | ${(r.js / 1024).toFixed(1).padStart(9)} | ${(r.css / 1024).toFixed(1).padStart(10)}${mark}`);
      if (process.env.SIZES_FILES === "1") for (const [u, n] of r.files.sort((a, b) => b[1] - a[1])) console.log(`    ${(n / 1024).toFixed(1).padStart(6)}  ${u}`);
    }
    const maxJs = Math.max(...rows.map((r) => r.js)) / 1024;
    const maxCss = Math.max(...rows.map((r) => r.css)) / 1024;
    console.log(`max JS ${maxJs.toFixed(1)} KiB (budget ${JS_BUDGET_KIB}), max CSS ${maxCss.toFixed(1)} KiB (budget ${CSS_BUDGET_KIB})`);
    if (process.env.SIZES_JSON) fs.writeFileSync(process.env.SIZES_JSON, JSON.stringify(rows, null, 2));
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (over) process.exitCode = 1;
}

await main();
