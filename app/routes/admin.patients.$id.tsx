import { parseWithZod } from "@conform-to/zod/v4";
import { AlertTriangle, ArrowLeft } from "~/components/admin/icons";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/admin.patients.$id";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { erasedDataInBackupsText } from "~/.server/backup";
import { patientLanguage } from "~/.server/patient-language-action";
import { accountPay } from "~/.server/payment-actions";
import { patientAccount, payableQuotes } from "~/.server/repos/ledger";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { staffActor } from "~/.server/actor";
import { loadContactSettings } from "~/.server/repos/contact-settings";
import { mergePatients, saveNotes, type PatientChange } from "~/.server/repos/patients";
import { erasePatient } from "~/.server/repos/patient-erasure";
import { mergeCandidates } from "~/.server/repos/patient-list";
import { getPatientRecord } from "~/.server/repos/patient-record";
import { casesOfPatient } from "~/.server/repos/gallery";
import { PatientGalleryCases } from "~/components/admin/gallery/PatientGalleryCases";
import type { StaffSession } from "~/.server/session";
import { getStaff } from "~/.server/staff-guard";
import { redirectWithToast } from "~/.server/toast";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { EventList } from "~/components/admin/patients/EventList";
import { MergeForm } from "~/components/admin/patients/MergeForm";
import { NotesForm } from "~/components/admin/patients/NotesForm";
import { PatientAppointments } from "~/components/admin/patients/PatientAppointments";
import { PatientHeader } from "~/components/admin/patients/PatientHeader";
import { PatientSummary } from "~/components/admin/patients/PatientSummary";
import { PatientLedger } from "~/components/admin/patients/PatientLedger";
import { AccountPaymentForm } from "~/components/admin/payments/AccountPaymentForm";
import { PrivacyPanel } from "~/components/admin/patients/PrivacyPanel";
import { PatientRecallPanel } from "~/components/admin/recalls/PatientRecallPanel";
import { useCan } from "~/components/admin/permissions";
import { eraseSchema, mergeSchema, notesSchema, PATIENT_SEARCH_MAX } from "~/lib/patient-schema";
import type { PatientActionResult } from "~/components/admin/patients/types";
import { formatDateTime } from "~/lib/format";
import { formatPhoneDisplay, whatsappDigits } from "~/lib/phone";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Dossier patient n° ${params.id} | Admin Dashboard` },
  { name: "robots", content: "noindex, nofollow" },
];

const SCREEN = "patient";
const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";
const notFound = () => data({ message: "Dossier introuvable." }, { status: 404 });
/**
 * One patient record (docs/product.md, "Staff: patients", "Personal data", "the patient's account"):
 * contacts, appointments, counts, the account and its payments, notes, merge, export, erasure and
 * the record's journal. A merged record sends to the one it went into; `?fusion=` searches others.
 */
export async function loader({ params, request, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  if (id === null) throw notFound();
  const db = getDb();
  const record = await getPatientRecord(db, id);
  if (!record) throw notFound();
  const { patient } = record;
  if (patient.mergedInto !== null) {
    throw await redirectWithToast(request, `/admin/patients/${patient.mergedInto}`, { description: `Le dossier n° ${id} a été fusionné dans celui-ci.` });
  }
  const search = (url.searchParams.get("fusion") ?? "").trim().slice(0, PATIENT_SEARCH_MAX);
  const candidatesOf = patient.erasedAt ? Promise.resolve([]) : mergeCandidates(db, id, search);
  const [candidates, settings, galleryCases, account, payable] = await Promise.all([candidatesOf, loadContactSettings(db), casesOfPatient(db, id), patientAccount(db, id), payableQuotes(db, id)]);
  const display = (e164: string | null, raw: string | null) => (e164 ? formatPhoneDisplay(e164) : raw);
  return {
    ...record,
    patient: {
      ...patient,
      phoneDisplay: display(patient.phoneE164, patient.phone),
      telHref: patient.phoneE164 ? `tel:${patient.phoneE164}` : patient.phone ? `tel:${patient.phone.replace(/[^\d+]/g, "")}` : null,
      whatsappHref: patient.phoneE164 ? `https://wa.me/${whatsappDigits(patient.phoneE164)}` : null,
    },
    candidates: candidates.map((c) => ({ ...c, phoneDisplay: display(c.phoneE164, c.phone) })),
    search,
    retentionMonths: settings.retentionMonths,
    backups: erasedDataInBackupsText(),
    account,
    payable,
    galleryCases,
  };
}

const answer = (body: PatientActionResult, status = 200) => data(body, { status });
/** One action, one switch (docs/architecture.md, "Staff actions"); a success redirects with its toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const id = parseId(params.id);
  if (id === null) throw notFound();
  const form = await readForm(request);
  const intent = intentOf(form);
  if (intent === "language") return patientLanguage(request, form, id, staff);
  switch (intent) {
    case "notes":
      return notes(request, form, id, staff);
    case "merge":
      return merge(request, form, id, staff);
    case "erase":
      return erase(request, form, id, staff);
    case "account-pay":
      return accountPay(request, form, id, staff);
    default:
      return answer({ intent: "unknown", message: "Action inconnue." }, 400);
  }
}

/** The French refusal of a change to a record that is gone, merged or erased meanwhile. */
function refusal(reason: Exclude<PatientChange, { ok: true }>["reason"]): [string, number] {
  if (reason === "not_found") return ["Ce dossier n'existe plus.", 404];
  if (reason === "same") return ["Choisissez un autre dossier que celui-ci.", 400];
  return ["Un des dossiers vient d'être fusionné ou effacé : la page est à jour, recommencez si besoin.", 409];
}

