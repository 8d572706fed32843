import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { writeBody } from "./react-router.js";

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((r) => {
      if (!server) return r();
      server.closeAllConnections();
      server.close(() => r());
    }),
);

/** An Express app with the compression middleware (as server/app.js) answering with `body()` through writeBody; `writes` counts res.write calls. */
async function serve(body: () => ReadableStream<Uint8Array>) {
  const writes: number[] = [];
  const app = express();
  app.use(compression());
  app.get("/", async (_req, res) => {
    const write = res.write.bind(res) as (chunk: Uint8Array) => boolean;
    res.write = ((chunk: Uint8Array) => (writes.push(chunk.byteLength), write(chunk))) as typeof res.write;
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    await writeBody(res, body());
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server!.once("listening", r));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`, writes };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("writeBody", () => {
  it("gathers the chunks the renderer already has into few writes (not one per chunk), the page whole", async () => {
    const chunks = Array.from({ length: 60 }, (_, k) => `<p>${String(k).padStart(2, "0")}${"x".repeat(4090)}</p>`);
    const { url, writes } = await serve(
      () =>
        new ReadableStream({
          start(c) {
            for (const chunk of chunks) c.enqueue(bytes(chunk));
            c.close();
          },
        }),
    );
    const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toBe(chunks.join(""));
    // 60 chunks of 4 KiB: gathered by 64 KiB, then the rest
    expect(writes.length).toBeLessThanOrEqual(5);
    expect(writes.reduce((a, b) => a + b, 0)).toBe(bytes(chunks.join("")).byteLength);
  });

  it("sends and flushes what it has as soon as the renderer waits: the page's start reaches the browser before its end is rendered", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((r) => (release = r));
    const { url } = await serve(
      () =>
        new ReadableStream({
          async start(c) {
            c.enqueue(bytes("<html><body><h1>Agenda</h1>"));
            c.enqueue(bytes("<p>shell</p>"));
            await released; // the end waits until the browser has the start
            c.enqueue(bytes("<p>end</p></body></html>"));
            c.close();
          },
        }),
    );
    const text = await new Promise<string>((resolve, reject) => {
      const late = setTimeout(() => reject(new Error("the page's start did not reach the browser while its end waited")), 5000);
      released.then(() => clearTimeout(late));
      http
        .get(url, { headers: { "accept-encoding": "br" } }, (res) => {
          expect(res.headers["content-encoding"]).toBe("br");
          const out = res.pipe(zlib.createBrotliDecompress());
          let got = "";
          out.on("data", (d: Buffer) => {
            got += d.toString("utf8");
            if (got.includes("<p>shell</p>")) release();
          });
          out.on("end", () => resolve(got));
          out.on("error", reject);
        })
        .on("error", reject);
    });
    expect(text).toBe("<html><body><h1>Agenda</h1><p>shell</p><p>end</p></body></html>");
  });
});
