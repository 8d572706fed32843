import { getFormProps } from "@conform-to/react";
import { Merge, Search } from "~/components/admin/icons";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { CheckboxField, FormErrors, SelectField, useAppForm } from "~/components/forms";
import { mergeSchema, PATIENT_SEARCH_MAX } from "~/lib/patient-schema";
import type { PatientActionResult, PatientListRow } from "./types";

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

function optionLabel(p: PatientListRow): string {
  return [`n° ${p.id} — ${p.name}`, p.phoneDisplay, p.email, plural(p.appointments, "rendez-vous", "rendez-vous")].filter(Boolean).join(" · ");
}

/**
 * 'Fusionner un autre dossier dans celui-ci': the same person booked under two spellings or two
 * numbers. The records with the same phone, e-mail or name are offered; a search finds any other
 * (a GET, so it works without JavaScript). Before the merge, the form says what will happen and
 * asks to tick a confirmation. This record is kept; the other one is closed and points here.
 */
export function MergeForm({
  patientId,
  candidates,
  search,
  actionData,
}: {
  patientId: number;
  candidates: PatientListRow[];
  search: string;
  actionData?: PatientActionResult;
}) {
  const navigation = useNavigation();
  const merging = navigation.state === "submitting" && navigation.formData?.get("intent") === "merge";
  const [form, fields] = useAppForm({ id: "patient-merge", schema: mergeSchema, lastResult: actionData?.intent === "merge" ? actionData.result : undefined });
  const [chosen, setChosen] = useState<string>("");
  const other = candidates.find((c) => String(c.id) === chosen);

  return (
    <section aria-labelledby="patient-merge-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="patient-merge-title" className="flex items-center gap-2 font-sans text-lg font-semibold text-navy-900">
        <Merge aria-hidden className="h-5 w-5 text-teal-600" />
        Fusionner un autre dossier dans celui-ci
      </h2>
      <p className="mt-1 text-sm text-slate-600">Quand la même personne a deux dossiers (nom écrit autrement, autre numéro). Ce dossier-ci est conservé.</p>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role="search" aria-label="Recherche d’un dossier à fusionner">
        <div className="min-w-0 flex-1 basis-52">
          <label htmlFor="merge-search" className="field-label">
            Chercher un autre dossier
          </label>
          <input
            id="merge-search"
            name="fusion"
            type="search"
            defaultValue={search}
            maxLength={PATIENT_SEARCH_MAX}
            placeholder="Nom, téléphone ou e-mail"
            className="field-input"
          />
        </div>
        <button type="submit" className="btn-ghost ring-1 ring-slate-300">
          <Search aria-hidden className="h-4 w-4" />
          Chercher
        </button>
      </Form>

      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="merge" />
        {candidates.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600 ring-1 ring-slate-200">
            {search
              ? "Aucun autre dossier ne correspond à cette recherche."
              : "Aucun autre dossier avec ce téléphone, cet e-mail ou ce nom. Cherchez-le ci-dessus."}
          </p>
        ) : (
          <>
            <SelectField
              meta={fields.other}
              label="Dossier à fusionner dans celui-ci"
              placeholder="Choisissez un dossier"
              options={candidates.map((c) => ({ value: String(c.id), label: optionLabel(c) }))}
              onChange={(e) => setChosen(e.target.value)}
            />
            <div className="rounded-xl bg-sky-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-sky-200" aria-live="polite">
              <p className="font-semibold text-navy-900">Ce qui va se passer</p>
              {other ? (
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  <li>
                    {other.appointments > 0
                      ? `${plural(other.appointments, "rendez-vous", "rendez-vous")} du dossier n° ${other.id} (${other.name}) passe${other.appointments > 1 ? "nt" : ""} dans le dossier n° ${patientId}.`
                      : `Le dossier n° ${other.id} (${other.name}) n'a aucun rendez-vous.`}
                  </li>
                  <li>Ses notes sont ajoutées à la suite de celles-ci ; son e-mail est repris si ce dossier n'en a pas.</li>
                  <li>Le dossier n° {other.id} est fermé et renvoie ici. Les deux journaux et l'historique des rendez-vous le notent.</li>
                </ul>
              ) : (
                <p className="mt-1">
                  Les rendez-vous du dossier choisi passent dans celui-ci, ses notes sont ajoutées à la suite, puis il est fermé et renvoie ici. Les journaux le
                  notent.
                </p>
              )}
              <p className="mt-1 font-medium">Une fusion ne peut pas être annulée.</p>
            </div>
            <CheckboxField meta={fields.confirm} label="Je confirme la fusion de ces deux dossiers." />
            <FormErrors form={form} className="" fixMessage="Choisissez le dossier et cochez la confirmation." />
            <button type="submit" className="btn-primary" disabled={merging}>
              <Merge aria-hidden className="h-4 w-4" />
              {merging ? "Fusion en cours..." : "Fusionner les dossiers"}
            </button>
          </>
        )}
      </Form>
    </section>
  );
}
