import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { freePort, startAppServer } from "./app-server";

/**
 * The server as a process and as an HTTP layer: `node server/index.js` started by the test
 * (a bad configuration, SIGTERM, WORKERS=2), and the answers that need no browser (health,
 * hashed assets). The production build is needed (`npm run build`; npm test builds first).
 */
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

describe("health and assets", () => {
  const started = startAppServer();
  afterAll(async () => (await started).close());

  test("GET /healthz answers 200 with the database up", async () => {
    const { origin } = await started;
    const res = await fetch(`${origin}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  test("hashed assets are cached for a year, immutable", async () => {
    const { origin } = await started;
    const html = await (await fetch(`${origin}/`)).text();
    const href = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(href).toBeTruthy();
    const res = await fetch(`${origin}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("cache-control")).toContain("max-age=31536000");
  });
});

describe("the server process", () => {
  // a process started while the end-to-end servers and browsers load both cores: a minute to start, as the workers' test has
  test("the server refuses a bad configuration with one clear line", { timeout: 90_000 }, () => {
    const r = spawnSync(process.execPath, ["server/index.js"], {
      env: { ...process.env, PORT: "pas-un-port", BUILD_DIR },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toBe("Configuration invalide — PORT: attendu un nombre entier");
  });

  test("SIGTERM stops the server cleanly: in-flight work drained, database closed, exit code 0", { timeout: 90_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-stop-"));
    const port = await freePort();
    const child = spawn(process.execPath, ["server/index.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        BUILD_DIR,
        DATABASE_URL: `file:${dir}/stop.db`,
        UPLOAD_DIR: `${dir}/uploads`,
        DATA_DIR: dir,
        ADMIN_EMAIL: "stop@clinique.test",
        ADMIN_PASSWORD: "Arret-Propre-2026",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status ?? 0, { timeout: 60_000, interval: 100 })
        .toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(out).toContain('"event":"shutdown"');
      expect(out).toContain('"event":"stopped"');
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("two HTTP workers answer on one port; the jobs run once; SIGTERM stops every process", { timeout: 90_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-workers-"));
    const port = await freePort();
    let out = "";
    // a local trial of the demo: no PUBLIC_URL (the in-process test server of this project sets one)
    const { PUBLIC_URL: _publicUrl, ...inherited } = process.env;
    const server: ChildProcess = spawn(process.execPath, ["server/index.js"], {
      env: {
        ...inherited,
        NODE_ENV: "production",
        BUILD_DIR,
        WORKERS: "2",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: `file:${dir}/clinic.db`,
        DATA_DIR: dir,
        UPLOAD_DIR: `${dir}/uploads`,
        SESSION_SECRET: "workers-spec-session-secret-0123456789abcdef",
        ADMIN_EMAIL: "workers@clinique.test",
        ADMIN_PASSWORD: "Sourire-Kouba-2026",
        LOG_LEVEL: "info",
        SEED_DEMO: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (c) => (out += c));
    server.stderr!.on("data", (c) => (out += c));
    try {
      await expect.poll(() => out, { timeout: 60_000, interval: 100 }).toContain("Site de la clinique prêt");
      expect(out).toContain("2 processus");
      const workers = childrenOf(server.pid!);
      expect(workers).toHaveLength(2);

      const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`http://127.0.0.1:${port}/`).then((r) => r.status)));
      expect(answers.every((s) => s === 200)).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

      // prepared once, jobs once: one migration report, one heartbeat, one first-account message
      const lines = out.split("\n");
      expect(lines.filter((l) => l.includes('"event":"db_ready"'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes('"event":"db_heartbeat"'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes("Compte du personnel créé"))).toHaveLength(1);
      // the banner comes after the start's log lines, the account in a frame; a local trial of the
      // demo (no PUBLIC_URL) prints the administrator's authenticator key there, and its QR code
      const frameStart = lines.findIndex((l) => /^ {2}┌─+┐$/.test(l));
      expect(frameStart).toBeGreaterThan(lines.findIndex((l) => l.includes('"event":"db_heartbeat"')));
      expect(lines[frameStart + 1]).toMatch(/^ {2}│ Compte du personnel créé : workers@clinique\.test +│$/);
      expect(out).toMatch(/│ {3}Clé : [A-Z2-7]{4}( [A-Z2-7]{1,4})+ +│/);
      expect(out).toMatch(/│ Connexion : http:\/\/localhost:\d+\/login +│/);
      expect(out).toMatch(/[▀▄█]{5}/);

      const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
      server.kill("SIGTERM");
      expect(await exited).toBe(0);
      for (const pid of workers) expect(() => process.kill(pid, 0), `worker ${pid} still running`).toThrow();
    } finally {
      if (server.exitCode === null) server.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
