import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetConfig } from "~/.server/config";
import { setDb } from "~/.server/db";
import { openDb, type Db } from "~/.server/db/connection";
import { migrateToLatest } from "~/.server/db/migrations";
import { IMAGE_QUEUE_WAITING_MAX, imageQueue } from "~/.server/image-queue";
import { saveMedia } from "~/.server/media";
import { MAX_INPUT_PIXELS, MAX_INPUT_SIDE, saveImageUpload, UPLOAD_MESSAGES, UploadError } from "~/.server/uploads";
import type { PhotoActionResult } from "~/components/admin/photos/types";
import type { GalleryActionResult } from "~/lib/gallery-form";
import type { AdminBlogResult } from "~/lib/admin-blog";
import { createLoadContext, staffContext } from "~/context";
import { action as blogAction, headers as blogHeaders } from "~/routes/admin.blog";
import { action as galleryAction, headers as galleryHeaders } from "~/routes/admin.galerie";
import { action as photosAction, headers as photosHeaders } from "~/routes/admin.photos";
import { staffSession } from "../helpers/staff";

/**
 * docs/architecture.md, "Photos": image work is bounded. A picture too large to decode is refused
 * from its header (40 megapixels, 16,000 px on a side); every upload is processed in the server's
 * queue, one at a time, and a full queue answers 503 with Retry-After, the typed text kept. A
 * refusal never reaches the database; the stored photos go to an in-memory SQLite one.
 */

let dir: string;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-image-uploads-"));
  process.env.UPLOAD_DIR = dir;
  resetConfig();
  db = openDb({ kind: "sqlite", path: ":memory:" });
  await migrateToLatest(db.db, db.engine);
  setDb(db);
});
afterAll(async () => {
  setDb(undefined);
  await db.close();
  delete process.env.UPLOAD_DIR;
  resetConfig();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A flat PNG: tiny on the wire, width × height × 3 bytes once decoded. */
const flatPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#f6ecd8" } })
    .png({ compressionLevel: 9 })
    .toBuffer();
const asFile = (bytes: Buffer, name: string, type = "image/png") => new File([new Uint8Array(bytes)], name, { type });
const small = async (name = "petite.png") => asFile(await flatPng(64, 48), name);

async function rejection(p: Promise<unknown>): Promise<UploadError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UploadError);
  return err as UploadError;
}

/** One job holding the queue and IMAGE_QUEUE_WAITING_MAX waiting behind it; `release` lets them all finish. */
function fillQueue() {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const jobs = Array.from({ length: 1 + IMAGE_QUEUE_WAITING_MAX }, () => imageQueue.run(() => gate));
  expect(imageQueue.stats()).toEqual({ running: 1, waiting: IMAGE_QUEUE_WAITING_MAX });
  return async () => {
    open();
    await Promise.all(jobs);
  };
}

let release: (() => Promise<void>) | undefined;
afterEach(async () => {
  await release?.();
  release = undefined;
  expect(imageQueue.stats()).toEqual({ running: 0, waiting: 0 });
});

describe("pictures too large to decode", () => {
  it("refuses a 100,000 × 399 PNG of 116 KB (39.9 megapixels) from its header, for photos and blog pictures", async () => {
    const strip = await flatPng(100_000, 399);
    expect(strip.length).toBeLessThan(130 * 1024);
    expect(100_000 * 399).toBeLessThan(MAX_INPUT_PIXELS);
    expect(MAX_INPUT_SIDE).toBe(16_000);

    const photo = await rejection(saveMedia(db.db, asFile(strip, "bande.png")));
    expect([photo.status, photo.message]).toEqual([400, UPLOAD_MESSAGES.tooLong]);
    expect(UPLOAD_MESSAGES.tooLong).toBe("Cette image est trop grande (plus de 16 000 pixels de côté). Réduisez-la avant de l'envoyer.");
    const blog = await rejection(saveImageUpload(asFile(strip, "bande.png"), dir));
    expect([blog.status, blog.message]).toEqual([400, UPLOAD_MESSAGES.tooLong]);
    // a tall one too
    const tall = await rejection(saveImageUpload(asFile(await flatPng(300, 16_001), "haute.png"), dir));
    expect(tall.message).toBe(UPLOAD_MESSAGES.tooLong);
    expect(fs.readdirSync(dir).filter((f) => f !== "media")).toEqual([]);
  });

  it("refuses over 40 megapixels from the header, before waiting for the queue", async () => {
    release = fillQueue();
    // 6,400 × 6,400: 41 megapixels, each side under the limit
    const square = asFile(await flatPng(6400, 6400), "carre.png");
    const err = await rejection(saveMedia(db.db, square));
    expect([err.status, err.message]).toEqual([400, UPLOAD_MESSAGES.tooManyPixels]);
    // the strip too: refused at once although the queue is full (no 503, nothing decoded)
    const strip = await rejection(saveImageUpload(asFile(await flatPng(100_000, 399), "bande.png"), dir));
    expect([strip.status, strip.message]).toEqual([400, UPLOAD_MESSAGES.tooLong]);
    expect(imageQueue.stats()).toEqual({ running: 1, waiting: IMAGE_QUEUE_WAITING_MAX });
  });

  it("stores a 40-megapixel photo of 8,000 × 5,000 at its three widths", async () => {
    const ref = await saveMedia(db.db, asFile(await flatPng(8000, 5000), "grande.png"), path.join(dir, "media"));
    expect(ref).toMatchObject({ width: 1600, height: 1000, widths: [480, 960, 1600] });
    const meta = await sharp(path.join(dir, "media", `${ref.id}-1600.avif`)).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1000]);
  });
});

