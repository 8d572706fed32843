/**
 * `npm start`'s build step: builds the site as `npm run build` does (`react-router build`, then
 * the islands) quietly and prints a short summary (what was built, how long it took, the size of
 * the browser's JavaScript and CSS, gzipped as served) instead of the bundler's ~230 lines. The
 * full output is kept in `<BUILD_DIR>/build.log`, and printed on a failure. `BUILD_VERBOSE=1 npm
 * start` (or `tsx scripts/build-summary.ts --verbose`) shows it as it comes.
 *
 * Nothing is built when the build there was made from the same sources (a hash of the inputs,
 * `<BUILD_DIR>/.inputs-hash`): the summary says 'build à jour' and the server starts at once.
 * `FORCE_BUILD=1 npm start` builds anyway. `npm run build` (CI) is the plain bundler, unchanged.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
const verbose = process.argv.includes("--verbose") || /^(1|true|yes)$/i.test(process.env.BUILD_VERBOSE ?? "");

/** "1,2 Mo", "845 ko" (fr-FR, decimal units as browsers' tools show them). */
export function formatSize(bytes: number): string {
  const fmt = (n: number, digits: number) => n.toFixed(digits).replace(".", ",");
  if (bytes >= 1_000_000) return `${fmt(bytes / 1_000_000, 1)} Mo`;
  if (bytes >= 1_000) return `${fmt(bytes / 1_000, 0)} ko`;
  return `${bytes} o`;
}

/** The client's .js and .css files: count, raw and gzipped bytes. */
export function assetSizes(clientDir: string): Record<"js" | "css", { files: number; raw: number; gzip: number }> {
  const out = { js: { files: 0, raw: 0, gzip: 0 }, css: { files: 0, raw: 0, gzip: 0 } };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        const ext = path.extname(entry.name).slice(1);
        if (ext !== "js" && ext !== "css") continue;
        const bytes = fs.readFileSync(p);
        out[ext].files += 1;
        out[ext].raw += bytes.length;
        out[ext].gzip += gzipSync(bytes, { level: 9 }).length;
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  return out;
}

/**
 * What a build is made of: every file under app/ and public/ (tests left out) and the files that
 * configure the build or pin its packages. Their hash, kept beside the build, tells whether a new
 * build would differ from the one there (issue 30: a restart costs no build; after a `git pull`
 * or an edit, the next start builds).
 */
export const BUILD_INPUT_DIRS = ["app", "public"];
export const BUILD_INPUT_FILES = ["package.json", "package-lock.json", "vite.config.ts", "vite.islands.config.ts", "react-router.config.ts", "tsconfig.json"];
const IS_TEST = /\.test\.tsx?$/;

export function inputsHash(dir: string = root): string {
  const files: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(dir, rel);
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const p = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile() && !IS_TEST.test(entry.name)) files.push(p);
    }
  };
  for (const d of BUILD_INPUT_DIRS) walk(d);
  for (const f of BUILD_INPUT_FILES) if (fs.existsSync(path.join(dir, f))) files.push(f);
  const hash = createHash("sha256");
  for (const f of files.sort()) hash.update(f).update("\0").update(fs.readFileSync(path.join(dir, f))).update("\0");
  return hash.digest("hex");
}

/** Where the hash of the inputs of the build in `dir` is kept (written after a build that succeeded). */
export const hashFile = (dir: string) => path.join(dir, ".inputs-hash");

/**
 * The build in `dir` was made from these inputs and is whole (the server's bundle and the
 * islands' manifest are there): nothing to build.
 */
export function buildIsCurrent(dir: string, hash: string): boolean {
  try {
    return (
      fs.readFileSync(hashFile(dir), "utf8").trim() === hash &&
      fs.existsSync(path.join(dir, "server", "index.js")) &&
      fs.existsSync(path.join(dir, "client", "assets", "islands", "manifest.json"))
    );
  } catch {
    return false;
  }
}

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const bin = path.join(root, "node_modules", ".bin");
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`, FORCE_COLOR: verbose ? process.env.FORCE_COLOR : "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const chunks: Buffer[] = [];
    const keep = (stream: NodeJS.WritableStream) => (c: Buffer) => {
      chunks.push(c);
      if (verbose) stream.write(c);
    };
    child.stdout.on("data", keep(process.stdout));
    child.stderr.on("data", keep(process.stderr));
    child.on("error", (err) => {
      chunks.push(Buffer.from(`\n${err.message}\n`));
      resolve({ code: 1, output: Buffer.concat(chunks).toString("utf8") });
    });
    child.on("close", (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString("utf8") }));
  });
}

/** `npm run build`'s two steps: the site, then its islands (vite.islands.config.ts). */
async function runBuild(): Promise<{ code: number; output: string }> {
  const site = await run("react-router", ["build"]);
  if (site.code !== 0) return site;
  const islands = await run("vite", ["build", "-c", "vite.islands.config.ts"]);
  return { code: islands.code, output: `${site.output}\n${islands.output}` };
}

const dateTimeFr = new Intl.DateTimeFormat("fr-FR", { day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" });

async function main() {
  const hash = inputsHash();
  const shownDir = path.relative(process.cwd(), buildDir) || buildDir;
  if (buildIsCurrent(buildDir, hash) && !/^(1|true|yes)$/i.test(process.env.FORCE_BUILD ?? "")) {
    const when = dateTimeFr.format(fs.statSync(hashFile(buildDir)).mtime).replace(",", " à");
    console.log(`Site : build à jour (${shownDir}/, construit le ${when} ; sources inchangées depuis). FORCE_BUILD=1 npm start pour reconstruire.`);
    return;
  }
  const started = performance.now();
  if (!verbose) process.stdout.write("Construction du site… ");
  // a build that stops half-way must not pass for a current one at the next start
  fs.rmSync(hashFile(buildDir), { force: true });
  const { code, output } = await runBuild();
  const seconds = ((performance.now() - started) / 1000).toFixed(1).replace(".", ",");
  // the log beside the build (never served: only <BUILD_DIR>/client is); on a failure, the build may not exist
  const logDir = fs.existsSync(buildDir) ? buildDir : root;
  const logPath = path.join(logDir, code === 0 ? "build.log" : "build-failed.log");
  fs.writeFileSync(logPath, output);
  const shownLog = path.relative(process.cwd(), logPath) || logPath;
  if (code !== 0) {
    if (!verbose) process.stdout.write("échec.\n\n");
    if (!verbose) process.stderr.write(output);
    process.stderr.write(`\nLa construction a échoué (code ${code}) après ${seconds} s. Sortie complète : ${shownLog}\n`);
    process.exit(code);
  }
  fs.writeFileSync(hashFile(buildDir), `${hash}\n`);
  const sizes = assetSizes(path.join(buildDir, "client"));
  const line = (label: string, s: { files: number; raw: number; gzip: number }) =>
    `  ${label} ${formatSize(s.gzip)} gzip (${formatSize(s.raw)} brut, ${s.files} fichier${s.files > 1 ? "s" : ""})`;
  if (!verbose) process.stdout.write("terminée.\n");
  console.log(
    [
      `Site construit en ${seconds} s : navigateur et serveur dans ${shownDir}/`,
      line("JavaScript du navigateur :", sizes.js),
      line("CSS :", sizes.css),
      `Sortie complète : ${shownLog} (BUILD_VERBOSE=1 npm start pour l'afficher)`,
    ].join("\n"),
  );
}

// imported by a test: only the helpers
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
