import { FilePlus2, Search } from "~/components/admin/icons";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin.devis";
import { intentOf, readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { createForPatient } from "~/.server/quote-actions";
import { getPatientRecord } from "~/.server/repos/patient-record";
import { listQuotes } from "~/.server/repos/quotes";
import { getStaff } from "~/.server/staff-guard";
import { useCan } from "~/components/admin/permissions";
import { QuoteStatusBadge } from "~/components/admin/quotes/QuoteStatusBadge";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { Alert } from "~/components/ui/Alert";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";
import { isQuoteStatus, QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "~/lib/quote-schema";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = () => [{ title: "Devis | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/** How long a proposed quote has waited: 'depuis 3 jours', 'depuis aujourd'hui'. */
function waited(iso: string | null): string {
  if (!iso) return "";
  const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000);
  return days <= 0 ? "depuis aujourd'hui" : days === 1 ? "depuis 1 jour" : `depuis ${days} jours`;
}

/**
 * The quotes (docs/product.md, "Staff: quotes"), `quote:manage`: newest first, by status and by
 * patient; `?patient=<id>` offers 'Créer le devis' for that patient (the record's 'Nouveau devis').
 */
export async function loader({ url }: Route.LoaderArgs) {
    const status = url.searchParams.get("statut");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 80);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const patientId = parseId(url.searchParams.get("patient"));
  const db = getDb();
  const [list, record] = await Promise.all([
    listQuotes(db, { status: isQuoteStatus(status) ? status : undefined, q: q || undefined, patientId: patientId ?? undefined, limit: 50, offset: (page - 1) * 50 }),
    patientId === null ? undefined : getPatientRecord(db, patientId),
  ]);
  return { ...list, status: isQuoteStatus(status) ? status : null, q, page, patient: record && !record.patient.erasedAt ? { id: record.patient.id, name: record.patient.name } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await readForm(request);
  if (intentOf(form) !== "create") return data({ result: null, message: "Action inconnue." as string }, { status: 400 });
  return createForPatient(request, parseId(form.get("patientId")), staff);
}

export default function QuotesScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, status, q, patient, page } = loaderData;
  const canActs = useCan("act:manage");
  const chip = (value: string | null, label: string) => (
    <Link
      key={label}
      to={value ? `/admin/devis?statut=${value}` : "/admin/devis"}
      aria-current={status === value ? "page" : undefined}
      className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ${status === value ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
    >
      {label}
    </Link>
  );
  return (
    <div className="space-y-6">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold md:text-4xl">Devis</h1>
        <p className="mt-1 text-slate-600">Les devis des patients : un nouveau devis se crée depuis le dossier du patient (« Nouveau devis »).</p>
        {canActs && (
          <Link to="/admin/actes" className="mt-2 inline-block text-sm font-medium text-teal-800 underline underline-offset-2">
            Actes et tarifs
          </Link>
        )}
      </div>
      {patient && (
        <Form method="post" className="flex flex-wrap items-center gap-3 rounded-2xl bg-teal-50 p-4 ring-1 ring-teal-600/30">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="patientId" value={patient.id} />
          <p className="grow text-navy-900">
            Nouveau devis pour <strong>{patient.name}</strong>
          </p>
          <button type="submit" className="btn-primary">
            <FilePlus2 aria-hidden className="h-4 w-4" />
            Créer le devis
          </button>
        </Form>
      )}
      {actionData?.message && <Alert tone="error">{actionData.message}</Alert>}
      <nav aria-label="Filtrer par statut" className="flex flex-wrap gap-2">
        {chip(null, "Tous")}
        {QUOTE_STATUSES.map((s) => chip(s, s === "proposed" ? "En attente de réponse" : QUOTE_STATUS_LABELS[s]))}
      </nav>
      <Form method="get" role="search" className="flex max-w-xl gap-2">
        {status && <input type="hidden" name="statut" value={status} />}
        <label htmlFor="quote-search" className="sr-only">
          Chercher un devis
        </label>
        <input id="quote-search" name="q" defaultValue={q} className="field-input" placeholder="Patient, téléphone ou n° de devis" />
        <button type="submit" className="btn-outline">
          <Search aria-hidden className="h-4 w-4" />
          Chercher
        </button>
      </Form>
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200">Aucun devis.</p>
      ) : (
        <ul aria-label="Devis" className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {rows.map((r) => (
            <li key={r.id}>
              <Link to={`/admin/devis/${r.id}`} className="grid min-h-11 grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 hover:bg-slate-50 sm:grid-cols-[8rem_minmax(0,1fr)_8rem_9rem]">
                <span className="font-semibold tabular-nums text-navy-900">n° {r.number}</span>
                <span className="min-w-0 truncate text-slate-800 sm:order-none">
                  {r.patientName ?? "—"}
                  {r.title && <span className="text-slate-500"> · {r.title}</span>}
                </span>
                <span className="text-right font-semibold tabular-nums text-navy-900 sm:text-left">{formatDA(r.total)}</span>
                <span className="flex flex-wrap items-center gap-2 sm:justify-end">
                  <QuoteStatusBadge status={r.status} />
                  <span className="text-xs text-slate-500">{r.status === "proposed" ? waited(r.proposedAt) : formatCalendarDate(r.createdAt.slice(0, 10))}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600">
        {total} devis{total > 50 ? ` · page ${page}` : ""}
        {total > page * 50 && (
          <>
            {" · "}
            <Link className="underline" to={`/admin/devis?${new URLSearchParams({ ...(status ? { statut: status } : {}), ...(q ? { q } : {}), page: String(page + 1) })}`}>
              Page suivante
            </Link>
          </>
        )}
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path="/admin/devis" title="Impossible d'afficher les devis." text="La liste n'a pas pu être lue. Vérifiez la connexion puis réessayez." />;
}
