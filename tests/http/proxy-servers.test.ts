import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "./app-server";
import { addDentist, publishPost, RUN, startServer, stopServer } from "./server-processes";
import { signIn } from "./staff";

/**
 * Two site servers behind a real reverse proxy on one PostgreSQL database (issue 33, item 5;
 * docs/architecture.md, "Several servers"): HAProxy from Debian's packages (.ci/run installs it),
 * started here, sends each request to the next server in turn and names it in `X-Served-By`.
 * Through the proxy, as a visitor and a staff member do: a session opened on one server is valid
 * on the other; a booking made through one is seen by staff on both and its time is gone from
 * both servers' free times; a post published through one shows on both servers' cached /blog
 * within 5 s; signing out through one ends the session on both.
 */
const HAPROXY = ["/usr/sbin/haproxy", "/usr/bin/haproxy"].find((p) => fs.existsSync(p));
const DENTIST = { email: "proxy-dentist@clinique.test", password: "Dentiste-Proxy-2026" };

let admin: pg.Client;
let dbName = "";
let one: ChildProcess | undefined;
let two: ChildProcess | undefined;
let proxy: ChildProcess | undefined;
let proxyDir = "";
/** the proxy's address: the site's PUBLIC_URL for both servers */
let site = "";
/** each server's own address, to ask one of them directly */
const direct: Record<string, string> = {};

