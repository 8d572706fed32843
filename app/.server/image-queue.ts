/**
 * Image work, one job at a time per server process (docs/architecture.md, "Photos"). Decoding a
 * 40-megapixel upload and encoding AVIF cost a hundred MB or more each; run side by side, a few
 * uploads took the server past a gigabyte. Every upload's decoding and encoding (`processImage`
 * in uploads.ts, a child process of image-worker.ts) runs inside `imageQueue.run`: one job runs,
 * at most IMAGE_QUEUE_WAITING_MAX wait their turn in order of arrival, and any further one is
 * refused at once with ImageQueueFullError (the action answers 503 with Retry-After). With
 * several workers (WORKERS) each process has its own queue. Jobs never nest (a job that entered
 * the queue again would wait for itself).
 */

/**
 * How many uploads may wait while one is processed. A clinic has a handful of staff who rarely
 * send photos at the same moment; a waiting request holds only its body (at most
 * PHOTO_FORM_BODY_MAX_BYTES) and waits a few seconds per job ahead of it, so four is room for the
 * same screen used by everyone at once and short enough that the last one still answers within
 * half a minute.
 */
export const IMAGE_QUEUE_WAITING_MAX = 4;
/** Before any job has been timed: about what a 12-megapixel photo takes (decode, 3 widths in AVIF and WebP). */
const FIRST_ESTIMATE_MS = 4000;
const RETRY_AFTER_MAX_SECONDS = 60;

export class ImageQueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("image queue full");
    this.name = "ImageQueueFullError";
  }
}

export interface ImageQueue {
  /** Runs `job` once every job before it is done; throws ImageQueueFullError when too many wait. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running (0 or 1) and waiting, for tests and logs. */
  stats(): { running: number; waiting: number };
  /** Seconds until a job sent now would probably have its turn: the jobs ahead at their average duration. */
  retryAfterSeconds(): number;
}

export function createImageQueue(opts: { waitingMax?: number; firstEstimateMs?: number; now?: () => number } = {}): ImageQueue {
  const waitingMax = opts.waitingMax ?? IMAGE_QUEUE_WAITING_MAX;
  const now = opts.now ?? (() => performance.now());
  const waiting: (() => void)[] = [];
  let busy = false;
  // a moving average of the last jobs' durations
  let averageMs = opts.firstEstimateMs ?? FIRST_ESTIMATE_MS;

  const retryAfterSeconds = () => Math.min(RETRY_AFTER_MAX_SECONDS, Math.max(1, Math.ceil(((waiting.length + (busy ? 1 : 0)) * averageMs) / 1000)));

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (busy) {
        if (waiting.length >= waitingMax) throw new ImageQueueFullError(retryAfterSeconds());
        // woken by the job before it, which hands its turn over (`busy` stays true meanwhile)
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      busy = true;
      const start = now();
      try {
        return await job();
      } finally {
        averageMs = 0.7 * averageMs + 0.3 * (now() - start);
        const next = waiting.shift();
        if (next) next();
        else busy = false;
      }
    },
    stats: () => ({ running: busy ? 1 : 0, waiting: waiting.length }),
    retryAfterSeconds,
  };
}

/** The queue of this server process. */
export const imageQueue = createImageQueue();
