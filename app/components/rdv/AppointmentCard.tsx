import { Ban, CalendarCheck2, CalendarPlus, CircleCheckBig, Hourglass, UserX, type LucideIcon } from "lucide-react";
import type { AppointmentStatus } from "~/lib/appointment-status";
import { formatDuration } from "~/lib/schedule";
import { formatDayFull, formatDayFullAr, formatTime } from "~/lib/format";
import type { RdvView } from "~/lib/rdv-schema";
import { serviceIn } from "~/lib/services-ar";
import { useI18n } from "~/hooks/use-locale";
import { t as text, type Locale, type MessageKey } from "~/i18n";

/** The status as the patient reads it (the clinic's words, said to the patient): its text in the catalogue (`rdvPage.status*`). */
const PATIENT_STATUS: Record<AppointmentStatus, { key: MessageKey; className: string; icon: LucideIcon }> = {
  requested: { key: "rdvPage.statusRequested", className: "bg-amber-50 text-amber-900 ring-amber-600/30", icon: Hourglass },
  confirmed: { key: "rdvPage.statusConfirmed", className: "bg-sky-50 text-sky-900 ring-sky-600/30", icon: CalendarCheck2 },
  attended: { key: "rdvPage.statusAttended", className: "bg-emerald-50 text-emerald-900 ring-emerald-600/30", icon: CircleCheckBig },
  no_show: { key: "rdvPage.statusNoShow", className: "bg-rose-50 text-rose-900 ring-rose-600/30", icon: UserX },
  cancelled: { key: "rdvPage.statusCancelled", className: "bg-slate-100 text-slate-800 ring-slate-400/50", icon: Ban },
};

function statusNote(a: RdvView): MessageKey | null {
  if (a.status === "requested") return "rdvPage.noteRequested";
  if (a.status === "confirmed") return "rdvPage.noteConfirmed";
  if (a.status === "cancelled") return a.cancelledBy === "patient" ? "rdvPage.noteCancelledByPatient" : "rdvPage.noteCancelledByClinic";
  return null;
}

/** The duration in the page's language: "1 h 30" (formatDuration), "1 ساعة و30 دقيقة". */
function durationIn(locale: Locale, minutes: number): string {
  if (locale === "fr") return formatDuration(minutes);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? text("ar", "booking.noticeHours", { count: h }) : "", m ? text("ar", "booking.noticeMinutes", { count: m }) : ""].filter(Boolean).join(" و");
}

const CHIP = "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1";

/**
 * The appointment: service, day, time, status (and 'Présence confirmée' once the patient said
 * so), with 'Je confirme ma présence' and 'Ajouter à mon agenda' while it is still to come.
 * 'Je confirme ma présence' is a plain form posted by the browser, once (the page chrome's
 * `data-once`); the action's answer is said at the top of the page (app/routes/rdv.$token.tsx).
 */
export function AppointmentCard({ appointment: a, icsHref }: { appointment: RdvView; icsHref: string }) {
  const { locale, t } = useI18n();
  const ar = locale === "ar";
  // French labels in small capitals; Arabic has no capitals and its letters must not be spaced
  const dt = ar ? "text-sm font-semibold text-slate-500" : "text-xs font-semibold uppercase tracking-widest text-slate-500";
  const status = PATIENT_STATUS[a.status];
  const StatusIcon = status.icon;
  const note = statusNote(a);
  const open = a.status === "requested" || a.status === "confirmed";

  return (
    <section aria-labelledby="rdv-summary" className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-slate-200 sm:p-8">
      <h2 id="rdv-summary" className="sr-only">
        {t("rdvPage.title")}
      </h2>
      <div className="flex flex-wrap gap-2">
        <p className={`${CHIP} ${status.className}`}>
          <StatusIcon aria-hidden className="h-4 w-4" />
          {t(status.key)}
        </p>
        {a.patientConfirmed && open && (
          <p className={`${CHIP} bg-emerald-50 text-emerald-900 ring-emerald-600/30`}>
            <CircleCheckBig aria-hidden className="h-4 w-4" />
            {t("rdvPage.presenceConfirmed")}
          </p>
        )}
      </div>

      <dl className="mt-5 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className={dt}>{t("rdvPage.service")}</dt>
          <dd className="mt-1 text-lg font-semibold text-navy-900">{serviceIn(locale, a.service)}</dd>
        </div>
        <div>
          <dt className={dt}>{t("rdvPage.date")}</dt>
          <dd className={`mt-1 text-lg font-semibold first-letter:uppercase ${a.status === "cancelled" ? "text-slate-500 line-through" : "text-navy-900"}`}>
            {ar ? formatDayFullAr(a.date) : formatDayFull(a.date)}
          </dd>
        </div>
        <div>
          <dt className={dt}>{t("rdvPage.time")}</dt>
          <dd className={`mt-1 text-lg font-semibold ${a.status === "cancelled" ? "text-slate-500 line-through" : "text-navy-900"}`}>
            {ar ? <bdi dir="ltr">{formatTime(a.time)}</bdi> : a.time}
            {a.durationMinutes ? <span className="ms-2 text-sm font-normal text-slate-600">{t("rdvPage.duration", { duration: durationIn(locale, a.durationMinutes) })}</span> : null}
          </dd>
        </div>
      </dl>
      {note && <p className="mt-4 text-sm text-slate-600">{t(note)}</p>}

      {open && (
        <div className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:flex-wrap sm:items-center">
          {a.upcoming && !a.patientConfirmed && (
            <form id="rdv-confirm" method="post" noValidate data-once className="contents">
              <input type="hidden" name="intent" value="confirm" />
              <button type="submit" className="btn-primary w-full sm:w-auto" aria-describedby={a.status === "requested" ? "rdv-confirm-means" : undefined}>
                <CircleCheckBig aria-hidden className="h-4 w-4" />
                {/* while it is sent (the page chrome, `data-once`): 'Confirmation…' */}
                <span data-busy={t("rdvPage.confirming")}>{t("rdvPage.confirm")}</span>
              </button>
            </form>
          )}
          {/* what the patient's confirmation is, while the clinic's is still to come: under the button on a phone, under the row wider */}
          {a.upcoming && !a.patientConfirmed && a.status === "requested" && (
            <p id="rdv-confirm-means" className="text-sm text-slate-600 sm:order-last sm:basis-full">
              {t("rdvPage.confirmMeans")}
            </p>
          )}
          <a href={icsHref} download className="btn w-full bg-white text-navy-900 ring-1 ring-slate-300 hover:bg-slate-50 sm:w-auto">
            <CalendarPlus aria-hidden className="h-4 w-4" />
            {t("rdvPage.addToCalendar")}
          </a>
        </div>
      )}
    </section>
  );
}
