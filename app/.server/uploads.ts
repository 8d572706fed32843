import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { BLOG_FORM_MESSAGES, BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_TYPES } from "~/lib/blog-form";
import { formOf } from "~/lib/form-body";
import { getConfig } from "./config";
import { ImageQueueFullError, imageQueue } from "./image-queue";
import { ImageWorkerError, runImageTask, type ImageResult, type ImageTask } from "./image-worker";
import { log } from "./log";

/**
 * Images uploaded by staff (blog posts). The bytes decide, never the file name or the declared
 * type: sharp reads the header, only JPEG, PNG, WebP, GIF and AVIF are accepted, a picture too
 * large to decode is refused from its header alone, and the picture is decoded (in the server's
 * image queue, one at a time, by a child process: image-queue.ts, image-worker.ts) and re-encoded to WebP (at most 1600 px wide, metadata such as GPS position
 * stripped) under a random name in UPLOAD_DIR. The Express server serves that folder under
 * /uploads with its own strict CSP; the type follows the .webp extension.
 */

/** The limits the browser checks too (app/lib/blog-form.ts). */
export const MAX_IMAGE_BYTES = BLOG_IMAGE_MAX_BYTES;
/** A whole form with an image: the image plus room for the text fields. */
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;
export const MAX_IMAGE_WIDTH = 1600;
/**
 * Refuse decompression bombs: at most 40 megapixels to decode (phones take 12 MP by default; a
 * 48 MP shot is about the 12 MB limit anyway). Checked on the header before decoding, and by sharp.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * And at most 16,000 px on either side, from the header: a 100,000 × 399 strip is 40 megapixels
 * but no photo (and WebP stops at 16,383 px).
 */
export const MAX_INPUT_SIDE = 16_000;
/** A pipeline that runs longer than this is stopped (a crafted file must not hold the queue). */
const PIPELINE_TIMEOUT_SECONDS = 60;
export const ACCEPTED_IMAGE_TYPES = BLOG_IMAGE_TYPES;
export const UPLOAD_URL_PREFIX = "/uploads/";
const STORED_NAME = /^[a-f0-9]{32}\.webp$/;

export const UPLOAD_MESSAGES = {
  tooLarge: BLOG_FORM_MESSAGES.imageTooLarge,
  badType: BLOG_FORM_MESSAGES.imageBadType,
  unreadable: "Cette image est illisible ou endommagée. Choisissez-en une autre.",
  tooManyPixels: "Cette image est trop grande (plus de 40 mégapixels). Réduisez-la avant de l'envoyer.",
  tooLong: "Cette image est trop grande (plus de 16 000 pixels de côté). Réduisez-la avant de l'envoyer.",
  busy: "Le serveur traite déjà d'autres images : la vôtre n'a pas été enregistrée. Réessayez dans quelques secondes.",
  storeFailed: "L'image n'a pas pu être enregistrée. Merci de réessayer.",
} as const;

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
    /** a 503 of the full image queue: when to send again */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** The headers of an action's refusal: Retry-After when the image queue was full. */
export function uploadErrorHeaders(err: UploadError): Record<string, string> | undefined {
  return err.retryAfterSeconds === undefined ? undefined : { "Retry-After": String(err.retryAfterSeconds) };
}

/**
 * The `headers` of a route whose action stores images: an action's Retry-After reaches the
 * response (React Router passes only cookies from an action without it), over the parent's headers.
 */
export function retryAfterHeaders({ parentHeaders, actionHeaders }: { parentHeaders: Headers; actionHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders);
  const retry = actionHeaders.get("Retry-After");
  if (retry) headers.set("Retry-After", retry);
  return headers;
}

/** The body of a request was larger than allowed. */
export class PayloadTooLargeError extends UploadError {
  constructor() {
    super(UPLOAD_MESSAGES.tooLarge, 413);
    this.name = "PayloadTooLargeError";
  }
}

/**
 * Read a form (urlencoded or multipart) without ever holding more than `maxBytes` of body:
 * a declared Content-Length above the limit is refused at once, and the stream is cut as soon
 * as it passes the limit.
 */
export async function readFormWithLimit(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw new PayloadTooLargeError();
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new PayloadTooLargeError();
      }
      chunks.push(value);
    }
  }
  const headers = new Headers();
  const type = request.headers.get("content-type");
  if (type) headers.set("content-type", type);
  return formOf(new Request(request.url, { method: "POST", headers, body: Buffer.concat(chunks) }));
}

/** A file field that holds a real file (browsers send an empty one when nothing was chosen). */
export function isFilledFile(v: FormDataEntryValue | null): v is File {
  return typeof v === "object" && v !== null && typeof (v as File).arrayBuffer === "function" && (v as File).size > 0;
}

