import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServerBuild } from "~/server-entry";
import {
  deleteUploadedImage,
  MAX_IMAGE_BYTES,
  PayloadTooLargeError,
  readFormWithLimit,
  saveImageUpload,
  storedUploadName,
  UPLOAD_MESSAGES,
  UploadError,
} from "~/.server/uploads";
import { createApp } from "../../server/app.js";

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-uploads-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 13, g: 138, b: 148 } } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#c59a4a"/></svg>`) },
  ]);

const asFile = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

async function expectUploadError(p: Promise<unknown>, message: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UploadError);
  expect((err as Error).message).toBe(message);
}

describe("image uploads", () => {
  it.each([
    ["jpeg", "image/jpeg"],
    ["png", "image/png"],
    ["webp", "image/webp"],
    ["gif", "image/gif"],
    ["avif", "image/avif"],
  ] as const)("accepts %s, re-encodes it to WebP under a random name", async (format, type) => {
    const bytes = await picture(640, 400).toFormat(format).toBuffer();
    const url = await saveImageUpload(asFile(bytes, `photo.${format}`, type), dir);
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const stored = fs.readFileSync(path.join(dir, storedUploadName(url)!));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(400);
  });

  it("shrinks wide pictures to 1600 px, keeps the ratio, and drops the metadata", async () => {
    const bytes = await picture(3200, 1800).withMetadata({ exif: { IFD0: { Copyright: "GPS secret" } } }).jpeg().toBuffer();
    const url = await saveImageUpload(asFile(bytes, "large.jpg", "image/jpeg"), dir);
    const stored = fs.readFileSync(path.join(dir, storedUploadName(url)!));
    const meta = await sharp(stored).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(900);
    expect(meta.exif).toBeUndefined();
  });

  it("gives every upload its own name", async () => {
    const bytes = await picture(100, 100).png().toBuffer();
    const a = await saveImageUpload(asFile(bytes, "same.png", "image/png"), dir);
    const b = await saveImageUpload(asFile(bytes, "same.png", "image/png"), dir);
    expect(a).not.toBe(b);
  });

  it("judges by content, not by name or declared type", async () => {
    await expectUploadError(saveImageUpload(asFile(Buffer.from("<?php echo 'hi'; ?>"), "photo.png", "image/png"), dir), UPLOAD_MESSAGES.badType);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    await expectUploadError(saveImageUpload(asFile(svg, "logo.jpg", "image/jpeg"), dir), UPLOAD_MESSAGES.badType);
    const tiff = await picture(50, 50).tiff().toBuffer();
    await expectUploadError(saveImageUpload(asFile(tiff, "scan.png", "image/png"), dir), UPLOAD_MESSAGES.badType);
    // a real PNG sent with a wrong name and type is fine
    const png = await picture(60, 60).png().toBuffer();
    await expect(saveImageUpload(asFile(png, "photo.txt", "text/plain"), dir)).resolves.toMatch(/\.webp$/);
  });

  it("refuses files over 5 MB", async () => {
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1, 1);
    await expectUploadError(saveImageUpload(asFile(big, "big.png", "image/png"), dir), UPLOAD_MESSAGES.tooLarge);
  });

  it("refuses damaged pictures and decompression bombs", async () => {
    const jpeg = await picture(800, 600).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 3));
    await expectUploadError(saveImageUpload(asFile(truncated, "cut.jpg", "image/jpeg"), dir), UPLOAD_MESSAGES.unreadable);

    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    await expectUploadError(saveImageUpload(asFile(bomb, "bomb.png", "image/png"), dir), UPLOAD_MESSAGES.tooManyPixels);
  });

  it("deletes only files it stored itself", async () => {
    const bytes = await picture(80, 80).png().toBuffer();
    const url = await saveImageUpload(asFile(bytes, "x.png", "image/png"), dir);
    const file = path.join(dir, storedUploadName(url)!);
    expect(fs.existsSync(file)).toBe(true);
    expect(await deleteUploadedImage(url, dir)).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    expect(await deleteUploadedImage(url, dir)).toBe(true); // already gone is fine

    fs.writeFileSync(path.join(dir, "keep.txt"), "x");
    for (const other of ["/uploads/../keep.txt", "/uploads/keep.txt", "/media/placeholder.svg", "https://example.org/a.webp", null]) {
      expect(await deleteUploadedImage(other, dir)).toBe(false);
    }
    expect(fs.existsSync(path.join(dir, "keep.txt"))).toBe(true);
  });
});

describe("reading a form with a size limit", () => {
  it("reads a multipart form with its file", async () => {
    const fd = new FormData();
    fd.set("title", "Titre é");
    fd.set("image", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
    const req = new Request("http://x/admin/blog", { method: "POST", body: fd });
    const form = await readFormWithLimit(req, 10_000);
    expect(form.get("title")).toBe("Titre é");
    expect((form.get("image") as File).size).toBe(3);
  });

  it("refuses a declared length over the limit without reading the body", async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(new Uint8Array(10));
        c.close();
      },
    });
    const req = new Request("http://x/", { method: "POST", body, headers: { "content-length": "5000", "content-type": "application/x-www-form-urlencoded" }, duplex: "half" } as RequestInit);
    await expect(readFormWithLimit(req, 1000)).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(req.bodyUsed).toBe(false);
  });

  it("cuts a streamed body as soon as it passes the limit", async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        sent += 1000;
        c.enqueue(new Uint8Array(1000).fill(97));
        if (sent >= 100_000) c.close();
      },
    });
    const req = new Request("http://x/", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" }, duplex: "half" } as RequestInit);
    await expect(readFormWithLimit(req, 5000)).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(sent).toBeLessThan(10_000);
  });
});

describe("serving uploads", () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const app = createApp({
      getBuild: async () => ({ entry: { module: { healthCheck: async () => true } } }) as unknown as AppServerBuild,
      clientDir: "/nonexistent",
      uploadDir: dir,
      trustProxy: false,
      production: true,
      logger: pino({ level: "silent" }),
    });
    server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it("serves a stored image as image/webp with nosniff and a strict CSP", async () => {
    const bytes = await picture(120, 90).jpeg().toBuffer();
    const url = await saveImageUpload(asFile(bytes, "p.jpg", "image/jpeg"), dir);
    const res = await fetch(`${base}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe("webp");
  });

  it("answers 404 for a file that does not exist", async () => {
    const res = await fetch(`${base}/uploads/00000000000000000000000000000000.webp`);
    expect(res.status).toBe(404);
  });
});
