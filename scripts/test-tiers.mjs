#!/usr/bin/env node
/**
 * The test tiers of `npm test` after the build (docs/architecture.md, "Tests"): Vitest (unit,
 * integration, http) and Playwright (e2e) run AT THE SAME TIME. Both spend much of their time
 * waiting (PostgreSQL and SQLite commits, the concurrency tests' races, a browser's frames and
 * animations), so on a 2-core machine running them side by side fills the idle time of each.
 * Playwright's lines stream as they come; Vitest's report is written to the terminal as one block
 * when it ends, so the two never interleave line by line. The exit status fails when either
 * fails. `TEST_TIERS_SERIAL=1` runs them one after the other (Vitest first), as before.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const serial = process.env.TEST_TIERS_SERIAL === "1";
/** @param {string} name */
const bin = (name) => path.resolve("node_modules", ".bin", name);

/**
 * Runs a command; `buffered`: its output is kept in a file and printed when it ends.
 * @param {string} label @param {string} command @param {string[]} args @param {{ buffered: boolean }} options
 * @returns {Promise<{ label: string; ok: boolean; code: number | string | null; seconds: number }>}
 */
function run(label, command, args, { buffered }) {
  const started = Date.now();
  const logFile = buffered ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "test-tiers-")), `${label}.log`) : null;
  const out = logFile ? fs.openSync(logFile, "w") : "inherit";
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (logFile) {
        process.stdout.write(`\n===== ${label}: its report (${seconds} s) =====\n`);
        process.stdout.write(fs.readFileSync(logFile));
        process.stdout.write(`===== end of ${label}'s report =====\n\n`);
        fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
      }
      resolve({ label, ok: code === 0, code: code ?? signal, seconds });
    });
  });
}

const vitest = () => run("vitest", bin("vitest"), ["run"], { buffered: !serial });
const playwright = () => run("playwright", bin("playwright"), ["test"], { buffered: false });

const results = serial ? [await vitest(), await playwright()] : await Promise.all([vitest(), playwright()]);
for (const r of results) console.log(`test tiers: ${r.label} ${r.ok ? "passed" : `FAILED (${r.code})`} in ${r.seconds} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
