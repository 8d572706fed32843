/**
 * Uploaded photos as the pages show them (docs/architecture.md, "Photos"): each upload is stored
 * once as AVIF and WebP at several widths under /uploads/media/<id>-<width>.<ext>, with the
 * original's proportions; pages render a <picture> with both `srcset`s, the width and height (no
 * layout shift) and an alt text. Shared by server and browser.
 */
export interface MediaRef {
  /** 32 hex characters */
  id: string;
  width: number;
  height: number;
  /** ascending; the largest is at most the original's width */
  widths: number[];
}

/** The widths made from an upload (a narrower original gives only the widths it can fill, plus its own). */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
/** Largest upload accepted: phone photos are often 4 to 8 MB. */
export const PHOTO_MAX_BYTES = 12 * 1024 * 1024;
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
/** Alt texts: required, in French, short enough for a screen reader. */
export const ALT_MAX_LENGTH = 200;
export const MEDIA_URL_PREFIX = "/uploads/media/";
const MEDIA_ID = /^[a-f0-9]{32}$/;

export function isMediaId(v: unknown): v is string {
  return typeof v === "string" && MEDIA_ID.test(v);
}

export function mediaUrl(id: string, width: number, ext: "avif" | "webp"): string {
  return `${MEDIA_URL_PREFIX}${id}-${width}.${ext}`;
}

export function mediaSrcSet(ref: MediaRef, ext: "avif" | "webp"): string {
  return ref.widths.map((w) => `${mediaUrl(ref.id, w, ext)} ${w}w`).join(", ");
}

/** The WebP file closest above `target` px wide (the <img> fallback and Open Graph pictures). */
export function mediaFallbackUrl(ref: MediaRef, target = 960): string {
  const w = ref.widths.find((x) => x >= target) ?? ref.widths[ref.widths.length - 1];
  return mediaUrl(ref.id, w, "webp");
}

/** The stored "480,960,1600" as numbers. */
export function parseWidths(stored: string): number[] {
  return stored
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0)
    .sort((a, b) => a - b);
}

/** The widths to make for an original `width` px wide. */
export function widthsFor(width: number): number[] {
  const out: number[] = MEDIA_WIDTHS.filter((w) => w < width);
  out.push(Math.min(width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1]));
  return [...new Set(out)].sort((a, b) => a - b);
}
