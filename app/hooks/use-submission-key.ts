import { useEffect, useState } from "react";

/**
 * A random idempotency key (UUID v4 form) made in the browser. getRandomValues, not randomUUID:
 * it also exists outside secure contexts (a LAN address over plain HTTP).
 */
export function newSubmissionKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The idempotency key of a public form (the hidden `submission_key` field): a post sent twice with
 * the same key stores one row. Public pages are stored whole by the page cache and served to every
 * visitor (docs/architecture.md, "Page cache"), so the page itself carries no key: the browser makes
 * one when the form comes to life. After an answer, the answer's key wins (the same one after a
 * refusal, a new one after a success). Without JavaScript the first post carries no key (stored
 * once, without the resend guard); the answer page then carries one from the server.
 */
export function useSubmissionKey(fromReply?: string | null): string {
  const [own, setOwn] = useState("");
  useEffect(() => {
    setOwn((k) => k || newSubmissionKey());
  }, []);
  return fromReply || own;
}
