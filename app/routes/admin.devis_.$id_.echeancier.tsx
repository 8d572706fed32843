import { ArrowLeft } from "~/components/admin/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.devis_.$id_.echeancier";
import { staffActor } from "~/.server/actor";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { planOf, savePlan } from "~/.server/repos/plans";
import { quoteDetail } from "~/.server/repos/quotes";
import { getStaff } from "~/.server/staff-guard";
import { redirectWithToast } from "~/.server/toast";
import { PlanEditor, PlanTable } from "~/components/admin/plans/PlanEditor";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { todayInClinic } from "~/lib/clinic-time";
import { centimesToInput, formatDA } from "~/lib/money";
import { PLAN_MESSAGES, readPlanRows, type PlanRow } from "~/lib/plan-schema";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `Échéancier du devis n° ${d?.number ?? ""} | Espace de Travail` }, { name: "robots", content: "noindex, nofollow" }];

/** The payment plan of an accepted quote (docs/product.md, "Staff: payment plans"), `quote:manage`. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const d = id === null ? undefined : await quoteDetail(db, id);
  if (!d || id === null) throw data({ message: "Devis introuvable." }, { status: 404 });
  const today = todayInClinic();
  const plan = await planOf(db, id, today);
  return { id, number: d.quote.number, status: d.quote.status, total: d.quote.total, option: d.quote.accepted_option, patient: d.patient, plan, today };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const id = parseId(params.id);
  if (id === null) throw data({ message: "Devis introuvable." }, { status: 404 });
  const form = await readForm(request);
  if (intentOf(form) !== "save") return data({ error: "Action inconnue." as string }, { status: 400 });
  const d = await quoteDetail(getDb(), id);
  if (!d) throw data({ message: "Devis introuvable." }, { status: 404 });
  let rows: PlanRow[];
  try {
    rows = JSON.parse(String(form.get("rows") ?? "[]")) as PlanRow[];
    if (!Array.isArray(rows) || rows.length > 61) throw new Error("rows");
  } catch {
    return data({ error: PLAN_MESSAGES.empty as string }, { status: 400 });
  }
  const read = readPlanRows(rows, d.quote.total, formatDA);
  if ("error" in read) return data({ error: read.error }, { status: 400 });
  return guarded(
    "plans",
    "save",
    async () => {
      const r = await savePlan(getDb(), id, read.lines, staffActor(staff));
      if (!r.ok) return data({ error: r.reason === "not_accepted" ? PLAN_MESSAGES.notAccepted : r.reason === "empty" ? PLAN_MESSAGES.empty : "Les échéances ne font pas le total du devis." }, { status: 409 });
      return redirectWithToast(request, `/admin/devis/${id}/echeancier`, { type: "success", description: "Échéancier enregistré." });
    },
    () => data({ error: "La base de données n'a pas répondu : rien n'a été enregistré." as string }, { status: 503 }),
  );
}

export default function PlanScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { id, number, status, total, option, patient, plan, today } = loaderData;
  const initial = plan ? plan.instalments.map((i) => ({ dueDay: i.dueDay, amount: centimesToInput(i.amount) })) : [];
  return (
    <div className="space-y-6">
      <Link to={`/admin/devis/${id}`} className="btn-ghost">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Devis n° {number}
      </Link>
      <div>
        <h1 className="text-3xl font-bold">Échéancier</h1>
        <p className="mt-1 text-slate-600">
          Devis n° {number}
          {option ? ` (${option})` : ""} — {formatDA(total)}
          {patient && (
            <>
              {" — "}
              <Link to={`/admin/patients/${patient.id}`} className="font-semibold text-teal-800 underline">
                {patient.name}
              </Link>
            </>
          )}
        </p>
      </div>
      {status !== "accepted" ? (
        <p className="rounded-2xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-600/30">{PLAN_MESSAGES.notAccepted}</p>
      ) : (
        <>
          {plan && (
            <section aria-labelledby="plan-now" className="space-y-2">
              <h2 id="plan-now" className="font-sans text-lg font-semibold text-navy-900">
                Où en est le paiement
              </h2>
              <p className="text-sm text-slate-600">
                Payé sur ce devis : {formatDA(plan.paid)} sur {formatDA(plan.total)}. Les paiements s'imputent sur l'échéance la plus ancienne. Pour encaisser, ouvrez le dossier du patient.
              </p>
              <PlanTable instalments={plan.instalments} />
            </section>
          )}
          <PlanEditor total={total} initial={initial} today={today} error={actionData?.error} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path={`/admin/devis/${params.id ?? ""}/echeancier`} title="Impossible d'afficher cet échéancier." text="Le devis n'existe pas ou n'a pas pu être lu." />;
}
