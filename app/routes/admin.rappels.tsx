import { BellRing, CalendarCheck2, ChevronLeft, ChevronRight, Loader2 } from "~/components/admin/icons";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/admin.rappels";
import { lateReminders } from "~/.server/instalment-reminders";
import { LateInstalments } from "~/components/admin/reminders/LateInstalments";
import { getClinic } from "~/.server/clinic";
import { publicOrigin } from "~/.server/config";
import { getDb } from "~/.server/db";
import { reminderAction } from "~/.server/reminder-actions";
import { reminderLinksOf } from "~/.server/reminder-links";
import { loadTemplates } from "~/.server/repos/message-templates";
import { listRemindersToSend } from "~/.server/repos/reminder-list";
import { getStaff } from "~/.server/staff-guard";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { formatDayLong } from "~/lib/front-desk-contact";
import { ReminderRow } from "~/components/admin/reminders/ReminderRow";
import { TemplatePairs } from "~/components/admin/reminders/TemplatePairs";
import { reminderDateAr } from "~/lib/reminder-template-ar";
import { OfferTemplates } from "~/components/admin/reminders/OfferTemplates";
import { useCan } from "~/components/admin/permissions";
import type { ExampleValues, ReminderRowView, TemplateResult } from "~/lib/reminder-view";
import { OFFER_TEMPLATE_KEYS, PLACEHOLDERS, reminderDate, REMINDER_TEMPLATE_KEYS } from "~/lib/reminder-template";
import { isValidYmd } from "~/lib/rules";
import { addDaysYmd } from "~/lib/schedule";
import { clinicNow } from "~/lib/clinic-time";

const PATH = "/admin/rappels";
/** The example link of the preview: the shape of a real one, opening nothing. */
const EXAMPLE_TOKEN = "Exemple-de-lien-personnel_ne-pas-utiliser00";

