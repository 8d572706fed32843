import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./module-preloads";

async function through(chunks: string[]): Promise<string> {
  const out: Buffer[] = [];
  const t = lowPriorityModulePreloads();
  Readable.from(chunks.map((c) => Buffer.from(c, "utf8"))).pipe(t);
  for await (const c of t) out.push(c as Buffer);
  return Buffer.concat(out).toString("utf8");
}

const HEAD = '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><title>Clinique — Kouba</title><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/></head>';
const BODY = '<body><p>Été à Kouba</p><script type="module" async="">import "/assets/root.js";</script><link rel="modulepreload" href="/assets/in-body.js"/></body></html>';

describe("lowPriorityModulePreloads", () => {
  it("marks the head's module preloads low priority and leaves the rest of the page as it was", async () => {
    const html = await through([HEAD + BODY]);
    expect(html).toBe(
      HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') + BODY,
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  });

  it("works whatever the chunks: a tag, '</head>' or a multibyte character split between two", async () => {
    const whole = HEAD + BODY;
    const expected = await through([whole]);
    const bytes = Buffer.from(whole, "utf8");
    for (const size of [1, 3, 7, 50]) {
      const pieces: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) pieces.push(bytes.subarray(i, i + size));
      const t = lowPriorityModulePreloads();
      Readable.from(pieces).pipe(t);
      const out: Buffer[] = [];
      for await (const c of t) out.push(c as Buffer);
      expect(Buffer.concat(out).toString("utf8")).toBe(expected);
    }
  });

  it("a page without a head passes unchanged apart from its preloads", async () => {
    expect(await through(["<p>fragment</p>"])).toBe("<p>fragment</p>");
  });
});
