/**
 * Section of `npm run check:security` (issue 26, item 7): SIGTERM under load resets no connection.
 *
 * The built site is started (one process, then WORKERS=2), 50 keep-alive clients ask for public
 * pages that are never stored (PAGE_CACHE=false and a cookie on every request: each answer is a
 * render) for about 2 s, then the server gets SIGTERM. Each client goes on sending on its
 * connection until it is refused. Every request ends in one of three ways:
 * - an answer (whatever its status): the server took the request and answered it;
 * - ECONNREFUSED: the listener is closed, the connection was never accepted. That is what a load
 *   balancer or a browser expects from a server that stops: it tries another server at once;
 * - a reset (ECONNRESET, EPIPE, "socket hang up", an answer cut short): a connection that the
 *   system had accepted, often with the request already sent, then dropped. The client cannot
 *   tell whether its request ran. None is allowed.
 * Five stops per setting; loopback only; about 40 s in all.
 */
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { check, failures, startServer } from "./common";

const CLIENTS = 50;
const LOAD_MS = 2_000;
const RUNS = 5;
/** A stop that has not finished after this long is a failure of its own (the drain time is 10 s). */
const STOP_DEADLINE_MS = 20_000;
/** Public pages, each rendered for every request (a cookie is never served from the page cache). */
const PAGES = ["/", "/blog", "/formation", "/appointment", "/mentions-legales"];

interface Outcome {
  answers: number;
  /** answers that said `Connection: close` (those of the stop) */
  closing: number;
  refused: number;
  resets: number;
  /** what the resets were: code, and whether the connection was new or kept alive */
  resetKinds: Map<string, number>;
  /** requests that never ended (none expected) */
  hanging: number;
  exitCode: number | null;
}

type Ending = { kind: "answer"; close: boolean } | { kind: "refused" } | { kind: "reset"; what: string };

function ask(base: URL, agent: http.Agent, page: string): Promise<Ending> {
  return new Promise((resolve) => {
    let reused = false;
    const req = http.get({ host: base.hostname, port: base.port, path: page, agent, headers: { Cookie: "visite=1" } }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve({ kind: "answer", close: res.headers.connection === "close" }));
      res.on("error", (err: NodeJS.ErrnoException) => resolve({ kind: "reset", what: `${err.code ?? err.message} (réponse coupée)` }));
      res.on("aborted", () => resolve({ kind: "reset", what: "réponse coupée" }));
    });
    req.on("socket", () => (reused = req.reusedSocket));
    req.on("error", (err: NodeJS.ErrnoException) => {
      const code = err.code ?? err.message;
      if (code === "ECONNREFUSED") resolve({ kind: "refused" });
      else resolve({ kind: "reset", what: `${code} (${reused ? "connexion gardée" : "connexion nouvelle"})` });
    });
  });
}

async function stopUnderLoad(workers: number, dir: string): Promise<Outcome> {
  const site = await startServer({ dir, env: { WORKERS: String(workers), PAGE_CACHE: "false", LOG_LEVEL: "silent" } });
  const base = new URL(site.base);
  const out: Outcome = { answers: 0, closing: 0, refused: 0, resets: 0, resetKinds: new Map(), hanging: 0, exitCode: null };
  let deadlineHit = false;
  let endDeadline: () => void = () => {};
  const deadline = new Promise<void>((r) => (endDeadline = r));
  const exited = new Promise<number | null>((r) => {
    if (site.child.exitCode !== null) r(site.child.exitCode);
    else site.child.once("exit", (code) => r(code));
  });

  const clients = Array.from({ length: CLIENTS }, async (_, c) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 0; !deadlineHit; n++) {
      const pending = ask(base, agent, PAGES[(c + n) % PAGES.length]);
      const ending = await Promise.race([pending, new Promise<null>((r) => deadline.then(() => r(null)))]);
      if (ending === null) {
        out.hanging++;
        break;
      }
      if (ending.kind === "answer") {
        out.answers++;
        if (ending.close) out.closing++;
      } else if (ending.kind === "refused") {
        out.refused++;
        break;
      } else {
        out.resets++;
        out.resetKinds.set(ending.what, (out.resetKinds.get(ending.what) ?? 0) + 1);
      }
    }
    agent.destroy();
  });

  await new Promise((r) => setTimeout(r, LOAD_MS));
  site.child.kill("SIGTERM");
  const timer = setTimeout(() => {
    deadlineHit = true;
    endDeadline();
  }, STOP_DEADLINE_MS);
  out.exitCode = await Promise.race([exited, deadline.then(() => null)]);
  await Promise.all(clients);
  clearTimeout(timer);
  if (site.child.exitCode === null) site.child.kill("SIGKILL");
  return out;
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-security-shutdown-"));
  const figures: string[] = [];
  let total = 0;
  let failed = false;
  try {
    for (const workers of [1, 2]) {
      const runs: Outcome[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await stopUnderLoad(workers, dir));
      const resets = runs.map((r) => r.resets);
      total += resets.reduce((a, b) => a + b, 0);
      failed ||= runs.some((r) => r.exitCode !== 0 || r.hanging > 0 || r.answers === 0);
      const sum = (k: "answers" | "closing" | "refused" | "hanging") => runs.reduce((a, r) => a + r[k], 0);
      const kinds = new Map<string, number>();
      for (const r of runs) for (const [k, n] of r.resetKinds) kinds.set(k, (kinds.get(k) ?? 0) + n);
      const detail = kinds.size ? ` [${[...kinds].map(([k, n]) => `${n} × ${k}`).join(", ")}]` : "";
      const hanging = sum("hanging") ? `, ${sum("hanging")} sans fin` : "";
      const exits = runs.some((r) => r.exitCode !== 0) ? `, codes de sortie ${runs.map((r) => r.exitCode).join("/")}` : "";
      figures.push(
        `${workers === 1 ? "1 processus" : `WORKERS=${workers}`} : ${resets.join(", ")}${detail} (${sum("answers")} réponses dont ${sum("closing")} avec Connection: close, ${sum("refused")} refus après la fermeture${hanging}${exits})`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `Arrêt (SIGTERM) sous charge, ${CLIENTS} connexions keep-alive sur des pages non mises en cache, ${RUNS} arrêts par réglage, connexions réinitialisées par arrêt — ${figures.join(" ; ")}  ${check(total === 0 && !failed, "SIGTERM under load resets connections")}`,
  );
}

// alone: `BUILD_DIR=… npx tsx scripts/security/shutdown.ts`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await run();
  if (failures.length) {
    console.log(`\nÉchecs : ${failures.join(" ; ")}`);
    process.exit(1);
  }
}
