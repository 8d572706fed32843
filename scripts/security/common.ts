/**
 * What the sections of `npm run check:security` (scripts/check-security.ts) share: the built site
 * started on a fresh database in a temporary folder on loopback, raw HTTP requests, the server's
 * memory, a signed-in dentist, and the list of failed checks. Loopback only.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
/** The build the script starts (BUILD_DIR, as for the server; default build/). */
export const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR || "build");
export const ADMIN = { email: "securite@clinique.test", password: "Verifier-La-Securite-2026" };
/** A dentist without two-factor sign-in (the team setting's default): signs in with the password alone. */
export const DENTIST = { email: "dentiste.securite@clinique.test", password: "Dentiste-Securite-2026" };

export const failures: string[] = [];

/** Records a failed check; returns the word printed beside its figure. */
export function check(ok: boolean, what: string): string {
  if (!ok) failures.push(what);
  return ok ? "ok" : "ÉCHEC";
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export async function ensureBuilt(): Promise<void> {
  if (fs.existsSync(path.join(BUILD_DIR, "server", "index.js"))) return;
  console.log("Construction du site (npm run build)…");
  await new Promise<void>((resolve, reject) => {
    const b = spawn("npx", ["react-router", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BUILD_DIR } });
    b.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`build: ${code}`))));
  });
}

export interface Site {
  base: string;
  port: number;
  child: ChildProcess;
  /** the temporary folder (database file, uploads) */
  dir: string;
  databaseUrl: string;
  env: Record<string, string>;
  /** SIGTERM, wait for the exit; the folder is kept (see remove) */
  stop: () => Promise<number | null>;
  /** stop, then delete the folder */
  remove: () => Promise<void>;
  /** the server's output lines (stdout and stderr) when started with stdio "pipe" */
  output: string[];
}

export interface StartOptions {
  /** more or other environment variables for the server */
  env?: Record<string, string>;
  /** the server's stdout and stderr (default: stderr inherited, stdout ignored) */
  stdio?: "inherit" | "ignore" | "pipe";
  /** reuse a folder (its database) instead of a new one */
  dir?: string;
}

/** Starts the built site (production) on a fresh SQLite database, with the demo content and a dentist account. */
export async function startServer(opts: StartOptions = {}): Promise<Site> {
  await ensureBuilt();
  const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "clinic-security-"));
  const port = await freePort();
  const databaseUrl = opts.env?.DATABASE_URL ?? `file:${dir}/clinic.db`;
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: "production",
    BUILD_DIR,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dir,
    UPLOAD_DIR: `${dir}/uploads`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "true",
    LOG_LEVEL: "silent",
    BACKUP_DAILY: "false",
    SESSION_SECRET: "verification-de-securite-secret-de-session-0123456789",
    ...opts.env,
  };
  const stdio = opts.stdio ?? "ignore";
  const child = spawn(process.execPath, ["server/index.js"], {
    cwd: ROOT,
    stdio: ["ignore", stdio === "pipe" ? "pipe" : stdio, stdio === "ignore" ? "inherit" : stdio],
    env,
  });
  const base = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    let rest = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      // bounded: the last 100,000 lines
      output.push(...lines);
      if (output.length > 100_000) output.splice(0, output.length - 100_000);
    });
  }
  let exited = false;
  child.once("exit", () => (exited = true));
  const stop = async () => {
    if (exited) return child.exitCode;
    const done = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    return done;
  };
  const remove = async () => {
    await stop();
    if (!opts.dir) fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 150; i++) {
    if (exited) break;
    try {
      if ((await fetch(`${base}/healthz`)).ok) {
        const site = { base, port, child, dir, databaseUrl, env, stop, remove, output };
        ensureDentist(site);
        return site;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("le serveur n'a pas démarré");
}

/** Adds the dentist account (npm run staff:create), once per database. */
function ensureDentist(site: Site) {
  const marker = path.join(site.dir, ".security-dentist");
  if (fs.existsSync(marker) && site.databaseUrl.startsWith("file:")) return;
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/staff-create.ts", DENTIST.email, "--role", "dentist", "--name", "Dr Sécurité"], {
    cwd: ROOT,
    env: { ...site.env, STAFF_PASSWORD: DENTIST.password, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  if (r.status !== 0 && !/existe déjà|already/i.test(`${r.stdout}${r.stderr}`)) throw new Error(`staff:create: ${r.stderr || r.stdout}`);
  fs.writeFileSync(marker, "");
}

/** Peak and current resident memory of a process, in MiB (Linux). */
export function memory(pid: number): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: Math.round(kib("VmRSS") / 1024), peak: Math.round(kib("VmHWM") / 1024) };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the raw header lines (names as sent, repeated ones kept) */
  rawHeaders: string[];
  body: string;
}

/** A raw request (so that paths, cookies and bodies are sent exactly as written). */
export function raw(base: string, opts: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string; agent?: http.Agent }): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: opts.method ?? "GET", path: opts.path, headers: { Origin: base, ...opts.headers }, insecureHTTPParser: true, agent: opts.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", () => resolve({ status: 0, headers: {}, rawHeaders: [], body: "" }));
    req.end(opts.body);
  });
}

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** The `name=value` pairs of an answer's Set-Cookie headers, as a Cookie header. */
export function cookiesOf(a: RawAnswer, previous = ""): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  for (const c of a.headers["set-cookie"] ?? []) {
    const first = c.split(";")[0];
    const eq = first.indexOf("=");
    jar.set(first.slice(0, eq), first.slice(eq + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** Signs the dentist in (password only); returns the Cookie header of the session. */
export async function signInDentist(base: string): Promise<string> {
  const res = await raw(base, { method: "POST", path: "/login", headers: FORM, body: form({ email: DENTIST.email, password: DENTIST.password, redirectTo: "/admin" }) });
  const cookie = cookiesOf(res);
  if (res.status < 300 || res.status >= 400 || !/clinic_session=/.test(cookie)) throw new Error(`connexion du dentiste refusée (${res.status})`);
  return cookie;
}
