import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/**
 * The decoding and encoding of an upload run in a child process of their own, started for one
 * upload and ended with it (docs/architecture.md, "Photos"); the image queue (image-queue.ts)
 * lets one run at a time per server. Why not in the server process: glibc keeps freed memory in
 * per-thread arenas, and libvips and the AVIF encoder allocate on several threads, so the
 * server's resident memory grew by about 50 MB with each 40-megapixel photo and never came back
 * (160 → 430 MB after five; a bare process 60 → 356 MB after fifteen). A child's memory all
 * returns when it exits, a decoder that crashes on a crafted file ends the child and not the
 * server, and the child gets no environment (no secret), only a capped number of malloc arenas.
 *
 * The child reads the upload's bytes on stdin, decodes them once in a single pass (sharp's pixel
 * limit, sequential read, first frame, turned upright from EXIF), shrinks them to `width` as raw
 * 8-bit sRGB pixels, encodes each output from those, and writes one JSON line and the files on
 * stdout.
 */

export interface ImageOutput {
  width: number;
  format: "avif" | "webp";
  quality: number;
  /** AVIF only */
  effort?: number;
}

export interface ImageTask {
  limitInputPixels: number;
  /** the width of the decoded picture (never enlarged): the largest output */
  width: number;
  outputs: ImageOutput[];
  /** each sharp pipeline; the child is killed a little after */
  timeoutSeconds: number;
}

export interface ImageResult {
  /** the decoded picture, upright */
  width: number;
  height: number;
  /** in the order of `outputs` */
  files: Buffer[];
  /** the child's peak resident memory (Linux), for the log */
  peakMiB: number;
}

/** pixels: over sharp's limit; unreadable: not decoded (damaged, crashed, too slow); failed: not encoded or the child not started. */
export type ImageWorkerFailure = "pixels" | "unreadable" | "failed";

export class ImageWorkerError extends Error {
  constructor(
    readonly reason: ImageWorkerFailure,
    detail = "",
  ) {
    super(`image worker: ${reason}${detail ? ` (${detail})` : ""}`);
    this.name = "ImageWorkerError";
  }
}

/** The child's program (CommonJS, run with `node -e`): argv[1] is sharp's path, argv[2] the task. */
const WORKER_SOURCE = `
const sharp = require(process.argv[1]);
const task = JSON.parse(process.argv[2]);
sharp.concurrency(1);
sharp.cache(false);
const answer = (head, files = []) => process.stdout.write(Buffer.concat([Buffer.from(JSON.stringify(head) + "\\n"), ...files]));
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", async () => {
  let top;
  try {
    top = await sharp(Buffer.concat(chunks), { limitInputPixels: task.limitInputPixels, sequentialRead: true, animated: false, autoOrient: true })
      .timeout({ seconds: task.timeoutSeconds })
      .resize({ width: task.width, withoutEnlargement: true })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    return answer({ error: /pixel limit/i.test(String(err && err.message)) ? "pixels" : "unreadable" });
  }
  chunks.length = 0;
  const { width, height, channels } = top.info;
  const files = [];
  try {
    for (const o of task.outputs) {
      const img = sharp(top.data, { raw: { width, height, channels } }).timeout({ seconds: task.timeoutSeconds }).resize({ width: o.width, withoutEnlargement: true });
      files.push(await (o.format === "avif" ? img.avif({ quality: o.quality, effort: o.effort }) : img.webp({ quality: o.quality })).toBuffer());
    }
  } catch (err) {
    return answer({ error: "failed", detail: String(err && err.message).slice(0, 200) });
  }
  let peakKiB = 0;
  try {
    peakKiB = Number(/VmHWM:\\s+(\\d+)/.exec(require("node:fs").readFileSync("/proc/self/status", "utf8"))[1]);
  } catch {}
  answer({ width, height, sizes: files.map((f) => f.length), peakKiB }, files);
});
`;

let sharpPath: string | undefined;

/** Run one task in a new child process; rejects with ImageWorkerError. */
export function runImageTask(task: ImageTask, bytes: Buffer): Promise<ImageResult> {
  sharpPath ??= createRequire(import.meta.url).resolve("sharp");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", WORKER_SOURCE, sharpPath!, JSON.stringify(task)], {
      stdio: ["pipe", "pipe", "pipe"],
      // no secret reaches the child; two arenas keep its own memory compact
      env: { MALLOC_ARENA_MAX: "2" },
    });
    const out: Buffer[] = [];
    let errText = "";
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        child.kill("SIGKILL");
      },
      (task.timeoutSeconds + 10) * 1000,
    );
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => {
      if (errText.length < 500) errText += c.toString("utf8");
    });
    child.stdin.on("error", () => undefined); // the child may end before reading everything
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new ImageWorkerError("failed", err.message));
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const all = Buffer.concat(out);
      const nl = all.indexOf(10);
      let head: { error?: ImageWorkerFailure; detail?: string; width?: number; height?: number; sizes?: number[]; peakKiB?: number } | null = null;
      try {
        head = nl > 0 ? JSON.parse(all.subarray(0, nl).toString("utf8")) : null;
      } catch {
        head = null;
      }
      if (head?.error) return reject(new ImageWorkerError(head.error, head.detail));
      if (!head || code !== 0 || !head.sizes || !head.width || !head.height) {
        // killed (too slow, or a decoder crashed on the file) or broken
        return reject(new ImageWorkerError(timedOut || signal ? "unreadable" : "failed", `${signal ?? code} ${errText.trim().slice(0, 200)}`));
      }
      const files: Buffer[] = [];
      let at = nl + 1;
      for (const size of head.sizes) {
        files.push(all.subarray(at, at + size));
        at += size;
      }
      if (at !== all.length) return reject(new ImageWorkerError("failed", "truncated answer"));
      resolve({ width: head.width, height: head.height, files, peakMiB: Math.round((head.peakKiB ?? 0) / 1024) });
    });
    child.stdin.end(bytes);
  });
}
