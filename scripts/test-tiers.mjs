#!/usr/bin/env node
/**
 * `npm test` (docs/architecture.md, "Testing"): ESLint, the type check and the production build,
 * and every test tier, with what can run side by side running side by side, the longest chain
 * (build → Playwright) started first:
 *   1. from the start: the build, and beside it Vitest's `unit` and `integration` projects (they
 *      need no build);
 *   2. once the build is written: Playwright (e2e), Vitest's `http` project (the built site), and
 *      ESLint → type check.
 * The tiers spend much of their time waiting (database commits, the concurrency tests' races, a
 * browser's frames and animations), so on a 2-core machine each fills the others' idle time.
 * ESLint's, the type check's, the build's and Playwright's lines stream as they come; each Vitest
 * run's report is printed as one block when it ends, so reports never interleave line by line.
 * The exit status fails when any step fails; a failed build starts no step 2.
 * `TEST_TIERS_SERIAL=1` runs everything one after the other, in the order above.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const serial = process.env.TEST_TIERS_SERIAL === "1";
/** @param {string} name */
const bin = (name) => path.resolve("node_modules", ".bin", name);
const started = Date.now();

/**
 * Runs a command; `buffered`: its output is kept in a file and printed when it ends; `refuse`: a line
 * of its output that matches fails the step (the build: no warning).
 * @param {string} label @param {string} command @param {string[]} args @param {{ buffered: boolean; refuse?: RegExp }} options
 * @returns {Promise<{ label: string; ok: boolean; code: number | string | null; seconds: number }>}
 */
function run(label, command, args, { buffered, refuse }) {
  const t0 = Date.now();
  const logFile = buffered ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "test-tiers-")), `${label}.log`) : null;
  const out = logFile ? fs.openSync(logFile, "w") : refuse ? "pipe" : "inherit";
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1" } });
  /** @type {string[]} lines of the output that `refuse` matches */
  const refused = [];
  if (refuse && !logFile) {
    let tail = "";
    /** @param {NodeJS.WriteStream} to */
    const watch = (to) => (/** @type {Buffer} */ chunk) => {
      to.write(chunk);
      const lines = (tail + chunk.toString("utf8")).split("\n");
      tail = lines.pop() ?? "";
      refused.push(...lines.filter((l) => refuse.test(stripVTControlCharacters(l))));
    };
    child.stdout?.on("data", watch(process.stdout));
    child.stderr?.on("data", watch(process.stderr));
  }
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      if (refused.length && code === 0) {
        process.stdout.write(`\n${label}: ${refused.length} warning(s), which a build must not print (issue 30):\n${refused.map((l) => `  ${l.trim()}`).join("\n")}\n`);
        resolve({ label, ok: false, code: "warnings", seconds: Math.round((Date.now() - t0) / 1000) });
        return;
      }
      const seconds = Math.round((Date.now() - t0) / 1000);
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

/** @typedef {Awaited<ReturnType<typeof run>>} Result */
/**
 * The steps one after the other, stopping at the first failure.
 * @param {...() => Promise<Result>} steps
 * @returns {Promise<Result[]>}
 */
async function chain(...steps) {
  /** @type {Result[]} */
  const done = [];
  for (const step of steps) {
    const r = await step();
    done.push(r);
    if (!r.ok) break;
  }
  return done;
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const lint = () => run("lint", npm, ["run", "--silent", "lint"], { buffered: false });
const typecheck = () => run("typecheck", npm, ["run", "--silent", "typecheck"], { buffered: false });
/** What a build must not print: Rollup's and Vite's warnings, React Router's future-flag notices. */
const BUILD_WARNING = /Generated an empty chunk|Future Flag Warning|^\s*\(!\)|^\s*warn(ing)?\b|\[warn\]/i;
const build = () => run("build", npm, ["run", "--silent", "build"], { buffered: false, refuse: BUILD_WARNING });
const vitestNoBuild = () => run("vitest unit+integration", bin("vitest"), ["run", "--project", "unit", "--project", "integration"], { buffered: !serial });
const vitestHttp = () => run("vitest http", bin("vitest"), ["run", "--project", "http"], { buffered: !serial });
const playwright = () => run("playwright", bin("playwright"), ["test"], { buffered: false });

/** @type {Result[]} */
let results;
if (serial) {
  results = await chain(lint, typecheck, build, vitestNoBuild, vitestHttp, playwright);
} else {
  const afterBuild = build().then(async (built) => {
    if (!built.ok) return [built];
    return [built, ...(await Promise.all([playwright(), vitestHttp(), chain(lint, typecheck)])).flat()];
  });
  results = (await Promise.all([afterBuild, vitestNoBuild()])).flat();
}
for (const r of results) console.log(`npm test: ${r.label} ${r.ok ? "passed" : `FAILED (${r.code})`} in ${r.seconds} s`);
const ok = results.every((r) => r.ok) && results.some((r) => r.label === "playwright");
console.log(`npm test: ${ok ? "passed" : "FAILED"} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(ok ? 0 : 1);
