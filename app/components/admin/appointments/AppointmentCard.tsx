import { AlertCircle, CalendarClock, CheckCircle2, ChevronDown, Mail, Phone, Save, X } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { centimesToInput, formatCalendarDate, formatDA, formatDateTime } from "~/lib/format";
import { Field, fieldA11y } from "./Field";
import { isComplete, type AppointmentView, type UpdateResult } from "./types";

/**
 * One appointment: name, contact, service, date and time, submission date, prices, progress, the completion badge, and 'Voir plus' for the inline
 * edit of progress, prices and tips. The save posts to the route's action; the card then shows
 * the row the server returned and the pending edits are cleared.
 */
export function AppointmentCard({ row }: { row: AppointmentView }) {
  const fetcher = useFetcher<UpdateResult>();
  const [open, setOpen] = useState(false);
  const uid = useId();
  const panelId = `${uid}-details`;
  const saving = fetcher.state !== "idle";

  // The server's answer to this card's last save. When the fetcher is idle again, the list has
  // been re-read, so `row` is the row as stored after the save.
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [handled, setHandled] = useState<{ result?: UpdateResult; saves: number; dismissed?: UpdateResult }>({ saves: 0 });
  if (result && result !== handled.result) {
    setHandled((h) => ({ ...h, result, saves: result.ok ? h.saves + 1 : h.saves }));
  }
  const shown = row;
  const failure = result && !result.ok && handled.dismissed !== result ? result : undefined;
  const savedNote = Boolean(result?.ok && handled.dismissed !== result);
  const done = isComplete(shown);

  // After each successful save the edit form restarts from the stored values (pending edits cleared).
  const editKey = `${shown.id}-${handled.saves}`;
  const close = () => {
    setOpen(false);
    setHandled((h) => ({ ...h, dismissed: result }));
  };

  const fe = failure?.fieldErrors ?? {};

  return (
    <article
      className="flex flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
      aria-labelledby={`${uid}-name`}
      data-appointment-id={shown.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 p-5">
        <div className="min-w-0">
          <h3 id={`${uid}-name`} className="break-words font-sans text-lg font-semibold text-navy-900">
            {shown.name}
          </h3>
          <p className="mt-0.5 text-sm font-medium text-teal-700">{shown.service}</p>
        </div>
        {done ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800 ring-1 ring-green-600/20">
            <CheckCircle2 aria-hidden className="h-3.5 w-3.5" />
            Terminé
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-3 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-600/20">
            <AlertCircle aria-hidden className="h-3.5 w-3.5" />
            Le travail n'est pas terminé
          </span>
        )}
      </div>

      <dl className="grid flex-1 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 p-5 text-sm">
        <dt className="text-slate-500">Email</dt>
        <dd className="min-w-0">
          <a href={`mailto:${shown.email}`} className="inline-flex max-w-full items-start gap-1 text-navy-900 underline-offset-2 hover:underline">
            <Mail aria-hidden className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-400" />
            <span className="break-all">{shown.email}</span>
          </a>
        </dd>
        <dt className="text-slate-500">Téléphone</dt>
        <dd>
          <a href={`tel:${shown.phone.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1 text-navy-900 underline-offset-2 hover:underline">
            <Phone aria-hidden className="h-3.5 w-3.5 text-slate-400" />
            {shown.phone}
          </a>
        </dd>
        <dt className="text-slate-500">Service</dt>
        <dd>{shown.service}</dd>
        <dt className="text-slate-500">Date et heure</dt>
        <dd className="inline-flex items-center gap-1 font-medium text-navy-900">
          <CalendarClock aria-hidden className="h-3.5 w-3.5 text-slate-400" />
          {formatCalendarDate(shown.date)} à {shown.time}
        </dd>
        <dt className="text-slate-500">Soumis le</dt>
        <dd>{shown.created_at ? formatDateTime(shown.created_at) : "N/A"}</dd>
        <dt className="text-slate-500">Prix total</dt>
        <dd className="font-medium">{shown.prixtotal === null ? <span className="text-slate-500">Non renseigné</span> : formatDA(shown.prixtotal)}</dd>
        <dt className="text-slate-500">Prix payé</dt>
        <dd className="font-medium">{shown.prixpay === null ? <span className="text-slate-500">Non renseigné</span> : formatDA(shown.prixpay)}</dd>
        <dt className="text-slate-500">Avancement</dt>
        <dd className="break-words">{shown.progress || <span className="text-slate-500">Non renseigné</span>}</dd>
      </dl>

      <div className="border-t border-slate-100 px-5 py-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => (open ? close() : setOpen(true))}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-teal-700 hover:bg-teal-50"
        >
          Voir plus
          <ChevronDown aria-hidden className={`h-4 w-4 transition-transform duration-300 ${open ? "rotate-180" : ""}`} />
        </button>
      </div>

      {open && (
        <div id={panelId} className="border-t border-slate-100 bg-slate-50/70 p-5">
          {shown.message && (
            <div className="mb-4">
              <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Message du patient</p>
              <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{shown.message}</p>
            </div>
          )}

          <fetcher.Form method="post" key={editKey} className="grid gap-4" noValidate>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={shown.id} />
            <Field id={`${uid}-progress`} label="Avancement" error={fe.progress}>
              <input
                id={`${uid}-progress`}
                name="progress"
                type="text"
                maxLength={500}
                defaultValue={shown.progress ?? ""}
                className="field-input"
                {...fieldA11y(`${uid}-progress`, fe.progress)}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${uid}-prixtotal`} label="Prix total (DA)" error={fe.prixtotal}>
                <input
                  id={`${uid}-prixtotal`}
                  name="prixtotal"
                  type="text"
                  inputMode="decimal"
                  defaultValue={centimesToInput(shown.prixtotal)}
                  className="field-input"
                  {...fieldA11y(`${uid}-prixtotal`, fe.prixtotal)}
                />
              </Field>
              <Field id={`${uid}-prixpay`} label="Prix payé (DA)" error={fe.prixpay}>
                <input
                  id={`${uid}-prixpay`}
                  name="prixpay"
                  type="text"
                  inputMode="decimal"
                  defaultValue={centimesToInput(shown.prixpay)}
                  className="field-input"
                  {...fieldA11y(`${uid}-prixpay`, fe.prixpay)}
                />
              </Field>
            </div>
            <Field id={`${uid}-tips`} label="Conseils et remarques" error={fe.tips}>
              <textarea
                id={`${uid}-tips`}
                name="tips"
                rows={3}
                maxLength={1000}
                defaultValue={shown.tips ?? ""}
                className="field-input resize-y"
                {...fieldA11y(`${uid}-tips`, fe.tips)}
              />
            </Field>

            {failure && (
              <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
                Erreur lors de la mise à jour: {failure.message}
              </p>
            )}
            {savedNote && !saving && (
              <p role="status" className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
                Modifications enregistrées.
              </p>
            )}

            <div className="flex flex-wrap gap-2">
              <button type="submit" className="btn-primary" disabled={saving}>
                <Save aria-hidden className="h-4 w-4" />
                {saving ? "Sauvegarde..." : "Sauvegarder"}
              </button>
              <button
                type="button"
                className="btn-ghost ring-1 ring-slate-300"
                onClick={close}
              >
                <X aria-hidden className="h-4 w-4" />
                Fermer
              </button>
            </div>
          </fetcher.Form>
        </div>
      )}
    </article>
  );
}