beforeAll(async () => {
  if (!HAPROXY) throw new Error("haproxy is not installed (apt-get install haproxy; .ci/run installs it)");
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must name a PostgreSQL server (.ci/run sets it)");
  dbName = `clinic_http_proxy_${RUN}_${process.pid}`;
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${dbName}`;

  const [portOne, portTwo, proxyPort] = [await freePort(), await freePort(), await freePort()];
  site = `http://127.0.0.1:${proxyPort}`;
  // the proxy is the only client the servers see: they believe its X-Forwarded-For (one hop)
  const env = { DATABASE_URL: url.toString(), SEED_DEMO: "true", PUBLIC_URL: site, TRUST_PROXY: "1", ADMIN_EMAIL: "proxy-admin@clinique.test", ADMIN_PASSWORD: "Sourire-Kouba-2026" };
  one = await startServer(portOne, env);
  two = await startServer(portTwo, env);
  direct.one = `http://127.0.0.1:${portOne}`;
  direct.two = `http://127.0.0.1:${portTwo}`;

  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    await addDentist((sql, p) => db.query(sql, p), ["$1", "$2", "$3", "$4"], DENTIST.email, DENTIST.password);
  } finally {
    await db.end();
  }

  proxyDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-proxy-"));
  const config = path.join(proxyDir, "haproxy.cfg");
  fs.writeFileSync(
    config,
    [
      "global",
      "  maxconn 256",
      "defaults",
      "  mode http",
      "  timeout connect 5s",
      "  timeout client 30s",
      "  timeout server 30s",
      "frontend site",
      `  bind 127.0.0.1:${proxyPort}`,
      "  option forwardfor",
      "  default_backend servers",
      "backend servers",
      "  balance roundrobin",
      "  http-response set-header X-Served-By %[srv_name]",
      `  server one 127.0.0.1:${portOne}`,
      `  server two 127.0.0.1:${portTwo}`,
      "",
    ].join("\n"),
  );
  let out = "";
  proxy = spawn(HAPROXY, ["-f", config, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  proxy.stdout!.on("data", (c) => (out += c));
  proxy.stderr!.on("data", (c) => (out += c));
  for (let i = 0; ; i++) {
    if (proxy.exitCode !== null) throw new Error(`haproxy exited: ${out}`);
    const status = await fetch(`${site}/healthz`).then((r) => r.status, () => 0);
    if (status === 200) break;
    if (i > 100) throw new Error(`haproxy did not answer: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}, 240_000);

afterAll(async () => {
  if (proxy && proxy.exitCode === null) {
    proxy.kill("SIGTERM");
    await new Promise((r) => proxy!.once("exit", r));
  }
  await stopServer(one);
  await stopServer(two);
  if (proxyDir) fs.rmSync(proxyDir, { recursive: true, force: true });
  if (admin) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

/** GETs `path` through the proxy `times` times: what each answer said and which server gave it. */
async function throughProxy(pathname: string, times: number, headers: Record<string, string> = {}) {
  const answers: { server: string; status: number; body: string; location: string | null; cache: string | null }[] = [];
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${site}${pathname}`, { headers, redirect: "manual" });
    answers.push({ server: res.headers.get("x-served-by") ?? "?", status: res.status, body: await res.text(), location: res.headers.get("location"), cache: res.headers.get("x-cache") });
  }
  return answers;
}

const servers = (answers: { server: string }[]) => [...new Set(answers.map((a) => a.server))].sort();

/** A day the demo schedule opens with a free time for `service`, as the booking form asks it. */
async function freeDay(service: string): Promise<{ date: string; time: string }> {
  for (let d = 3; d < 40; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${site}/appointment/creneaux?${new URLSearchParams({ service, date })}`);
    const body = (await res.json()) as { times: string[] };
    if (body.times.length) return { date, time: body.times[0] };
  }
  throw new Error("no free day");
}

describe("two servers behind HAProxy on one PostgreSQL database", () => {
  let cookie = "";

  test("the proxy spreads the requests over both servers", async () => {
    expect(servers(await throughProxy("/healthz", 4))).toEqual(["one", "two"]);
  });

  test("a session opened through the proxy is valid on both servers", async () => {
    cookie = await signIn(site, DENTIST.email, DENTIST.password, "/admin/agenda");
    const answers = await throughProxy("/admin/agenda", 4, { Cookie: cookie });
    expect(servers(answers)).toEqual(["one", "two"]);
    for (const a of answers) {
      expect(a.status, `${a.server}: ${a.location ?? ""}`).toBe(200);
      expect(a.body).toContain("Agenda");
    }
  });

  test("a booking through the proxy: staff see it on both servers, and its time is no longer free on either", async () => {
    const service = "Orthodontie";
    const { date, time } = await freeDay(service);
    const name = `Patient Proxy ${RUN}`;
    const res = await fetch(`${site}/appointment`, {
      method: "POST",
      headers: { Accept: "application/json", Origin: site },
      body: new URLSearchParams({ name, email: "proxy@exemple.dz", phone: "0550 12 34 56", service, date, time, message: "", consent: "on", submission_key: crypto.randomUUID(), website: "" }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "success" });
    for (const [server, origin] of Object.entries(direct)) {
      const list = await fetch(`${origin}/admin/appointments?q=${encodeURIComponent(name)}`, { headers: { Cookie: cookie } });
      expect(list.status, server).toBe(200);
      expect(await list.text(), server).toContain(name);
      const free = (await (await fetch(`${origin}/appointment/creneaux?${new URLSearchParams({ service, date })}`)).json()) as { times: string[] };
      expect(free.times, server).not.toContain(time);
    }
  });

  test("a post published through the proxy shows on both servers' stored /blog within 5 s", async () => {
    // both servers have /blog in their page store before the change
    for (let i = 0; i < 20 && servers((await throughProxy("/blog", 2)).filter((a) => a.cache === "HIT")).length < 2; i++);
    expect(servers((await throughProxy("/blog", 2)).filter((a) => a.cache === "HIT"))).toEqual(["one", "two"]);
    const title = `Article derrière le proxy ${RUN}`;
    await publishPost(site, cookie, title);
    const since = Date.now();
    const seen = new Set<string>();
    while (seen.size < 2 && Date.now() - since < 5000) {
      for (const a of await throughProxy("/blog", 2)) if (a.body.includes(title)) seen.add(a.server);
      if (seen.size < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect([...seen].sort()).toEqual(["one", "two"]);
  });

  test("signing out through the proxy ends the session on both servers", async () => {
    const out = await fetch(`${site}/logout`, { method: "POST", headers: { Cookie: cookie, Origin: site }, body: new URLSearchParams(), redirect: "manual" });
    expect(out.status).toBe(302);
    for (const [server, origin] of Object.entries(direct)) {
      const res = await fetch(`${origin}/admin/agenda`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(res.status, server).toBe(302);
      expect(res.headers.get("location"), server).toMatch(/^\/login/);
    }
  });
});
