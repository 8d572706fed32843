import { AlertCircle, CalendarClock, CheckCircle2, ChevronDown, FolderOpen, History, Loader2, MessageSquareText, Wallet } from "~/components/admin/icons";
import { useCallback, useId, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { ContactLinks } from "~/components/admin/front-desk/ContactLinks";
import { PresenceBadge } from "~/components/admin/reminders/ReminderNote";
import { HistoryList } from "~/components/admin/front-desk/HistoryList";
import { MoveForm } from "~/components/admin/front-desk/MoveForm";
import { StatusActions } from "~/components/admin/front-desk/StatusActions";
import { STATUS_ACCENT, StatusBadge } from "~/components/admin/front-desk/StatusBadge";
import { isAppointmentDone } from "~/lib/appointment-status";
import { formatCalendarDate, formatDateTime, formatTime } from "~/lib/format";
import { balanceDue, formatDA } from "~/lib/money";
import { AppointmentEditForm, ReadOnlyPrices } from "./AppointmentEditForm";
import type { AppointmentLine, AppointmentListItem } from "./types";

const weekday = new Intl.DateTimeFormat("fr-FR", { weekday: "long", timeZone: "UTC" });

/** The weekday of a clinic day: "2026-11-23" → "Lundi". */
function weekdayOf(ymd: string): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return "";
  const name = weekday.format(d);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A toggle of the card's footer: a button that shows or hides its panel. */
function Toggle({ open, controls, onClick, children }: { open: boolean; controls: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onClick}
      className={`appt-toggle ${open ? "bg-teal-50 text-teal-800" : "text-teal-700 hover:bg-teal-50"}`}
    >
      {children}
      <ChevronDown aria-hidden className={open ? "toggle-icon toggle-chevron rotate-180" : "toggle-icon toggle-chevron"} />
    </button>
  );
}

/**
 * One appointment of the list (docs/product.md, "Staff: appointments"): a line, then its card.
 *
 * The line: the name and service, the front-desk status and the payment badge ('Terminé',
 * ~/lib/appointment-status), the day and time, what is paid of the total and 'Reste à payer'.
 * 'Détails' opens the card below the line (issue 33: the page carries 24 lines and one card, not
 * 24 cards): a link to the same list with `rdv={id}`, whose loader adds that card (`details`);
 * with JavaScript the list is read again in place (no new history entry, no scroll), without it
 * the page comes back at the card (#rdv-{id}). One card is open at a time.
 *
 * The card: contact details, one-tap contact, the patient's message (3 lines, in full under 'Voir
 * plus'), prices, progress and the status actions. 'Voir plus' opens the message and the inline
 * edit of progress, prices and tips; 'Déplacer' the change of day and time (free slots);
 * 'Historique' who did what and when. What the role may not do is left out (docs/product.md,
 * "Staff roles"): the edit, 'Déplacer' and the status actions without `appointment:update`, the
 * record's link without `patient:read`; prices are read-only without `appointment:price`
 * (AppointmentEditForm).
 *
 * From 1024 px the line is one line of the list's table (CSS only, no width detection: the
 * server's first paint is right), the card a box below it; below 1024 px the line is the top of a
 * card and 'Détails' its last row. Columns: APPOINTMENT_ROW_COLUMNS.
 */
