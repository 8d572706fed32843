/**
 * A random idempotency key (UUID v4 form) made in the browser, for a public form's hidden
 * `submission_key` (a post sent twice with the same key stores one row). getRandomValues, not
 * randomUUID: it also exists outside secure contexts (a LAN address over plain HTTP). Used by the
 * islands and hydrated forms (~/hooks/use-submission-key) and by the page's script
 * (app/site/chrome.ts) for a plain form of a page the page cache serves to everyone.
 */
export function newSubmissionKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
