import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Metadata } from "sharp";
import { BLOG_FORM_MESSAGES, BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_TYPES } from "~/lib/blog-form";
import { getConfig } from "./config";

/**
 * Images uploaded by staff (blog posts). The bytes decide, never the file name or the declared
 * type: sharp reads the header, only JPEG, PNG, WebP, GIF and AVIF are accepted, and the picture
 * is decoded and re-encoded to WebP (at most 1600 px wide, metadata such as GPS position
 * stripped) under a random name in UPLOAD_DIR. The Express server serves that folder under
 * /uploads with its own strict CSP; the type follows the .webp extension.
 */

/** The limits the browser checks too (app/lib/blog-form.ts). */
export const MAX_IMAGE_BYTES = BLOG_IMAGE_MAX_BYTES;
/** A whole form with an image: the image plus room for the text fields. */
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 1024 * 1024;
export const MAX_IMAGE_WIDTH = 1600;
/** Refuse decompression bombs: at most 40 megapixels to decode. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const ACCEPTED_IMAGE_TYPES = BLOG_IMAGE_TYPES;
export const UPLOAD_URL_PREFIX = "/uploads/";
const STORED_NAME = /^[a-f0-9]{32}\.webp$/;

export const UPLOAD_MESSAGES = {
  tooLarge: BLOG_FORM_MESSAGES.imageTooLarge,
  badType: BLOG_FORM_MESSAGES.imageBadType,
  unreadable: "Cette image est illisible ou endommagée. Choisissez-en une autre.",
  tooManyPixels: "Cette image est trop grande (plus de 40 mégapixels). Réduisez-la avant de l'envoyer.",
  storeFailed: "L'image n'a pas pu être enregistrée. Merci de réessayer.",
} as const;

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number = 400,
  ) {
    super(message);
    this.name = "UploadError";
  }
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
  return new Request(request.url, { method: "POST", headers, body: Buffer.concat(chunks) }).formData();
}

/** A file field that holds a real file (browsers send an empty one when nothing was chosen). */
export function isFilledFile(v: FormDataEntryValue | null): v is File {
  return typeof v === "object" && v !== null && typeof (v as File).arrayBuffer === "function" && (v as File).size > 0;
}

type Format = "jpeg" | "png" | "webp" | "gif" | "avif";

/** What the bytes are, by their header; null when not one of the accepted formats. */
export async function detectImageFormat(bytes: Buffer): Promise<Format | null> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return null;
  }
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

/** Check, re-encode and store an uploaded image; returns its public URL "/uploads/<name>.webp". */
export async function saveImageUpload(file: File, dir: string = getConfig().UPLOAD_DIR): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new UploadError(UPLOAD_MESSAGES.tooLarge, 413);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new UploadError(UPLOAD_MESSAGES.tooLarge, 413);
  const format = await detectImageFormat(bytes);
  if (!format) throw new UploadError(UPLOAD_MESSAGES.badType, 415);

  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate() // apply the EXIF orientation before the metadata is dropped
      .resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    const msg = err instanceof Error ? err.message : "";
    throw new UploadError(/pixel limit/i.test(msg) ? UPLOAD_MESSAGES.tooManyPixels : UPLOAD_MESSAGES.unreadable);
  }

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