type Format = "jpeg" | "png" | "webp" | "gif" | "avif";

export interface ImageHeader {
  format: Format;
  /** as stored (before the EXIF orientation is applied); one frame of an animation */
  width: number;
  height: number;
  /** the width once turned upright (EXIF orientations 5 to 8 swap the sides) */
  uprightWidth: number;
}

function formatOf(meta: Metadata): Format | null {
  switch (meta.format) {
    case "jpeg":
    case "png":
    case "webp":
    case "gif":
      return meta.format;
    case "heif":
      // sharp names AVIF "heif" with AV1 compression; HEIC (HEVC) is refused
      return meta.compression === "av1" ? "avif" : null;
    default:
      return null;
  }
}

/** What the bytes are and their size, from the header alone (nothing decoded); null when not an accepted format. */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader | null> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
  const format = formatOf(meta);
  if (!format || !meta.width || !meta.height) return null;
  const height = meta.pageHeight ?? meta.height;
  return { format, width: meta.width, height, uprightWidth: (meta.orientation ?? 1) >= 5 ? height : meta.width };
}

/** Refuse, before decoding, a picture too large to decode: over 40 megapixels or 16,000 px on a side. */
export function checkImageSize({ width, height }: ImageHeader): void {
  if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE) throw new UploadError(UPLOAD_MESSAGES.tooLong);
  if (width * height > MAX_INPUT_PIXELS) throw new UploadError(UPLOAD_MESSAGES.tooManyPixels);
}

/**
 * Decode and encode an upload: in the server's image queue (one at a time), by a child process
 * (image-worker.ts) with sharp's pixel limit and a time limit. A full queue is an UploadError 503
 * with the seconds to wait; a picture sharp cannot read, a 400; a failed encoding, a 500.
 */
export async function processImage(task: Pick<ImageTask, "width" | "outputs">, bytes: Buffer): Promise<ImageResult> {
  try {
    return await imageQueue.run(async () => {
      const start = Date.now();
      const result = await runImageTask({ ...task, limitInputPixels: MAX_INPUT_PIXELS, timeoutSeconds: PIPELINE_TIMEOUT_SECONDS }, bytes);
      log.info({ event: "image_processed", ms: Date.now() - start, width: result.width, height: result.height, workerPeakMiB: result.peakMiB }, "image processed");
      return result;
    });
  } catch (err) {
    if (err instanceof ImageQueueFullError) {
      log.warn({ event: "image_queue_full", retryAfterSeconds: err.retryAfterSeconds }, "image upload refused: queue full");
      throw new UploadError(UPLOAD_MESSAGES.busy, 503, err.retryAfterSeconds);
    }
    if (!(err instanceof ImageWorkerError)) throw err;
    if (err.reason === "pixels") throw new UploadError(UPLOAD_MESSAGES.tooManyPixels);
    if (err.reason === "unreadable") throw new UploadError(UPLOAD_MESSAGES.unreadable);
    log.error({ event: "image_encode_failed", err: err.message }, "image could not be encoded");
    throw new UploadError(UPLOAD_MESSAGES.storeFailed, 500);
  }
}

/** Check, re-encode and store an uploaded image; returns its public URL "/uploads/<name>.webp". */
export async function saveImageUpload(file: File, dir: string = getConfig().UPLOAD_DIR): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new UploadError(UPLOAD_MESSAGES.tooLarge, 413);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new UploadError(UPLOAD_MESSAGES.tooLarge, 413);
  const header = await readImageHeader(bytes);
  if (!header) throw new UploadError(UPLOAD_MESSAGES.badType, 415);
  checkImageSize(header);

  // turned upright (EXIF) on decoding, then the metadata is dropped
  const width = Math.min(header.uprightWidth, MAX_IMAGE_WIDTH);
  const {
    files: [webp],
  } = await processImage({ width, outputs: [{ width, format: "webp", quality: 82 }] }, bytes);

  const name = `${randomBytes(16).toString("hex")}.webp`;
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, name), webp, { flag: "wx", mode: 0o644 });
  } catch {
    throw new UploadError(UPLOAD_MESSAGES.storeFailed, 500);
  }
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** The stored file name of an uploaded image URL, or null for anything else (external URLs, /media). */
export function storedUploadName(url: string | null | undefined): string | null {
  if (!url || !url.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  return STORED_NAME.test(name) ? name : null;
}

/** Remove an uploaded image that no post uses any more. Missing files are fine; other failures are returned as false. */
export async function deleteUploadedImage(url: string | null | undefined, dir: string = getConfig().UPLOAD_DIR): Promise<boolean> {
  const name = storedUploadName(url);
  if (!name) return false;
  try {
    await fs.unlink(path.join(dir, name));
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "ENOENT";
  }
}
