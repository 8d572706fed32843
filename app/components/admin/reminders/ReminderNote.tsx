import { BellRing, CircleCheck, Loader2 } from "~/components/admin/icons";
import type { ReminderLinks } from "~/lib/front-desk-contact";
import { formatDateTime } from "~/lib/format";
import { REMINDER_CHANNEL_LABELS, type ReminderChannel } from "~/lib/reminder-template";

/** 'Présence confirmée' when the patient confirmed through their personal link. */
export function PresenceBadge({ at, className = "" }: { at: string | null; className?: string }) {
  if (!at) return null;
  return (
    <span
      title={`Confirmée par le patient le ${formatDateTime(at)}`}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-900 ring-1 ring-inset ring-emerald-600/30 ${className}`}
    >
      <CircleCheck aria-hidden className="h-3.5 w-3.5" />
      Présence confirmée
    </span>
  );
}

/**
 * What was done about the reminder: 'Rappelé le 24/11/2026 10:32 par {e-mail} (WhatsApp)', or
 * 'Pas encore rappelé', and, while a tap's mark is being stored, 'Rappel en cours
 * d'enregistrement…'.
 */
export function ReminderNote({
  links,
  pendingChannel,
  showNotYet = false,
  className = "",
}: {
  links: Pick<ReminderLinks, "reminded">;
  pendingChannel?: ReminderChannel | null;
  showNotYet?: boolean;
  className?: string;
}) {
  if (pendingChannel) {
    return (
      <p role="status" className={`inline-flex items-center gap-1.5 text-sm text-teal-800 ${className}`}>
        <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
        Rappel ({REMINDER_CHANNEL_LABELS[pendingChannel]}) en cours d'enregistrement…
      </p>
    );
  }
  const r = links.reminded;
  if (!r) return showNotYet ? <p className={`text-sm text-slate-600 ${className}`}>Pas encore rappelé.</p> : null;
  return (
    <p className={`flex items-start gap-1.5 text-sm text-slate-700 ${className}`}>
      <BellRing aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-teal-700" />
      <span className="min-w-0 break-words">
        Rappelé le <time dateTime={r.at}>{formatDateTime(r.at)}</time>
        {r.by && (
          <>
            {" "}
            par <span className="break-words">{r.by}</span>
          </>
        )}
        {r.channel && <> ({r.channel})</>}
      </span>
    </p>
  );
}
