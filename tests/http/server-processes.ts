import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { passwordHash } from "./staff";

/**
 * Site servers as separate processes (`node server/index.js` on the built app), for the tests of
 * several servers on one database: tests/http/page-cache-servers.test.ts and
 * tests/http/proxy-servers.test.ts.
 */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";
export const RUN = Date.now().toString(36);
/** the data folders of the servers started here, removed at the end */
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
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

export async function stopServer(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

export const text = async (url: string) => (await fetch(url)).text();

/** An anonymous GET until the store answers (the first answer is rendered, then stored). */
export async function stored(url: string) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.headers.get("x-cache") === "HIT") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} was never served from the store`);
}

/** Polls `url` until its page holds `wanted`; returns how long it took (ms), or fails after 5 s. */
export async function shownWithin5s(url: string, wanted: string, since: number) {
  while (Date.now() - since < 5000) {
    if ((await text(url)).includes(wanted)) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not show "${wanted}" within 5 s`);
}

/** A post published through the staff blog screen's form of the server at `origin`. */
export async function publishPost(origin: string, cookie: string, title: string) {
  const form = new FormData();
  form.set("intent", "create");
  form.set("title", title);
  form.set("content", "Un article écrit pendant le test du cache des pages, avec assez de texte pour être publié.");
  form.set("image_url", "");
  const res = await fetch(`${origin}/admin/blog`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: origin }, redirect: "manual" });
  expect(res.status, await res.text().then((t) => t.slice(0, 200))).toBeLessThan(400);
}

/** A dentist account (no second factor) written straight into the database. */
export async function addDentist(run: (sql: string, params: unknown[]) => unknown, placeholders: string[], email: string, password: string) {
  const now = new Date().toISOString();
  const [a, b, c, d] = placeholders;
  await run(`insert into staff_users (email, password_hash, role, created_at, updated_at) values (${a}, ${b}, 'dentist', ${c}, ${d})`, [email, await passwordHash(password), now, now]);
}

