/**
 * The side of a proposed or answered quote (docs/product.md, "Staff: quotes"): its status, the
 * patient's answer, sending it (e-mail with the PDF, one-tap WhatsApp and SMS with the link),
 * printing it, a new version, and its history with who and when.
 */
import { CopyPlus, FileDown, Mail, MessageCircle, MessageSquare, Printer } from "~/components/admin/icons";
import { Form, Link } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatDateTime } from "~/lib/format";
import { QUOTE_STATUS_LABELS, type QuoteStatusValue } from "~/lib/quote-schema";
import { QuoteStatusBadge } from "./QuoteStatusBadge";

export interface QuoteSide {
  id: number;
  status: QuoteStatusValue;
  link: string | null;
  whatsapp: string | null;
  sms: string | null;
  hasEmail: boolean;
  patientId: number | null;
  accepted: { option: string | null; name: string | null; at: string | null } | null;
  refusal: string | null;
  events: { at: string; action: string; to: string | null; who: string; detail: string | null }[];
}

const ACTION_LABELS: Record<string, string> = {
  created: "Créé",
  new_version: "Créé (nouvelle version)",
  edited: "Modifié",
  proposed: "Proposé au patient",
  accepted: "Accepté par le patient",
  refused: "Refusé par le patient",
  expired: "Expiré",
};

export function QuoteSidePanel({ q }: { q: QuoteSide }) {
  const hydrated = useHydrated();
  return (
    <div className="space-y-4 print:hidden">
      <section aria-labelledby="quote-state" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="quote-state" className="flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
          Statut <QuoteStatusBadge status={q.status} />
        </h2>
        {q.accepted && (
          <p className="mt-2 text-sm text-slate-700">
            Accepté le {q.accepted.at ? formatDateTime(q.accepted.at) : "—"} par « {q.accepted.name} »{q.accepted.option ? ` : ${q.accepted.option}` : ""}.
          </p>
        )}
        {q.status === "refused" && <p className="mt-2 text-sm text-slate-700">Refusé{q.refusal ? ` : « ${q.refusal} »` : ""}.</p>}
        <div className="mt-3 flex flex-wrap gap-2">
          {hydrated && (
            <button type="button" className="btn-outline" onClick={() => window.print()}>
              <Printer aria-hidden className="h-4 w-4" />
              Imprimer
            </button>
          )}
          <a href={`/admin/devis/${q.id}/pdf`} className="btn-outline" download>
            <FileDown aria-hidden className="h-4 w-4" />
            Télécharger le PDF
          </a>
        </div>
      </section>
      {q.status === "proposed" && q.link && (
        <section aria-labelledby="quote-send" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h2 id="quote-send" className="font-sans text-base font-semibold text-navy-900">
            Envoyer au patient
          </h2>
          <p className="mt-1 break-all text-xs text-slate-500">{q.link}</p>
          <div className="mt-3 grid gap-2">
            {q.whatsapp && (
              <a href={q.whatsapp} target="_blank" rel="noreferrer" className="btn bg-emerald-700 text-white hover:bg-emerald-800">
                <MessageCircle aria-hidden className="h-4 w-4" />
                WhatsApp
              </a>
            )}
            {q.sms && (
              <a href={q.sms} className="btn-outline">
                <MessageSquare aria-hidden className="h-4 w-4" />
                SMS
              </a>
            )}
            {q.hasEmail && (
              <Form method="post">
                <input type="hidden" name="intent" value="send" />
                <button type="submit" className="btn-outline w-full">
                  <Mail aria-hidden className="h-4 w-4" />
                  Envoyer par e-mail (PDF joint)
                </button>
              </Form>
            )}
          </div>
        </section>
      )}
      {q.status === "accepted" && (
        <Link to={`/admin/devis/${q.id}/echeancier`} className="btn-primary">
          Échéancier
        </Link>
      )}
      {q.status !== "draft" && (
        <Form method="post">
          <input type="hidden" name="intent" value="version" />
          <button type="submit" className="btn-ghost">
            <CopyPlus aria-hidden className="h-4 w-4" />
            Nouvelle version
          </button>
        </Form>
      )}
      {q.patientId !== null && (
        <Link to={`/admin/patients/${q.patientId}`} className="btn-ghost">
          Dossier du patient
        </Link>
      )}
      <section aria-labelledby="quote-history" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="quote-history" className="font-sans text-base font-semibold text-navy-900">
          Historique
        </h2>
        <ol className="mt-2 space-y-2 text-sm">
          {q.events.map((e, i) => (
            <li key={i}>
              <span className="font-medium text-navy-900">{ACTION_LABELS[e.action] ?? (e.to ? QUOTE_STATUS_LABELS[e.to as QuoteStatusValue] : e.action)}</span>
              <span className="block text-xs text-slate-500">
                {formatDateTime(e.at)} · {e.who}
                {e.detail ? ` · ${e.detail}` : ""}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
