import { ArrowLeft } from "~/components/admin/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.devis_.$id";
import { intentOf, readForm } from "~/.server/admin-action";
import { getClinic } from "~/.server/clinic";
import { getDb } from "~/.server/db";
import { quoteLink, saveQuote, sendQuote, versionQuote } from "~/.server/quote-actions";
import { listActs } from "~/.server/repos/acts";
import { quoteDetail } from "~/.server/repos/quotes";
import { smsHref, whatsappHref } from "~/.server/reminder-links";
import { getStaff } from "~/.server/staff-guard";
import { QuoteDocument } from "~/components/admin/quotes/QuoteDocument";
import { QuoteEditor } from "~/components/admin/quotes/QuoteEditor";
import { QuoteSidePanel } from "~/components/admin/quotes/QuoteSidePanel";
import { QuoteStatusBadge } from "~/components/admin/quotes/QuoteStatusBadge";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { Alert } from "~/components/ui/Alert";
import { clinicNow } from "~/lib/clinic-time";
import { centimesToInput, formatDA } from "~/lib/money";
import { quoteGroups } from "~/lib/quote-view";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `Devis n° ${d?.quote.number ?? ""} | Espace de Travail` }, { name: "robots", content: "noindex, nofollow" }];

/**
 * One quote (docs/product.md, "Staff: quotes"), `quote:manage`: the editor while it is a draft;
 * once proposed, the document as printed with its sending, its answer and its history.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const d = id === null ? undefined : await quoteDetail(db, id);
  if (!d) throw data({ message: "Devis introuvable." }, { status: 404 });
  const { quote, lines, patient } = d;
  const { groups, totals } = quoteGroups(lines);
  const link = d.token ? quoteLink(d.token) : null;
  const text = link && patient ? `Bonjour ${patient.name}, voici votre devis n° ${quote.number} (${formatDA(quote.total)}) : vous pouvez le lire et l'accepter ici ${link}` : null;
  const phone = patient?.phoneE164 ?? patient?.phone ?? null;
  return {
    quote,
    patientName: patient?.name ?? "Patient (données effacées)",
    clinic: await getClinic(db),
    acts: quote.status === "draft" ? (await listActs(db, { activeOnly: true })).map((a) => ({ id: a.id, code: a.code, label: a.label, price: a.price })) : [],
    editor: {
      title: quote.title ?? "",
      validUntil: quote.valid_until,
      note: quote.note ?? "",
      discount: quote.discount ? centimesToInput(quote.discount) : "",
      lines: lines.map((l) => ({ actId: l.act_id, label: l.label, teeth: l.teeth ?? "", quantity: String(l.quantity), unitPrice: centimesToInput(l.unit_price), discount: l.discount ? centimesToInput(l.discount) : "", phase: l.phase ?? "", option: l.option ?? "" })),
    },
    groups,
    totals: totals(quote.discount),
    side: {
      id: quote.id,
      status: quote.status,
      link,
      whatsapp: phone && text ? whatsappHref(phone, text) : null,
      sms: phone && text ? smsHref(phone, text) : null,
      hasEmail: Boolean(patient?.email),
      patientId: patient?.id ?? null,
      accepted: quote.status === "accepted" ? { option: quote.accepted_option, name: quote.accepted_name, at: quote.decided_at } : null,
      refusal: quote.refusal_reason,
      events: d.events.map((e) => ({ at: e.at, action: e.action, to: e.to_status, who: e.actor === "patient" ? "Patient" : e.actor === "system" ? "Automatique" : (e.staffEmail ?? "Personnel"), detail: e.detail })),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const id = parseId(params.id);
  if (id === null) throw data({ message: "Devis introuvable." }, { status: 404 });
  const form = await readForm(request);
  switch (intentOf(form)) {
    case "save":
      return saveQuote(request, form, id, staff, false);
    case "propose":
      return saveQuote(request, form, id, staff, true);
    case "version":
      return versionQuote(request, id, staff);
    case "send":
      return sendQuote(request, id, staff);
    default:
      return data({ result: null, message: "Action inconnue." as string }, { status: 400 });
  }
}

export default function QuoteScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { quote, patientName, clinic, acts, editor, groups, totals, side } = loaderData;
  const act = actionData as { result?: unknown; message?: string } | undefined;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to="/admin/devis" className="btn-ghost">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Devis
        </Link>
      </div>
      {act?.message && <Alert tone="error">{act.message}</Alert>}
      {quote.status === "draft" ? (
        <div className="space-y-4">
          <div>
            <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold">
              Devis n° {quote.number} <QuoteStatusBadge status="draft" />
            </h1>
            <p className="mt-1 text-slate-600">
              Pour <Link to={`/admin/patients/${quote.patient_id}`} className="font-semibold text-teal-800 underline">{patientName}</Link>
            </p>
          </div>
          <QuoteEditor acts={acts} initial={editor} lastResult={act?.result as never} />
        </div>
      ) : (
        <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_320px]">
          <QuoteDocument clinic={clinic} number={quote.number} title={quote.title} patientName={patientName} createdDay={clinicNow(new Date(quote.created_at)).date} validUntil={quote.valid_until} note={quote.note} groups={groups} totals={totals} />
          <QuoteSidePanel q={side} />
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path={`/admin/devis/${params.id ?? ""}`} title="Impossible d'afficher ce devis." text="Ce devis n'existe pas ou n'a pas pu être lu. Retrouvez-le dans la liste des devis." />;
}