export function AppointmentCard({ row, details, href, opening }: { row: AppointmentLine; details: AppointmentListItem | null; href: string; opening: boolean }) {
  const navigate = useNavigate();
  const uid = useId();
  const moreId = `${uid}-more`;
  const done = isAppointmentDone(row);
  const due = balanceDue(row);
  const open = details !== null;
  // with JavaScript: the list read again in place (the address without the card's #rdv-{id})
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void navigate(href.replace(/#.*$/, ""), { replace: true, preventScrollReset: true });
  };

  return (
    <article
      id={`rdv-${row.id}`}
      className={`appt-card ${APPOINTMENT_ROW_COLUMNS} ${open ? "lg:bg-slate-50" : "lg:hover:bg-slate-50/70"} ${STATUS_ACCENT[row.status]}`}
      aria-labelledby={`${uid}-name`}
      data-appointment-id={row.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 px-5 pb-3 pt-4 lg:contents">
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <h3 id={`${uid}-name`} className="break-words font-sans text-lg font-semibold leading-snug text-navy-900 lg:text-base">
            {row.name}
          </h3>
          <p className="mt-0.5 text-sm font-medium text-teal-700">
            {row.service}
            {/* booked on the Arabic page (issue 32): its messages go in Arabic */}
            {row.language === "ar" && (
              <span title="Demande faite en arabe" className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                AR<span className="sr-only"> : demande faite en arabe</span>
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1.5 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <StatusBadge status={row.status} forced={row.forced === 1} />
          <PresenceBadge at={row.patient_confirmed_at} />
          {done ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800 ring-1 ring-green-600/20">
              <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
              Terminé
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-600/20">
              <AlertCircle aria-hidden className="h-3.5 w-3.5" />
              Le travail n'est pas terminé
            </span>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-y border-slate-100 bg-slate-50/70 px-5 py-2.5 lg:contents">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-navy-900 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:block">
          <CalendarClock aria-hidden className="h-4 w-4 text-teal-600 lg:hidden" />
          <span className="sr-only font-normal text-slate-500 sm:not-sr-only lg:sr-only">Date et heure :</span>
          <span>
            <span className="lg:block lg:font-normal lg:text-slate-600">
              {weekdayOf(row.date)} {formatCalendarDate(row.date)}
            </span>{" "}
            <span className="lg:block">à {formatTime(row.time)}</span>
          </span>
        </p>
        <p className="hidden text-sm font-medium text-navy-900 lg:col-start-4 lg:row-start-1 lg:block">
          <span className="sr-only">Payé sur le prix total : </span>
          {row.prixtotal === null ? <span className="font-normal text-slate-500">— (pas de prix)</span> : `${formatDA(row.prixpay ?? 0)} / ${formatDA(row.prixtotal)}`}
        </p>
        {due !== null && due > 0 && (
          <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/30 lg:col-start-4 lg:row-start-2 lg:mt-1 lg:justify-self-start lg:whitespace-nowrap">
            <Wallet aria-hidden className="h-3.5 w-3.5" />
            Reste à payer : {formatDA(due)}
          </p>
        )}
      </div>

      <a
        href={href}
        onClick={follow}
        aria-expanded={open}
        aria-controls={open ? moreId : undefined}
        aria-busy={opening || undefined}
        className={`appt-more ${open ? "bg-teal-50 text-teal-800" : "text-teal-700 hover:bg-teal-50"}`}
      >
        Détails<span className="sr-only"> de {row.name}</span>
        {opening ? <Loader2 aria-hidden className="toggle-chevron animate-spin" /> : <ChevronDown aria-hidden className={open ? "toggle-chevron rotate-180" : "toggle-chevron"} />}
      </a>

      {details && <CardDetails id={moreId} row={details} />}
    </article>
  );
}

/** The card below its line: what 'Détails' opens. */
function CardDetails({ id, row }: { id: string; row: AppointmentListItem }) {
  const [panel, setPanel] = useState<"details" | "move" | "history" | null>(null);
  const uid = useId();
  const panelId = `${uid}-panel`;
  const due = balanceDue(row);
  const canUpdate = useCan("appointment:update");
  const canOpenRecord = useCan("patient:read");
  const movable = canUpdate && (row.status === "requested" || row.status === "confirmed");
  const toggle = (p: NonNullable<typeof panel>) => setPanel((o) => (o === p ? null : p));
  const closePanel = useCallback(() => setPanel(null), []);

  return (
    <div id={id} className="appt-details">
      {row.message && (
        <figure className="mx-5 mt-4 rounded-xl bg-sky-50/60 px-3.5 py-2.5 ring-1 ring-sky-100 lg:max-w-2xl">
          <figcaption className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <MessageSquareText aria-hidden className="h-3.5 w-3.5" />
            Message du patient
          </figcaption>
          <blockquote className="mt-1 line-clamp-3 whitespace-pre-line break-words text-sm text-slate-800">{row.message}</blockquote>
        </figure>
      )}

      <div className="grid flex-1 gap-x-6 gap-y-2 px-5 py-4 text-sm sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <dl className="appt-facts">
          <dt className="text-slate-500">Email</dt>
          <dd className="min-w-0">
            {row.email ? (
              <a href={`mailto:${row.email}`} className="link-quiet break-all">
                {row.email}
              </a>
            ) : (
              <span className="text-slate-500">Non renseigné</span>
            )}
          </dd>
          <dt className="text-slate-500">Téléphone</dt>
          <dd>
            {row.phone ? (
              <a href={`tel:${row.phone.replace(/[^\d+]/g, "")}`} className="link-quiet whitespace-nowrap">
                {row.phone}
              </a>
            ) : (
              <span className="text-slate-500">Non renseigné</span>
            )}
          </dd>
          <dt className="text-slate-500">Soumis le</dt>
          <dd>{row.created_at ? formatDateTime(row.created_at) : "N/A"}</dd>
        </dl>
        <dl className="appt-facts">
          <dt className="text-slate-500">Prix total</dt>
          <dd className="font-medium">{row.prixtotal === null ? <span className="font-normal text-slate-500">Non renseigné</span> : formatDA(row.prixtotal)}</dd>
          <dt className="text-slate-500">Prix payé</dt>
          <dd className="font-medium">{row.prixpay === null ? <span className="font-normal text-slate-500">Non renseigné</span> : formatDA(row.prixpay)}</dd>
          <dt className="text-slate-500">Avancement</dt>
          <dd className="break-words">{row.progress || <span className="text-slate-500">Non renseigné</span>}</dd>
        </dl>
      </div>

      <div className="space-y-3 border-t border-slate-100 px-5 py-3">
        {/* the e-mail is a link in the details above: here the two one-tap ways of a phone */}
        {/* an anonymised appointment has no one to call */}
        {!row.anonymised_at && <ContactLinks name={row.name} phone={row.phone} email={null} date={row.date} time={row.time} links={row.reminder} />}
        <StatusActions id={row.id} status={row.status} name={row.name} due={due} />
      </div>

      <div className="flex flex-wrap gap-0.5 border-t border-slate-100 px-2.5 py-1.5 sm:gap-1">
        <Toggle open={panel === "details"} controls={panelId} onClick={() => toggle("details")}>
          Voir plus
        </Toggle>
        {movable && (
          <Toggle open={panel === "move"} controls={panelId} onClick={() => toggle("move")}>
            <CalendarClock aria-hidden className="toggle-icon" />
            Déplacer
          </Toggle>
        )}
        <Toggle open={panel === "history"} controls={panelId} onClick={() => toggle("history")}>
          <History aria-hidden className="toggle-icon" />
          Historique ({row.history.length})
        </Toggle>
        {row.patient_id !== null && canOpenRecord && (
          <Link
            to={`/admin/patients/${row.patient_id}`}
            className="appt-toggle text-teal-700 hover:bg-teal-50"
            aria-label={`Dossier patient de ${row.name}`}
          >
            <FolderOpen aria-hidden className="toggle-icon" />
            Dossier patient
          </Link>
        )}
      </div>

      {panel && (
        <div id={panelId} className="border-t border-slate-100 bg-slate-50/70 p-5">
          {panel === "details" && (
            <>
              {row.message && (
                <div className="mb-4">
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Message du patient</p>
                  <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{row.message}</p>
                </div>
              )}
              {row.status === "cancelled" && row.cancel_reason && (
                <p className="mb-4 text-sm text-slate-700">
                  <span className="font-semibold">Annulé par {row.cancelled_by === "patient" ? "le patient" : "la clinique"} :</span> {row.cancel_reason}
                </p>
              )}
              {canUpdate ? <AppointmentEditForm row={row} onClose={closePanel} /> : <ReadOnlyPrices row={row} />}
            </>
          )}
          {panel === "move" && movable && <MoveForm id={row.id} service={row.service} date={row.date} time={row.time} onDone={closePanel} />}
          {panel === "history" && (
            <section aria-label={`Historique de ${row.name}`}>
              <HistoryList entries={row.history} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The columns of the list's table from 1024 px, shared by the cards' lines and the header line
 * (AppointmentTableHeader): date and time, patient, status, payment, 'Détails'.
 */
export const APPOINTMENT_ROW_COLUMNS = "lg:grid-cols-[8.75rem_minmax(0,1.1fr)_minmax(0,1.2fr)_minmax(11rem,1fr)_auto]";

/** The header line of the table (from 1024 px): the columns' titles, for the eye (each line's cells say what they are to a screen reader). */
export function AppointmentTableHeader() {
  return (
    <div aria-hidden className={`hidden border-b border-l-4 border-slate-200 border-l-transparent bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:grid lg:gap-x-4 ${APPOINTMENT_ROW_COLUMNS}`}>
      <span>Date et heure</span>
      <span>Patient</span>
      <span>Statut</span>
      <span>Payé / total</span>
      <span className="w-24" />
    </div>
  );
}
