import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { MEDIA_URL_PREFIX, PHOTO_MAX_BYTES, parseWidths, widthsFor, type MediaRef } from "~/lib/media";
import { PHOTO_FORM_MESSAGES } from "~/lib/photo-form";
import { getConfig } from "./config";
import type { Database, MediaRow } from "./db/types";
import type { Db } from "./db/connection";
import { log } from "./log";
import { insertMedia, listDueMedia, markMediaDeleted, scheduleMediaDeletion } from "./repos/media";
import type { ImageOutput } from "./image-worker";
import { checkImageSize, processImage, readImageHeader, UploadError, UPLOAD_MESSAGES } from "./uploads";

/**
 * Photos uploaded by staff (site photos, before/after cases; docs/architecture.md, "Photos").
 * The bytes decide: sharp reads the header (JPEG, PNG, WebP or AVIF; over 40 megapixels or
 * 16,000 px on a side refused there), then, in the server's image queue (one upload at a time,
 * by a child process: image-queue.ts, image-worker.ts), the picture is decoded once in a single
 * pass, turned upright (EXIF) and shrunk to the largest width, its metadata (GPS position, camera)
 * dropped, and re-encoded to AVIF and WebP at each width of `widthsFor` under a random id in
 * UPLOAD_DIR/media. The files never
 * change, so the server sends them with a year of caching. A `media` row records the id, size
 * and widths; a row whose `delete_after` has passed has its files deleted by the media job.
 */
export const MEDIA_MESSAGES = {
  tooLarge: PHOTO_FORM_MESSAGES.photoTooLarge,
  badType: PHOTO_FORM_MESSAGES.photoBadType,
} as const;

export function mediaDir(): string {
  return path.join(getConfig().UPLOAD_DIR, "media");
}

function fileNames(id: string, widths: number[]): string[] {
  return widths.flatMap((w) => [`${id}-${w}.avif`, `${id}-${w}.webp`]);
}

/**
 * The files of each width: AVIF at effort 3, a quarter of effort 4's time for files about 3 %
 * larger (uploads are processed one at a time, so the encoding's speed is everyone's wait).
 */
const outputsFor = (widths: number[]): ImageOutput[] =>
  widths.flatMap((width) => [
    { width, format: "avif", quality: 55, effort: 3 },
    { width, format: "webp", quality: 80 },
  ]);

/** Check, re-encode and store a photo; the row is written with `h` (a transaction or the database). */
export async function saveMedia(db: Kysely<Database>, file: File, dir: string = mediaDir()): Promise<MediaRef> {
  if (file.size > PHOTO_MAX_BYTES) throw new UploadError(MEDIA_MESSAGES.tooLarge, 413);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new UploadError(MEDIA_MESSAGES.tooLarge, 413);
  const header = await readImageHeader(bytes);
  if (!header || header.format === "gif") throw new UploadError(MEDIA_MESSAGES.badType, 415);
  checkImageSize(header);

  const widths = widthsFor(header.uprightWidth);
  const outputs = outputsFor(widths);
  const encoded = await processImage({ width: widths[widths.length - 1], outputs }, bytes);
  const id = randomBytes(16).toString("hex");
  const written: string[] = [];
  try {
    await fs.mkdir(dir, { recursive: true });
    for (const [i, o] of outputs.entries()) {
      const name = `${id}-${o.width}.${o.format}`;
      await fs.writeFile(path.join(dir, name), encoded.files[i], { flag: "wx", mode: 0o644 });
      written.push(name);
    }
  } catch (err) {
    await Promise.all(written.map((n) => fs.unlink(path.join(dir, n)).catch(() => undefined)));
    log.error({ event: "media_store_failed", err: (err as Error).message }, "photo could not be stored");
    throw new UploadError(UPLOAD_MESSAGES.storeFailed, 500);
  }
  const ref: MediaRef = { id, width: encoded.width, height: encoded.height, widths };
  await insertMedia(db, { id, width: ref.width, height: ref.height, widths: widths.join(","), created_at: new Date().toISOString() });
  return ref;
}

export function toMediaRef(row: Pick<MediaRow, "id" | "width" | "height" | "widths">): MediaRef {
  return { id: row.id, width: row.width, height: row.height, widths: parseWidths(row.widths) };
}

/** Mark photos for deletion at `at` (now: as soon as the media job runs); its query is in repos/media.ts. */
export { scheduleMediaDeletion };

/** Delete the files of an upload; a missing file is fine. Returns false when a file could not be deleted. */
export async function deleteMediaFiles(id: string, widths: number[], dir: string = mediaDir()): Promise<boolean> {
  let ok = true;
  for (const name of fileNames(id, widths)) {
    try {
      await fs.unlink(path.join(dir, name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") ok = false;
    }
  }
  return ok;
}

/**
 * The media job: the files of every upload whose `delete_after` has passed are deleted, then the
 * row is marked deleted (kept, so a case or slot that still names it shows the drawing, never a
 * broken picture). Returns how many uploads were deleted.
 */
export async function purgeDueMedia(h: Db, now: Date = new Date(), dir: string = mediaDir()): Promise<number> {
  const due = await listDueMedia(h, now.toISOString());
  let done = 0;
  for (const m of due) {
    if (!(await deleteMediaFiles(m.id, parseWidths(m.widths), dir))) {
      log.error({ event: "media_delete_failed", mediaId: m.id }, "photo files could not be deleted");
      continue;
    }
    await markMediaDeleted(h, m.id, now.toISOString());
    done++;
  }
  return done;
}

export { MEDIA_URL_PREFIX };
