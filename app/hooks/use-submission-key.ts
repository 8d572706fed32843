import { useEffect, useState } from "react";
import { newSubmissionKey } from "~/lib/submission-key";

export { newSubmissionKey };

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
