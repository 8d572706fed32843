import { can, type Permission } from "~/lib/permissions";
import { getConfig } from "./config";
import type { Db } from "./db";
import { errorCode, log } from "./log";
import { outboxCounts } from "./repos/outbox";

/**
 * What the staff layout says about e-mail (docs/product.md, "Staff: e-mails"): without SMTP_URL,
 * to everyone, that sending is not configured and how many messages wait; with it, to the
 * administrators only, how many messages failed for good. Null when there is nothing to say.
 */
export type MailNotice = { kind: "not_configured"; waiting: number; canManage: boolean } | { kind: "failed"; failed: number; canManage: true };

export function smtpConfigured(): boolean {
  return Boolean(getConfig().SMTP_URL);
}

/** Never throws: a count that cannot be read leaves the line out rather than the staff area. */
export async function mailNotice(h: Db, permissions: readonly Permission[]): Promise<MailNotice | null> {
  const canManage = can(permissions, "outbox:manage");
  if (smtpConfigured() && !canManage) return null;
  let counts;
  try {
    counts = await outboxCounts(h);
  } catch (err) {
    log.error({ event: "outbox_count_failed", ...errorCode(err) }, "outbox counts could not be read");
    return null;
  }
  if (!smtpConfigured()) return { kind: "not_configured", waiting: counts.pending, canManage };
  return counts.failed > 0 ? { kind: "failed", failed: counts.failed, canManage: true } : null;
}
