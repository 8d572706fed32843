import { CalendarCheck2, Stethoscope } from "~/components/admin/icons";
import type { Route } from "./+types/admin.suivis";
import { getClinic } from "~/.server/clinic";
import { publicOrigin } from "~/.server/config";
import { getDb } from "~/.server/db";
import { recallAction } from "~/.server/recall-actions";
import { recallRowView } from "~/.server/recall-links";
import { loadIntervals, listDueRecalls } from "~/.server/repos/recalls";
import { loadRecallTemplates } from "~/.server/repos/recall-templates";
import { getStaff } from "~/.server/staff-guard";
import { useCan } from "~/components/admin/permissions";
import { RecallIntervalsForm } from "~/components/admin/recalls/RecallIntervalsForm";
import { RecallRow } from "~/components/admin/recalls/RecallRow";
import { RecallTemplatePairs } from "~/components/admin/recalls/RecallTemplateEditor";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { clinicNow } from "~/lib/clinic-time";
import { bookingPath, RECALL_PATH, RECALL_PLACEHOLDERS, RECALL_TEMPLATE_KEYS, splitRecalls, type RecallRowView, type RecallValues } from "~/lib/recall";
import { bookingPathIn } from "~/lib/recall-ar";
import { serviceIn } from "~/lib/services-ar";

export const meta: Route.MetaFunction = () => [{ title: "Suivis à proposer | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * 'Suivis à proposer' (docs/product.md, "Staff: recalls"; issue 31, item 2): the patients due for
 * a check-up or a maintenance visit, late ones first, then this month's, each with its one-tap
 * WhatsApp and SMS messages; below, the intervals per service and the two templates.
 */
export async function loader() {
  const db = getDb();
  const today = clinicNow().date;
  const clinic = await getClinic(db);
  const [due, templates, templatesAr, intervals] = await Promise.all([listDueRecalls(db, today), loadRecallTemplates(db, clinic), loadRecallTemplates(db, clinic, "ar"), loadIntervals(db)]);
  // a patient whose record is in Arabic gets the Arabic twin of each template (issue 32)
  const rows = due.map((r) => recallRowView(r, { fr: templates, ar: templatesAr }));
  const { late, month } = splitRecalls(rows, today);
  const origin = publicOrigin();
  const example: RecallValues = { prénom: "Amina", soin: "Blanchiment des dents", lien: `${origin}${bookingPath("Blanchiment des dents")}`, stop: `${origin}/rappel/Exemple-de-lien-personnel_ne-pas-utiliser00` };
  const exampleAr: RecallValues = { prénom: "أمينة", soin: serviceIn("ar", "Blanchiment des dents"), lien: `${origin}${bookingPathIn("ar", "Blanchiment des dents")}`, stop: `${origin}/ar/rappel/Exemple-de-lien-personnel_ne-pas-utiliser00` };
  return {
    today,
    late,
    month,
    intervals,
    templates: RECALL_TEMPLATE_KEYS.map((k) => ({ key: k, body: templates[k].body })),
    templatesAr: RECALL_TEMPLATE_KEYS.map((k) => ({ key: k, body: templatesAr[k].body })),
    example,
    exampleAr,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return recallAction(request, getStaff(context));
}

function Part({ id, title, text, rows }: { id: string; title: string; text: string; rows: RecallRowView[] }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="flex items-center gap-2 font-sans text-xl font-semibold text-navy-900 sm:text-2xl">
        {title}
        <span className="inline-flex min-w-8 items-center justify-center rounded-full bg-slate-200 px-2 text-base tabular-nums text-navy-900">
          <span className="sr-only">(</span>
          {rows.length}
          <span className="sr-only">)</span>
        </span>
      </h2>
      <p className="text-sm text-slate-600">{text}</p>
      {rows.length > 0 && (
        <ol className="grid grid-cols-1 gap-3 xl:grid-cols-2" aria-label={title}>
          {rows.map((row) => (
            <li key={row.id} className="min-w-0">
              <RecallRow row={row} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function AdminRecalls({ loaderData }: Route.ComponentProps) {
  const { late, month, intervals, templates, templatesAr, example, exampleAr } = loaderData;
  const canEditIntervals = useCan("schedule:update");
  const canEditTemplates = useCan("template:update");
  const total = late.length + month.length;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="flex flex-wrap items-center gap-3 text-3xl font-bold md:text-4xl">
          Suivis à proposer
          <span className="inline-flex min-w-9 items-center justify-center rounded-full bg-teal-600 px-2.5 py-0.5 font-sans text-lg font-semibold tabular-nums text-white">
            <span className="sr-only">(</span>
            {total}
            <span className="sr-only">)</span>
          </span>
        </h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-600">
          Les patients à revoir pour un contrôle ou un entretien, d'après leur dernière visite « Honoré » et l'intervalle du soin. Touchez WhatsApp ou SMS : le message s'ouvre déjà
          écrit, avec le lien de prise de rendez-vous et le lien « Ne plus me rappeler », et la relance est notée. Un patient qui a déjà un rendez-vous de ce soin n'apparaît pas.
        </p>
      </div>
      {total === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <CalendarCheck2 aria-hidden className="mx-auto h-9 w-9 text-teal-600" />
          <p className="mt-3 font-medium text-slate-800">Aucun suivi à proposer ce mois-ci.</p>
        </div>
      ) : (
        <>
          <Part id="suivis-retard" title="En retard" text="À revoir avant ce mois-ci : à proposer en priorité." rows={late} />
          <Part id="suivis-mois" title="Ce mois-ci" text="À revoir pendant ce mois." rows={month} />
        </>
      )}

      <RecallIntervalsForm intervals={intervals} canEdit={canEditIntervals} />

      <section aria-labelledby="recall-templates-title" className="space-y-4">
        <h2 id="recall-templates-title" className="flex items-center gap-2 font-sans text-xl font-semibold text-navy-900 sm:text-2xl">
          <Stethoscope aria-hidden className="h-5 w-5 text-teal-600" />
          Modèles des messages de suivi
        </h2>
        <dl className="grid max-w-3xl gap-x-3 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_minmax(0,1fr)]">
          {RECALL_PLACEHOLDERS.map((p) => (
            <div key={p.name} className="contents">
              <dt className="font-mono font-semibold text-navy-900">{`{${p.name}}`}</dt>
              <dd className="mb-1 sm:mb-0">{p.description}</dd>
            </div>
          ))}
        </dl>
        <RecallTemplatePairs fr={templates} ar={templatesAr} example={example} exampleAr={exampleAr} canEdit={canEditTemplates} />
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path={RECALL_PATH}
      title="Impossible de charger les suivis."
      text="La liste des suivis n'a pas pu être lue. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
