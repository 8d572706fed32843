import { getFormProps } from "@conform-to/react";
import { Download, ShieldCheck, Trash2 } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { ERASE_WORD, eraseSchema } from "~/lib/patient-schema";
import type { PatientActionResult } from "./types";

const DOWNLOAD =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-white px-4 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-offset-2";

/**
 * 'Données personnelles (loi 18-07)': the patient's right of access (an export of everything the
 * clinic holds on them, JSON, Excel or CSV) and of erasure. Each export and the erasure are written in
 * the record's journal (who, when). The erasure asks to type EFFACER and says first what goes
 * and what stays. The exports need `patient:export`, the erasure `patient:erase`: a role without
 * them reads who to ask instead.
 */
export function PrivacyPanel({
  patientId,
  retentionMonths,
  backups,
  upcoming,
  actionData,
}: {
  patientId: number;
  retentionMonths: number;
  /** what becomes of the copies in the backups, in words (the route reads BACKUP_KEEP) */
  backups: string;
  /** appointments still to come (requested or confirmed): they stay booked once anonymised */
  upcoming: number;
  actionData?: PatientActionResult;
}) {
  const navigation = useNavigation();
  const erasing = navigation.state === "submitting" && navigation.formData?.get("intent") === "erase";
  const refused = actionData?.intent === "erase" ? actionData.result : undefined;
  const [form, fields] = useAppForm({ id: "patient-erase", schema: eraseSchema, lastResult: refused });
  const exportHref = (format: "json" | "csv" | "xlsx") => `/admin/patients/${patientId}/export?format=${format}`;
  const canExport = useCan("patient:export");
  const canErase = useCan("patient:erase");

  return (
    <section aria-labelledby="patient-privacy" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="patient-privacy" className="flex items-center gap-2 font-sans text-lg font-semibold text-navy-900">
        <ShieldCheck aria-hidden className="h-5 w-5 text-teal-600" />
        Données personnelles (loi 18-07)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        À la demande du patient : une copie de tout ce que la clinique détient sur lui, ou l'effacement de ses données.
        {canExport ? " Chaque export est noté dans le journal du dossier." : ""}
      </p>
      {!canExport && !canErase && (
        <p className="mt-3 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
          L'export et l'effacement sont faits par un dentiste ou un administrateur : transmettez-leur la demande du patient.
        </p>
      )}
      {canExport && (
        <div className="mt-4 flex flex-wrap gap-2">
          <a href={exportHref("json")} download className={DOWNLOAD}>
            <Download aria-hidden className="h-4 w-4 text-teal-600" />
            Exporter (JSON)
          </a>
          <a href={exportHref("xlsx")} download className={DOWNLOAD}>
            <Download aria-hidden className="h-4 w-4 text-teal-600" />
            Exporter (Excel)
          </a>
          <a href={exportHref("csv")} download className={DOWNLOAD}>
            <Download aria-hidden className="h-4 w-4 text-teal-600" />
            Exporter (CSV)
          </a>
        </div>
      )}

      {canErase && (
        <details className="group mt-5 rounded-xl ring-1 ring-red-200 open:bg-red-50/40" open={Boolean(refused)}>
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 font-semibold text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
            <Trash2 aria-hidden className="h-4 w-4" />
            Effacer les données personnelles…
          </summary>
          <div className="space-y-3 px-4 pb-4 pt-2 text-sm text-slate-800">
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <p className="font-semibold text-navy-900">Effacé</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  <li>le nom, le téléphone et l'e-mail, partout ;</li>
                  <li>les messages du patient, l'avancement, les remarques, les motifs d'annulation ;</li>
                  <li>les notes de l'équipe et les e-mails envoyés ou en attente ;</li>
                  <li>le lien personnel des rendez-vous ;</li>
                  <li>les inscriptions en liste d'attente et les suivis à proposer.</li>
                </ul>
              </div>
              <div>
                <p className="font-semibold text-navy-900">Conservé pour la comptabilité</p>
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  <li>la date, l'heure, le soin et le statut de chaque rendez-vous ;</li>
                  <li>les montants facturés et payés ;</li>
                  <li>ce journal : qui a effacé, et quand.</li>
                </ul>
              </div>
            </div>
            <p>
              Les rendez-vous restent dans l'agenda au nom de «&nbsp;Patient effacé&nbsp;». {backups} Sans demande, les demandes jamais confirmées sont
              anonymisées {retentionMonths} mois après leur date.
            </p>
            {upcoming > 0 && (
              <p className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-900 ring-1 ring-amber-600/30">
                {upcoming > 1 ? `${upcoming} rendez-vous à venir restent réservés` : "1 rendez-vous à venir reste réservé"} sans nom : annulez-les d'abord si le
                patient ne viendra pas.
              </p>
            )}
            <Form method="post" {...getFormProps(form)} className="space-y-3">
              <input type="hidden" name="intent" value="erase" />
              <Field
                meta={fields.confirmation}
                label={`Pour confirmer, tapez ${ERASE_WORD}`}
                autoComplete="off"
                maxLength={20}
                inputClassName="field-input max-w-60 uppercase"
              />
              <FormErrors form={form} className="" />
              <button type="submit" disabled={erasing} className="btn bg-red-700 text-white shadow-sm hover:bg-red-800 focus-visible:outline-red-800">
                <Trash2 aria-hidden className="h-4 w-4" />
                {erasing ? "Effacement..." : "Effacer définitivement"}
              </button>
            </Form>
          </div>
        </details>
      )}
    </section>
  );
}
