import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_PORT } from "../../playwright.config";

/**
 * WORKERS=2 (docs/architecture.md, "Configuration"): the production build started as a primary
 * process and two HTTP workers sharing the port, on one SQLite file. The primary prepares the
 * database and runs the background jobs once; the workers only serve; SIGTERM stops them all.
 */
const PORT = E2E_PORT + 71;
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

test("two HTTP workers answer on one port; the jobs run once; SIGTERM stops every process", async () => {
  test.setTimeout(90_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-workers-"));
  let out = "";
  const server: ChildProcess = spawn(process.execPath, ["server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      WORKERS: "2",
      PORT: String(PORT),
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
    await expect.poll(() => out, { timeout: 60_000 }).toContain("Site de la clinique prêt");
    expect(out).toContain("2 processus");
    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);

    const answers = await Promise.all(Array.from({ length: 40 }, () => fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.status)));
    expect(answers.every((s) => s === 200)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);

    // prepared once, jobs once: one migration report, one heartbeat, one first-account message
    const lines = out.split("\n");
    expect(lines.filter((l) => l.includes('"event":"db_ready"'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('"event":"db_heartbeat"'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes("Compte du personnel créé"))).toHaveLength(1);

    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0), `worker ${pid} still running`).toThrow();
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
