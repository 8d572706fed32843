import { Check, Loader2, MessageCircle, MessageSquareText, Phone } from "~/components/admin/icons";
import { useEffect, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { useToast } from "~/components/toaster";
import { telHref } from "~/lib/front-desk-contact";
import { formatCalendarDate, formatDateTime } from "~/lib/format";
import { RECALL_CHANNEL_LABELS, RECALL_PATH, type RecallActionResult, type RecallChannel, type RecallRowView } from "~/lib/recall";

const BIG =
  "inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl px-4 text-base font-semibold shadow-sm transition focus-visible:outline-offset-2 sm:flex-none";

/**
 * One recall to propose: the patient (a link to the record), the service, the last visit and the
 * due day, 'Relancé le … par …' or 'Pas encore relancé', the big WhatsApp and SMS buttons (the
 * template filled with the booking link and 'Ne plus me rappeler'; a tap records the relance),
 * 'Appeler' and 'Noter la relance'. A demo recall shows no message.
 */
export function RecallRow({ row }: { row: RecallRowView }) {
  const uid = useId();
  const fetcher = useFetcher<RecallActionResult>({ key: `recall:${row.id}` });
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
  const canMark = useCan("reminder:send") && !row.demo;
  const busy = fetcher.state !== "idle";
  const pending = busy ? (fetcher.formData?.get("channel") as RecallChannel | null) : null;
  const done = fetcher.state === "idle" && fetcher.data?.ok;

  const mark = (channel: RecallChannel) => {
    if (!canMark) return;
    const form = new FormData();
    form.set("intent", "recall-sent");
    form.set("id", String(row.id));
    form.set("channel", channel);
    form.set("js", "1");
    void fetcher.submit(form, { method: "post", action: RECALL_PATH });
  };

  const nameId = `suivi-${row.id}-name`;
  return (
    <article aria-labelledby={nameId} data-recall-id={row.id} className="rounded-xl border-l-4 border-l-teal-600 bg-white shadow-sm ring-1 ring-slate-200">
      <div className="space-y-1.5 p-4">
        <h3 id={nameId} className="break-words font-sans text-base font-semibold leading-snug text-navy-900 sm:text-lg">
          <Link to={`/admin/patients/${row.patientId}`} className="underline decoration-slate-300 underline-offset-2 hover:decoration-navy-900">
            {row.name}
          </Link>
        </h3>
        <p className="flex flex-wrap gap-x-1.5 text-sm text-slate-600">
          <span className="font-medium text-teal-700">{row.service}</span>
          {/* a record in Arabic (issue 32): the messages go in Arabic */}
          {row.language === "ar" && (
            <span title="Messages en arabe" className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
              AR<span className="sr-only"> : messages en arabe</span>
            </span>
          )}
          {row.phone && (
            <>
              <span aria-hidden>·</span>
              <a href={telHref(row.phone)} className="whitespace-nowrap tabular-nums text-navy-900 underline decoration-slate-300 underline-offset-2">
                {row.phone}
              </a>
            </>
          )}
        </p>
        <p className="text-sm text-slate-700">
          Dernière visite le {formatCalendarDate(row.visitDate)} · <span className="font-semibold">à revoir le {formatCalendarDate(row.due)}</span>
        </p>
        <p className="text-sm" data-testid="recall-sent">
          {pending ? (
            <span className="text-slate-600">Enregistrement de la relance…</span>
          ) : row.sent ? (
            <span className="inline-flex items-center gap-1 font-medium text-emerald-800">
              <Check aria-hidden className="h-4 w-4" />
              Relancé le {formatDateTime(row.sent.at)}
              {row.sent.by ? ` par ${row.sent.by}` : ""}
              {row.sent.channel ? ` (${RECALL_CHANNEL_LABELS[row.sent.channel]})` : ""}
            </span>
          ) : (
            <span className="text-slate-600">{done ? "Relance notée." : "Pas encore relancé."}</span>
          )}
        </p>
        {row.demo && <p className="text-sm font-medium text-amber-900">Rendez-vous de démonstration : aucun message n'est proposé.</p>}
      </div>

      {!row.demo && (
        <div className="flex flex-wrap gap-2 border-t border-slate-100 px-4 py-3">
          {row.whatsapp && (
            <a href={row.whatsapp} target="_blank" rel="noopener noreferrer" onClick={() => mark("whatsapp")} className={`${BIG} bg-emerald-700 text-white hover:bg-emerald-800`} aria-label={`Proposer un rendez-vous à ${row.name} sur WhatsApp`}>
              <MessageCircle aria-hidden className="h-5 w-5" />
              WhatsApp
            </a>
          )}
          {row.sms && (
            <a href={row.sms} onClick={() => mark("sms")} className={`${BIG} bg-sky-700 text-white hover:bg-sky-800`} aria-label={`Proposer un rendez-vous à ${row.name} par SMS`}>
              <MessageSquareText aria-hidden className="h-5 w-5" />
              SMS
            </a>
          )}
          {row.phone && (
            <a href={telHref(row.phone)} className={`${BIG} bg-white text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50`} aria-label={`Appeler ${row.name}`}>
              <Phone aria-hidden className="h-5 w-5 text-teal-600" />
              Appeler
            </a>
          )}
        </div>
      )}

      {canMark && (
        <fetcher.Form method="post" action={RECALL_PATH} className="flex flex-wrap items-center gap-2 border-t border-slate-100 bg-slate-50/60 px-4 py-3">
          <input type="hidden" name="intent" value="recall-sent" />
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
          {hydrated && <input type="hidden" name="js" value="1" />}
          <label htmlFor={`${uid}-channel`} className="text-sm font-medium text-slate-700">
            Relance faite par
          </label>
          <select id={`${uid}-channel`} name="channel" defaultValue="appel" className="field-input min-h-11 w-auto min-w-0 flex-1 py-2 sm:flex-none">
            {(["appel", "whatsapp", "sms"] as const).map((c) => (
              <option key={c} value={c}>
                {RECALL_CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
          <button type="submit" disabled={busy} className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
            {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Check aria-hidden className="h-4 w-4" />}
            Noter la relance<span className="sr-only"> de {row.name}</span>
          </button>
        </fetcher.Form>
      )}
    </article>
  );
}