export const meta: Route.MetaFunction = () => [{ title: "Rappels à envoyer | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * 'Rappels à envoyer' (docs/product.md, "Reminders"): ?jour=YYYY-MM-DD, tomorrow (clinic time)
 * by default. The day's requested and confirmed appointments whose patient was not reminded yet
 * or has not confirmed through the personal link, with their WhatsApp and SMS links; below, the
 * two templates with their preview.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const db = getDb();
  const now = clinicNow();
  const tomorrow = addDaysYmd(now.date, 1);
  const jour = url.searchParams.get("jour") ?? "";
  const day = isValidYmd(jour) ? jour : tomorrow;
  const clinic = await getClinic(db);
  const [appointments, templates, templatesAr, late] = await Promise.all([
    listRemindersToSend(db, day),
    loadTemplates(db, clinic),
    loadTemplates(db, clinic, "ar"),
    lateReminders(db, clinic, now.date),
  ]);
  const links = await reminderLinksOf(db, appointments, now.date);
  const rows: ReminderRowView[] = appointments.map((a) => ({
    id: Number(a.id),
    name: a.name,
    service: a.service,
    phone: a.phone,
    date: a.date,
    time: a.time,
    status: a.status,
    links: links.get(Number(a.id))!,
  }));
  const example: ExampleValues = { prénom: "Amina", date: reminderDate(day), heure: "10:30", lien: `${publicOrigin()}/rdv/${EXAMPLE_TOKEN}` };
  const offerExample: ExampleValues = { ...example, lien: `${publicOrigin()}/offre/${EXAMPLE_TOKEN}` };
  // the Arabic templates (keys "ar:…"), beside the French ones, on an example in Arabic
  const exampleAr: ExampleValues = { prénom: "أمينة", date: reminderDateAr(day), heure: "10:30", lien: `${publicOrigin()}/ar/rdv/${EXAMPLE_TOKEN}` };
  const offerExampleAr: ExampleValues = { ...exampleAr, lien: `${publicOrigin()}/ar/offre/${EXAMPLE_TOKEN}` };
  const ar = (t: (typeof templatesAr)[keyof typeof templatesAr]) => ({ ...t, language: "ar" as const });
  return {
    day,
    today: now.date,
    tomorrow,
    rows,
    templates: REMINDER_TEMPLATE_KEYS.map((k) => templates[k]),
    templatesAr: REMINDER_TEMPLATE_KEYS.map((k) => ar(templatesAr[k])),
    offerTemplates: OFFER_TEMPLATE_KEYS.map((k) => templates[k]),
    offerTemplatesAr: OFFER_TEMPLATE_KEYS.map((k) => ar(templatesAr[k])),
    example,
    exampleAr,
    offerExample,
    offerExampleAr,
    late,
  };
}

/** The intents "reminded" and "template": app/.server/reminder-actions.ts. */
export async function action({ request, context }: Route.ActionArgs) {
  return reminderAction(request, getStaff(context));
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const NAV_BTN =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg bg-white px-3 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50";

export default function AdminReminders({ loaderData, actionData }: Route.ComponentProps) {
  const { day, today, tomorrow, rows, templates, example } = loaderData;
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  const templateAnswer = actionData && "intent" in actionData && actionData.intent === "template" ? (actionData as TemplateResult) : undefined;
  const when = day === tomorrow ? "demain" : day === today ? "aujourd'hui" : null;
  // the templates' editor only with `template:update` (else they are shown as sent); marking a reminder needs `reminder:send`
  const canEditTemplates = useCan("template:update");
  const canMark = useCan("reminder:send");

  return (
    <div className="space-y-8">
      <section aria-labelledby="reminders-title" className="space-y-4">
        <div>
          <h1 id="reminders-title" className="flex flex-wrap items-center gap-3 text-3xl font-bold md:text-4xl">
            Rappels à envoyer
            <span className="inline-flex min-w-9 items-center justify-center rounded-full bg-teal-600 px-2.5 py-0.5 font-sans text-lg font-semibold tabular-nums text-white">
              <span className="sr-only">(</span>
              {rows.length}
              <span className="sr-only">)</span>
            </span>
          </h1>
          <p className="mt-1 text-base font-medium text-slate-700">{capitalise(`${when ? `${when}, ` : ""}${formatDayLong(day, { year: true })}`)}</p>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">
            Les patients de ce jour qui n'ont pas encore été rappelés, ou qui n'ont pas confirmé leur présence par leur lien personnel. Touchez WhatsApp ou SMS : le
            message s'ouvre déjà écrit, avec le lien du patient{canMark ? ", et le rappel est noté. Pour un appel, notez-le avec « Marquer comme envoyé »." : "."}
          </p>
        </div>

        <div className="flex flex-wrap items-center gap-2">
          <Link to={`${PATH}?jour=${addDaysYmd(day, -1)}`} className={NAV_BTN} aria-label="Jour précédent">
            <ChevronLeft aria-hidden className="h-5 w-5" />
          </Link>
          <Link to={PATH} className={NAV_BTN} aria-current={day === tomorrow ? "page" : undefined}>
            Demain
          </Link>
          <Link to={`${PATH}?jour=${addDaysYmd(day, 1)}`} className={NAV_BTN} aria-label="Jour suivant">
            <ChevronRight aria-hidden className="h-5 w-5" />
          </Link>
          <Form method="get" action={PATH} className="flex w-full min-w-0 items-center gap-2 sm:ml-auto sm:w-auto">
            <label htmlFor="rappels-jour" className="text-sm font-medium text-slate-700">
              Jour
            </label>
            <input
              id="rappels-jour"
              type="date"
              name="jour"
              defaultValue={day}
              key={day}
              onChange={(e) => {
                if (/^\d{4}-\d{2}-\d{2}$/.test(e.currentTarget.value)) void submit(e.currentTarget.form);
              }}
              className="field-input min-h-11 w-full min-w-0 flex-1 px-2 py-2 sm:w-auto sm:flex-none sm:px-3"
            />
            <noscript>
              <button type="submit" className={NAV_BTN}>
                Afficher
              </button>
            </noscript>
          </Form>
        </div>

        {loading && (
          <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-teal-700">
            <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
            Chargement des rappels…
          </p>
        )}

        <div className={`transition-opacity ${loading ? "opacity-60" : ""}`}>
          {rows.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
              <CalendarCheck2 aria-hidden className="mx-auto h-9 w-9 text-teal-600" />
              <p className="mt-3 font-medium text-slate-800">Aucun rappel à envoyer pour ce jour.</p>
              <p className="mt-1 text-sm text-slate-600">Chaque patient a été rappelé et a confirmé sa présence, ou aucun rendez-vous n'attend ce jour-là.</p>
            </div>
          ) : (
            <ol className="grid grid-cols-1 gap-3 xl:grid-cols-2" aria-label="Patients à rappeler">
              {rows.map((row) => (
                <li key={row.id} className="min-w-0">
                  <ReminderRow row={row} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </section>

      <LateInstalments rows={loaderData.late} />

      <section aria-labelledby="templates-title" className="space-y-4">
        <div>
          <h2 id="templates-title" className="flex items-center gap-2 font-sans text-xl font-semibold text-navy-900 sm:text-2xl">
            <BellRing aria-hidden className="h-5 w-5 text-teal-600" />
            Modèles des messages
          </h2>
          {canEditTemplates ? (
            <>
              <p className="mt-1 max-w-3xl text-sm text-slate-600">
                Le texte que WhatsApp et les SMS proposent pour chaque patient. Les repères entre accolades sont remplacés par ceux du rendez-vous :
              </p>
              <dl className="mt-2 grid max-w-3xl gap-x-3 gap-y-1 text-sm text-slate-700 sm:grid-cols-[auto_minmax(0,1fr)]">
                {PLACEHOLDERS.map((p) => (
                  <div key={p.name} className="contents">
                    <dt className="font-mono font-semibold text-navy-900">{`{${p.name}}`}</dt>
                    <dd className="mb-1 sm:mb-0">{p.description}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : (
            <p className="mt-1 max-w-3xl text-sm text-slate-600">Le texte que WhatsApp et les SMS proposent pour chaque patient, ici sur un exemple de rendez-vous.</p>
          )}
        </div>
        <TemplatePairs fr={templates} ar={loaderData.templatesAr} example={example} exampleAr={loaderData.exampleAr} canEdit={canEditTemplates} actionData={templateAnswer} />
        <OfferTemplates
          templates={loaderData.offerTemplates}
          templatesAr={loaderData.offerTemplatesAr}
          example={loaderData.offerExample}
          exampleAr={loaderData.offerExampleAr}
          canEdit={canEditTemplates}
          actionData={templateAnswer}
        />
      </section>
    </div>
  );
}

/** The screen could not be read: said in French, with 'Réessayer'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path={PATH}
      title="Impossible de charger les rappels."
      text="La liste des rappels n'a pas pu être lue. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
