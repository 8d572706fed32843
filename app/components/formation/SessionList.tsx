import { CalendarDays } from "lucide-react";
import { formatTimeRange } from "~/lib/format";
import { SESSION_STATUS_LABELS, sessionDays, type PublicSession } from "~/lib/formation-session";
import { formationPriceLabel } from "~/lib/money";

/**
 * The dated sessions of a formation on the public pages (issue 31, item 3): the days, the hours,
 * the place, the price and the places left; a full session offers its waiting list (a plain link to
 * the waiting-list form of /inscription, so it works without JavaScript).
 */
export function SessionList({ sessions, tone = "light" }: { sessions: PublicSession[]; tone?: "light" | "dark" }) {
  if (sessions.length === 0) return null;
  const muted = tone === "dark" ? "text-slate-300" : "text-slate-600";
  return (
    <ul className="space-y-3" aria-label="Dates des sessions">
      {sessions.map((s) => (
        <li key={s.id} className={tone === "dark" ? "rounded-xl bg-white/10 p-3" : "rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"}>
          <p className="flex items-start gap-2 font-semibold">
            <CalendarDays aria-hidden className={`mt-0.5 h-4 w-4 shrink-0 ${tone === "dark" ? "text-gold-400" : "text-teal-600"}`} />
            <span>
              <span className="first-letter:uppercase inline-block">{sessionDays(s)}</span>
              <span className={`block text-sm font-normal ${muted}`}>
                {formatTimeRange(s.day_start, s.day_end)} · {s.place} · {formationPriceLabel(s.price, "Prix sur demande")}
              </span>
            </span>
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            {s.status === "full" ? (
              <>
                <span className="rounded-full bg-gold-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900">{SESSION_STATUS_LABELS.full}</span>
                <a href={`/inscription?attente=${s.id}`} className={`inline-flex min-h-11 items-center font-semibold underline underline-offset-2 ${tone === "dark" ? "text-gold-400" : "text-teal-700"}`}>
                  Rejoindre la liste d'attente
                </a>
              </>
            ) : (
              <span className="rounded-full bg-teal-100 px-3 py-1 text-xs font-bold text-teal-900">
                {s.left} place{s.left > 1 ? "s" : ""} sur {s.capacity}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