async function notes(request: Request, form: FormData, id: number, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: notesSchema });
  if (submission.status !== "success") return answer({ intent: "notes", result: submission.reply() }, 400);
  return guarded(
    SCREEN,
    "notes",
    async () => {
      const outcome = await saveNotes(getDb(), id, submission.value.notes, staffActor(staff));
      if (!outcome.ok) {
        const [message, status] = refusal(outcome.reason);
        return answer({ intent: "notes", result: submission.reply({ formErrors: [message] }) }, status);
      }
      log.info({ event: "patient_notes_saved", patientId: id, userId: staff.userId }, "patient notes saved");
      return redirectWithToast(request, `/admin/patients/${id}`, { type: "success", description: "Notes enregistrées." });
    },
    () => answer({ intent: "notes", result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

async function merge(request: Request, form: FormData, id: number, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: mergeSchema });
  if (submission.status !== "success") return answer({ intent: "merge", result: submission.reply() }, 400);
  const other = submission.value.other;
  return guarded(
    SCREEN,
    "merge",
    async () => {
      const outcome = await mergePatients(getDb(), id, other, staffActor(staff));
      if (!outcome.ok) {
        const [message, status] = refusal(outcome.reason);
        return answer(
          { intent: "merge", result: submission.reply(outcome.reason === "same" ? { fieldErrors: { other: [message] } } : { formErrors: [message] }) },
          status,
        );
      }
      log.info({ event: "patient_merged", patientId: id, mergedId: other, moved: outcome.moved, userId: staff.userId }, "patient records merged");
      const moved = outcome.moved === 0 ? "aucun rendez-vous à déplacer" : `${outcome.moved} rendez-vous ajouté${outcome.moved > 1 ? "s" : ""}`;
      return redirectWithToast(request, `/admin/patients/${id}`, {
        type: "success",
        description: `Dossier n° ${other} fusionné dans celui-ci : ${moved}.`,
        duration: 6000,
      });
    },
    () => answer({ intent: "merge", result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

async function erase(request: Request, form: FormData, id: number, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: eraseSchema });
  if (submission.status !== "success") return answer({ intent: "erase", result: submission.reply() }, 400);
  return guarded(
    SCREEN,
    "erase",
    async () => {
      const outcome = await erasePatient(getDb(), id, staffActor(staff));
      if (!outcome.ok) {
        const [message, status] = refusal(outcome.reason);
        return answer({ intent: "erase", result: submission.reply({ formErrors: [message] }) }, status);
      }
      log.info({ event: "patient_erased", patientId: id, appointments: outcome.appointments, userId: staff.userId }, "patient data erased");
      const n = outcome.appointments;
      return redirectWithToast(request, "/admin/patients", {
        type: "success",
        description: `Données personnelles du dossier n° ${id} effacées${n > 0 ? ` ; ${n} rendez-vous anonymisé${n > 1 ? "s" : ""} (date, soin et montants conservés)` : ""}.`,
        duration: 8000,
      });
    },
    () => answer({ intent: "erase", result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

export default function PatientRecordScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { patient, appointments, counts, totals, events, merged, candidates, search, retentionMonths, backups, galleryCases, account, payable, recalls } = loaderData;
  const act = actionData as PatientActionResult | undefined;
  const erasedBy = events.find((e) => e.action === "erased");
  // what the role may not do is not shown (the staff guard refuses it anyway): the merge here,
  // the export and the erasure in PrivacyPanel, the notes' editor in NotesForm
  const canMerge = useCan("patient:merge");
  const canPay = useCan("payment:take") && !patient.erasedAt;
  return (
    <div className="space-y-6">
      <PatientHeader patient={patient} merged={merged} />
      {patient.erasedAt && (
        <div role="status" className="flex items-start gap-3 rounded-2xl border border-slate-300 bg-white p-5 text-sm text-slate-700">
          <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
          <p>
            Les données personnelles de ce dossier ont été effacées le {formatDateTime(patient.erasedAt)}
            {erasedBy ? ` par ${erasedBy.actor}` : ""}. Ses rendez-vous restent dans l'agenda, sans identité, pour la comptabilité.
          </p>
        </div>
      )}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <div className="min-w-0 space-y-6">
          <PatientSummary counts={counts} totals={totals} />
          <PatientLedger patientId={patient.id} account={account} />
          <PatientAppointments appointments={appointments} />
          <PatientGalleryCases cases={galleryCases} />
        </div>
        <div className="min-w-0 space-y-6">
          {canPay && <AccountPaymentForm quotes={payable} balance={account.balance} lastResult={act?.intent === "account-pay" ? act.result : undefined} />}
          {!patient.erasedAt && <NotesForm notes={patient.notes} version={patient.updatedAt} actionData={act} />}
          {!patient.erasedAt && (
            <PrivacyPanel patientId={patient.id} retentionMonths={retentionMonths} backups={backups} upcoming={counts.upcoming} actionData={act} />
          )}
          {!patient.erasedAt && <PatientRecallPanel patientId={patient.id} recalls={recalls} />}
          {!patient.erasedAt && canMerge && <MergeForm patientId={patient.id} candidates={candidates} search={search} actionData={act} />}
          <EventList events={events} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="font-sans text-xl font-semibold text-navy-900">Dossier introuvable.</h1>
        <p className="mt-2 text-slate-600">Ce dossier n'existe pas ou plus. Cherchez le patient dans la liste.</p>
        <Link to="/admin/patients" className="btn-primary mt-6">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Tous les patients
        </Link>
      </div>
    );
  }
  return (
    <StaffScreenError
      error={error}
      path={`/admin/patients/${params.id ?? ""}`}
      title="Impossible de charger ce dossier."
      text="Le dossier n'a pas pu être lu. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
