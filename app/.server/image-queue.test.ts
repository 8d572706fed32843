import { describe, expect, it } from "vitest";
import { createImageQueue, IMAGE_QUEUE_WAITING_MAX, ImageQueueFullError } from "./image-queue";

/** docs/architecture.md, "Photos": image work one job at a time per server, a bounded wait. */

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe("the image queue", () => {
  it("runs one job at a time, in the order they came", async () => {
    const queue = createImageQueue({ waitingMax: 4 });
    const events: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const jobs = gates.map((g, i) =>
      queue.run(async () => {
        events.push(`start ${i}`);
        await g.promise;
        events.push(`end ${i}`);
        return i;
      }),
    );
    await settle();
    expect(events).toEqual(["start 0"]);
    expect(queue.stats()).toEqual({ running: 1, waiting: 2 });

    // the last one finishing first changes nothing: it has not started
    gates[2].resolve();
    await settle();
    expect(events).toEqual(["start 0"]);
    gates[0].resolve();
    await settle();
    expect(events).toEqual(["start 0", "end 0", "start 1"]);
    gates[1].resolve();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2]);
    expect(events).toEqual(["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"]);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a job at once when the waiting line is full, with the seconds to wait", async () => {
    const queue = createImageQueue({ waitingMax: 2, firstEstimateMs: 3000 });
    const gate = deferred();
    const ran: number[] = [];
    const accepted = [0, 1, 2].map((i) => queue.run(async () => (ran.push(i), gate.promise)));
    expect(queue.stats()).toEqual({ running: 1, waiting: 2 });

    const refused = await queue.run(async () => ran.push(99)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ImageQueueFullError);
    // one running and two waiting at about 3 s each
    expect((refused as ImageQueueFullError).retryAfterSeconds).toBe(9);
    expect(queue.stats()).toEqual({ running: 1, waiting: 2 });

    gate.resolve();
    await Promise.all(accepted);
    expect(ran).toEqual([0, 1, 2]);
    // room again: a new job runs at once
    await expect(queue.run(async () => "seule")).resolves.toBe("seule");
  });

  it("waits four by default", async () => {
    expect(IMAGE_QUEUE_WAITING_MAX).toBe(4);
    const queue = createImageQueue();
    const gate = deferred();
    const accepted = Array.from({ length: 5 }, () => queue.run(() => gate.promise));
    await expect(queue.run(async () => undefined)).rejects.toBeInstanceOf(ImageQueueFullError);
    gate.resolve();
    await Promise.all(accepted);
  });

  it("a failed job hands its turn to the next one", async () => {
    const queue = createImageQueue({ waitingMax: 4 });
    const gate = deferred();
    const failing = queue.run(() => gate.promise);
    const next = queue.run(async () => "suivante");
    gate.reject(new Error("illisible"));
    await expect(failing).rejects.toThrow("illisible");
    await expect(next).resolves.toBe("suivante");
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("estimates the wait from the jobs' measured durations, at most a minute", async () => {
    let clock = 0;
    const queue = createImageQueue({ waitingMax: 2, firstEstimateMs: 1000, now: () => clock });
    await queue.run(async () => {
      clock += 11_000;
    });
    // 0.7 × 1 s + 0.3 × 11 s = 4 s a job
    const gate = deferred();
    const accepted = [0, 1, 2].map(() => queue.run(() => gate.promise));
    expect(queue.retryAfterSeconds()).toBe(12);

    clock += 600_000; // a job that took ten minutes
    gate.resolve();
    await Promise.all(accepted);
    const last = deferred();
    const again = [0, 1, 2].map(() => queue.run(() => last.promise));
    expect(queue.retryAfterSeconds()).toBe(60);
    last.resolve();
    await Promise.all(again);
  });
});
