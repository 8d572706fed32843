import { spawn } from "node:child_process";
import path from "node:path";
import SQLite from "better-sqlite3";

/**
 * A race of several processes on one SQLite file, made to happen every time (the slot and
 * waiting-list races: tests/integration/slot-concurrency.test.ts, waitlist-race.test.ts). Each
 * worker (a fixture run with tsx: `<fixture> <file> <job as JSON>`) prints "ready" once connected,
 * waits for "go" on its stdin, prints "begin" when its first write transaction is about to start
 * (its first attempt has read), and at the end one line with its outcomes as a JSON array.
 * The test holds the file's write lock (BEGIN IMMEDIATE) from before "go" until every worker has
 * printed "begin": all of them read before anyone writes.
 */

interface Worker<T> {
  child: ReturnType<typeof spawn>;
  ready: Promise<void>;
  begun: Promise<void>;
  done: Promise<T[]>;
}

function startWorker<T>(fixture: string, file: string, job: { tag: string }): Worker<T> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(fixture), file, JSON.stringify(job)], { cwd: process.cwd(), stdio: ["pipe", "pipe", "pipe"] });
  let out = "";
  let err = "";
  let onReady: () => void;
  let onBegin: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const begun = new Promise<void>((r) => (onBegin = r));
  child.stdout!.on("data", (d) => {
    out += String(d);
    if (out.includes("ready\n")) onReady();
    if (out.includes("begin\n")) onBegin();
  });
  child.stderr!.on("data", (d) => (err += String(d)));
  const done = new Promise<T[]>((resolve, reject) => {
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("["));
      if (code === 0 && line) resolve(JSON.parse(line) as T[]);
      else reject(new Error(`${path.basename(fixture)} ${job.tag} exited ${code}: ${err.slice(0, 800)}`));
    });
  });
  return { child, ready, begun, done };
}

/** One worker per job, all gated by the file's write lock; their outcomes, in the jobs' order. */
export async function gatedProcessRace<T>(fixture: string, file: string, jobs: { tag: string }[]): Promise<T[]> {
  const workers = jobs.map((job) => startWorker<T>(fixture, file, job));
  await Promise.all(workers.map((w) => w.ready));
  const gate = new SQLite(file);
  gate.exec("begin immediate");
  try {
    for (const w of workers) w.child.stdin!.write("go\n");
    // a worker that ends without writing would leave `begun` pending: its `done` says why
    await Promise.race([Promise.all(workers.map((w) => w.begun)), Promise.all(workers.map((w) => w.done)).then(() => Promise.reject(new Error("a worker finished without writing")))]);
  } finally {
    gate.exec("rollback");
    gate.close();
  }
  return (await Promise.all(workers.map((w) => w.done))).flat();
}