describe("the image queue on uploads", () => {
  it("processes uploads one at a time: they wait their turn, one more is refused with 503 and the seconds to wait", async () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const holder = imageQueue.run(() => gate);
    release = async () => {
      open();
      await holder;
    };
    const waiting = [saveImageUpload(await small("a.png"), dir), saveMedia(db.db, await small("b.png"), path.join(dir, "media")), saveImageUpload(await small("c.png"), dir)];
    const photo = saveMedia(db.db, await small("d.png"), path.join(dir, "media"));
    await expect.poll(() => imageQueue.stats()).toEqual({ running: 1, waiting: 4 });

    const busy = await rejection(saveImageUpload(await small("e.png"), dir));
    expect(busy.status).toBe(503);
    expect(busy.message).toBe("Le serveur traite déjà d'autres images : la vôtre n'a pas été enregistrée. Réessayez dans quelques secondes.");
    expect(busy.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const busyPhoto = await rejection(saveMedia(db.db, await small("f.png"), path.join(dir, "media")));
    expect([busyPhoto.status, busyPhoto.message]).toEqual([503, UPLOAD_MESSAGES.busy]);

    await release();
    const [a, b, c] = await Promise.all(waiting);
    expect(a).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(b).toMatchObject({ width: 64, widths: [64] });
    expect(c).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    await expect(photo).resolves.toMatchObject({ width: 64 });
  });
});

describe("the screens' answer when the queue is full", () => {
  const context = () => {
    const ctx = createLoadContext({ nonce: "", clientIp: "198.51.100.7" });
    ctx.set(staffContext, staffSession({ userId: 1, email: "dentiste@clinique.test", role: "dentist" }));
    return ctx;
  };
  interface Answer<T> {
    data: T;
    init: { status?: number; headers?: HeadersInit } | null;
  }
  async function post<T>(route: typeof photosAction | typeof galleryAction | typeof blogAction, url: string, fields: Record<string, string | File>) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return (await route({ request: new Request(url, { method: "POST", body }), params: {}, context: context() } as never)) as unknown as Answer<T>;
  }
  /** The document's headers as the route's `headers` makes them, over a parent's. */
  const documentHeaders = (fn: typeof photosHeaders, a: Answer<unknown>) =>
    new Headers(
      fn({ parentHeaders: new Headers({ "Cache-Control": "private, no-store" }), actionHeaders: new Headers(a.init?.headers), loaderHeaders: new Headers(), errorHeaders: undefined } as never),
    );

  it("'Photos du site': 503 with Retry-After, the message beside the file, the alt text kept", async () => {
    release = fillQueue();
    const a = await post<PhotoActionResult>(photosAction, "http://clinic.test/admin/photos", { intent: "upload", slot: "home.hero", alt: "La salle d'attente", photo: await small() });
    expect(a.init?.status).toBe(503);
    const retry = new Headers(a.init?.headers).get("Retry-After");
    expect(Number(retry)).toBeGreaterThanOrEqual(1);
    expect(a.data.reply?.error).toEqual({ photo: [UPLOAD_MESSAGES.busy] });
    expect(a.data.reply?.initialValue).toMatchObject({ alt: "La salle d'attente", slot: "home.hero" });
    const h = documentHeaders(photosHeaders, a);
    expect(h.get("Retry-After")).toBe(retry);
    expect(h.get("Cache-Control")).toBe("private, no-store");
  });

  it("'Galerie et avis': a case's photos refused with 503 and Retry-After, its texts kept", async () => {
    release = fillQueue();
    const a = await post<GalleryActionResult>(galleryAction, "http://clinic.test/admin/galerie", {
      intent: "case-save",
      treatment: "Esthétique dentaire",
      description: "Un sourire retrouvé.",
      before: await small("avant.png"),
      after: await small("apres.png"),
      before_alt: "Avant",
      after_alt: "Après",
      consent_date: "2026-01-05",
      consent_scope: "site",
    });
    expect(a.init?.status).toBe(503);
    expect(Number(new Headers(a.init?.headers).get("Retry-After"))).toBeGreaterThanOrEqual(1);
    const result = a.data.intent === "case-save" ? a.data.result : undefined;
    expect(result?.error).toMatchObject({ before: [UPLOAD_MESSAGES.busy] });
    expect(result?.initialValue).toMatchObject({ description: "Un sourire retrouvé.", before_alt: "Avant", after_alt: "Après" });
    expect(documentHeaders(galleryHeaders, a).get("Retry-After")).toBe(new Headers(a.init?.headers).get("Retry-After"));
  });

  it("the blog editor: 503 with Retry-After, the message beside the image field, the text kept", async () => {
    release = fillQueue();
    const a = await post<AdminBlogResult>(blogAction, "http://clinic.test/admin/blog", { intent: "create", title: "Un titre", content: "Un texte.", image: await small("image.png") });
    expect(a.init?.status).toBe(503);
    expect(Number(new Headers(a.init?.headers).get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(a.data.reply?.error).toEqual({ image: [UPLOAD_MESSAGES.busy] });
    expect(a.data.reply?.initialValue).toMatchObject({ title: "Un titre", content: "Un texte." });
    expect(documentHeaders(blogHeaders, a).get("Retry-After")).toBe(new Headers(a.init?.headers).get("Retry-After"));
  });
});
