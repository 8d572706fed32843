/**
 * `npm start`'s build step: runs `react-router build` quietly and prints a short summary (what was
 * built, how long it took, the size of the browser's JavaScript and CSS, gzipped as served) instead
 * of the bundler's ~230 lines. The full output is kept in `<BUILD_DIR>/build.log`, and printed on
 * a failure. `BUILD_VERBOSE=1 npm start` (or `tsx scripts/build-summary.ts --verbose`) shows it
 * as it comes. `npm run build` (CI) is the plain bundler, unchanged.
 */
import { spawn } from "node:child_process";
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

function runBuild(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const bin = path.join(root, "node_modules", ".bin");
    const child = spawn("react-router", ["build"], {
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

async function main() {
  const started = performance.now();
  if (!verbose) process.stdout.write("Construction du site… ");
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
    process.stderr.write(`\nLa construction a échoué (code ${code}) après ${seconds} s. Sortie complète : ${shownLog}\n`);
    process.exit(code);
  }
  const sizes = assetSizes(path.join(buildDir, "client"));
  const line = (label: string, s: { files: number; raw: number; gzip: number }) =>
    `  ${label} ${formatSize(s.gzip)} gzip (${formatSize(s.raw)} brut, ${s.files} fichier${s.files > 1 ? "s" : ""})`;
  if (!verbose) process.stdout.write("terminée.\n");
  console.log(
    [
      `Site construit en ${seconds} s : navigateur et serveur dans ${path.relative(process.cwd(), buildDir) || buildDir}/`,
      line("JavaScript du navigateur :", sizes.js),
      line("CSS :", sizes.css),
      `Sortie complète : ${shownLog} (BUILD_VERBOSE=1 npm start pour l'afficher)`,
    ].join("\n"),
  );
}

// imported by a test: only the helpers
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await main();
