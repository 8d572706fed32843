import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { freePort, startAppServer } from "./app-server";
import { passwordHash, signIn } from "./staff";

/**
 * A staff change reaches every server (docs/architecture.md, "Page cache"): shown at once on the
 * server that made it, and within 5 s on another server sharing the database, SQLite file and
 * PostgreSQL alike. The servers are `node server/index.js` processes started here (and, for
 * SQLite, the site served in this process); the change is a post published through the staff
 * screen's form, posted as a browser does.
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const RUN = Date.now().toString(36);
/** the data folders of the servers started here, removed at the end */
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-pc-"));
  folders.push(dir);
  let out = "";
  const child = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      UPLOAD_DIR: `${dir}/uploads`,
      SESSION_SECRET: "page-cache-spec-session-secret-0123456789",
      LOG_LEVEL: "warn",
      BACKUP_DAILY: "false",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    const status = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
    if (status === 200) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start: ${out}`);
}

async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

const text = async (url: string) => (await fetch(url)).text();

/** An anonymous GET until the store answers (the first answer is rendered, then stored). */
async function stored(url: string) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.headers.get("x-cache") === "HIT") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} was never served from the store`);
}

/** Polls `url` until its page holds `wanted`; returns how long it took (ms), or fails after 5 s. */
async function shownWithin5s(url: string, wanted: string, since: number) {
  while (Date.now() - since < 5000) {
    if ((await text(url)).includes(wanted)) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not show "${wanted}" within 5 s`);
}

/** A post published through the staff blog screen's form of the server at `origin`. */
async function publishPost(origin: string, cookie: string, title: string) {
  const form = new FormData();
  form.set("intent", "create");
  form.set("title", title);
  form.set("content", "Un article écrit pendant le test du cache des pages, avec assez de texte pour être publié.");
  form.set("image_url", "");
  const res = await fetch(`${origin}/admin/blog`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: origin }, redirect: "manual" });
  expect(res.status, await res.text().then((t) => t.slice(0, 200))).toBeLessThan(400);
}

/** A dentist account (no second factor) written straight into the database. */
async function addDentist(run: (sql: string, params: unknown[]) => unknown, placeholders: string[], email: string, password: string) {
  const now = new Date().toISOString();
  const [a, b, c, d] = placeholders;
  await run(`insert into staff_users (email, password_hash, role, created_at, updated_at) values (${a}, ${b}, 'dentist', ${c}, ${d})`, [email, await passwordHash(password), now, now]);
}

describe("a staff change reaches every server", () => {
  test("SQLite: at once on the server that made it, and on a second server on the same file", { timeout: 120_000 }, async () => {
    const one = await startAppServer();
    let two: ChildProcess | undefined;
    try {
      const port = await freePort();
      two = await startServer(port, { DATABASE_URL: `file:${path.join(one.dataDir, "e2e.db")}`, SEED_DEMO: "false" });
      const baseTwo = `http://127.0.0.1:${port}`;
      await stored(`${one.origin}/blog`);
      await stored(`${baseTwo}/blog`);
      await addDentist((sql, p) => one.dbRun(sql, ...p), ["?", "?", "?", "?"], "pc-dentist@clinique.test", "Dentiste-Cache-2026");
      const cookie = await signIn(one.origin, "pc-dentist@clinique.test", "Dentiste-Cache-2026", "/admin/blog");
      const title = `Article du cache ${RUN}`;
      await publishPost(one.origin, cookie, title);
      const changedAt = Date.now();
      // at once here; within 5 s there (SQLite: each hit reads the version from the file)
      expect(await text(`${one.origin}/blog`)).toContain(title);
      expect(await shownWithin5s(`${baseTwo}/blog`, title, changedAt)).toBeLessThan(5000);
    } finally {
      await stopServer(two);
      await one.close();
    }
  });

  test("PostgreSQL: two servers on one database, a change on one shows on the other within 5 s", { timeout: 180_000 }, async () => {
    // .ci/run always names a PostgreSQL server; without one this test fails rather than pass unseen
    if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL must name a PostgreSQL server (.ci/run sets it)");
    const name = `clinic_http_pc_${RUN}_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    let one: ChildProcess | undefined;
    let two: ChildProcess | undefined;
    try {
      const env = { DATABASE_URL: url.toString(), SEED_DEMO: "true", ADMIN_EMAIL: "pc-admin@clinique.test", ADMIN_PASSWORD: "Sourire-Kouba-2026" };
      const [portOne, portTwo] = [await freePort(), await freePort()];
      one = await startServer(portOne, env);
      two = await startServer(portTwo, env);
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        await addDentist((sql, p) => db.query(sql, p), ["$1", "$2", "$3", "$4"], "pc-dentist@clinique.test", "Dentiste-Cache-2026");
      } finally {
        await db.end();
      }
      const [baseOne, baseTwo] = [`http://127.0.0.1:${portOne}`, `http://127.0.0.1:${portTwo}`];
      await stored(`${baseOne}/blog`);
      await stored(`${baseTwo}/blog`);
      const cookie = await signIn(baseOne, "pc-dentist@clinique.test", "Dentiste-Cache-2026", "/admin/blog");
      const title = `Article partagé ${RUN}`;
      await publishPost(baseOne, cookie, title);
      const changedAt = Date.now();
      expect(await text(`${baseOne}/blog`)).toContain(title);
      expect(await shownWithin5s(`${baseTwo}/blog`, title, changedAt)).toBeLessThan(5000);
    } finally {
      await stopServer(one);
      await stopServer(two);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
