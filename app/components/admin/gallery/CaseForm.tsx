import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Loader2, Save } from "~/components/admin/icons";
import { useEffect, useState, type ChangeEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ErrorList, Field, FormErrors, SelectField, TextareaField, useAppForm } from "~/components/forms";
import { Photo } from "~/components/ui/Photo";
import { GALLERY_TREATMENTS } from "~/content/gallery-treatments";
import { todayInClinic } from "~/lib/clinic-time";
import { CASE_TEXT_MAX, caseSchema, CONSENT_SCOPE_LABELS, CONSENT_SCOPES, GALLERY_PATH, type GalleryActionResult, casePhotoSchema, type PatientOption } from "~/lib/gallery-form";
import { ALT_MAX_LENGTH, PHOTO_TYPES } from "~/lib/media";
import { PatientPicker } from "./PatientPicker";
import { PLACEHOLDER_DRAWING } from "./placeholder";
import type { GalleryCase } from "./types";

const ACCEPT = PHOTO_TYPES.join(",");
const FIX = "Corrigez les champs signalés : le cas n'a pas été enregistré.";

/**
 * The form of a before/after case (new, or `edited`): treatment, short text, the two photos with
 * their alt texts, the consent (date, scope) and the optional patient record. Multipart; the
 * photos are checked in the browser (size, type) and again on the server, whose refusal comes
 * back beside the photo's field; the typed texts are kept.
 */
export function CaseForm({
  edited,
  lastResult,
  chosen,
  found,
}: {
  edited: (GalleryCase & { patientOption: PatientOption | null }) | null;
  lastResult?: SubmissionResult<string[]>;
  /** the record posted with a refused form */
  chosen?: PatientOption | null;
  /** a patient search posted without JavaScript */
  found?: GalleryActionResult;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "case-save";
  const [form, fields] = useAppForm({
    id: edited ? `case-${edited.id}` : "case-new",
    schema: caseSchema,
    lastResult,
    defaultValue: edited
      ? {
          id: String(edited.id),
          treatment: edited.treatment,
          description: edited.description,
          before_alt: edited.beforeAlt,
          after_alt: edited.afterAlt,
          description_ar: edited.ar.description ?? "",
          before_alt_ar: edited.ar.beforeAlt ?? "",
          after_alt_ar: edited.ar.afterAlt ?? "",
          consent_date: edited.consentDate,
          consent_scope: edited.consentScope,
          patient_id: edited.patient ? String(edited.patient.id) : "",
        }
      : { consent_scope: "site" },
  });
  const initialPatient = String(fields.patient_id.initialValue ?? (edited?.patient ? edited.patient.id : ""));
  const chosenOption = chosen !== undefined ? chosen : (edited?.patientOption ?? null);

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="case-save" />
      {edited && <input type="hidden" name="id" value={edited.id} />}
      <div className="grid gap-5 md:grid-cols-2">
        <SelectField meta={fields.treatment} label="Traitement" required placeholder="Choisissez…" options={GALLERY_TREATMENTS.map((t) => t.name)} />
        <Field meta={fields.consent_date} type="date" label="Date du consentement" required max={todayInClinic()} hint="Le jour où le patient a signé son accord." />
      </div>
      <TextareaField
        meta={fields.description}
        label="Texte court"
        required
        rows={3}
        maxLength={CASE_TEXT_MAX}
        hint={`${CASE_TEXT_MAX} caractères au plus. Il s'affiche sous le traitement sur la galerie.`}
      />
      <div className="grid gap-5 lg:grid-cols-2">
        <PhotoField side="before" label="Photo avant" current={edited?.before ?? null} meta={fields.before} altMeta={fields.before_alt} onPicked={() => form.validate({ name: fields.before.name })} />
        <PhotoField side="after" label="Photo après" current={edited?.after ?? null} meta={fields.after} altMeta={fields.after_alt} onPicked={() => form.validate({ name: fields.after.name })} />
      </div>
      <fieldset className="rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-700">En arabe (facultatif)</legend>
        <p className="text-xs text-slate-500">
          Ce que lit la galerie en arabe. Sans texte, elle montre le nom du traitement en arabe et décrit les photos par lui ; elle ne montre jamais le texte français.
        </p>
        <div className="mt-3 space-y-4">
          <TextareaField meta={fields.description_ar} label="Le texte, en arabe" rows={3} maxLength={CASE_TEXT_MAX} dir="rtl" lang="ar" />
          <div className="grid gap-4 lg:grid-cols-2">
            <Field meta={fields.before_alt_ar} label="La photo avant, décrite en arabe" maxLength={ALT_MAX_LENGTH} dir="rtl" lang="ar" />
            <Field meta={fields.after_alt_ar} label="La photo après, décrite en arabe" maxLength={ALT_MAX_LENGTH} dir="rtl" lang="ar" />
          </div>
        </div>
      </fieldset>
      <fieldset className="rounded-xl border border-slate-200 p-4" aria-describedby={fields.consent_scope.errors ? fields.consent_scope.errorId : undefined}>
        <legend className="px-1 text-sm font-semibold text-slate-700">
          Le patient a accepté la publication sur<span className="ml-0.5 text-red-700" aria-hidden>*</span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {CONSENT_SCOPES.map((scope) => (
            <label key={scope} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 has-[:checked]:bg-teal-50 has-[:checked]:ring-teal-300">
              <input
                type="radio"
                name={fields.consent_scope.name}
                value={scope}
                defaultChecked={(fields.consent_scope.initialValue ?? "site") === scope}
                key={`${fields.consent_scope.key}-${scope}`}
                className="h-4 w-4 accent-teal-600"
              />
              <span className="text-sm text-slate-800">{CONSENT_SCOPE_LABELS[scope]}</span>
            </label>
          ))}
        </div>
        <ErrorList id={fields.consent_scope.errorId} errors={fields.consent_scope.errors} />
      </fieldset>
      <PatientPicker
        key={`${form.key}-${initialPatient}`}
        name={fields.patient_id.name}
        errorId={fields.patient_id.errorId}
        errors={fields.patient_id.errors}
        initial={initialPatient}
        chosen={chosenOption}
        found={found}
      />
      <FormErrors form={form} fixMessage={FIX} className="" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Save aria-hidden className="h-4 w-4" />}
          {busy ? "Traitement en cours…" : edited ? "Enregistrer le cas" : "Ajouter le cas"}
        </button>
        {edited && (
          <Link to={`${GALLERY_PATH}#cas-${edited.id}`} className="btn border border-slate-300 bg-white text-navy-900 hover:bg-slate-50">
            Annuler la modification
          </Link>
        )}
      </div>
    </Form>
  );
}

type Meta = ReturnType<typeof useAppForm<typeof caseSchema>>[1]["before"];
type AltMeta = ReturnType<typeof useAppForm<typeof caseSchema>>[1]["before_alt"];

/** One photo of the case: the file (with a preview), and its alt text. */
function PhotoField({
  side,
  label,
  current,
  meta,
  altMeta,
  onPicked,
}: {
  side: "before" | "after";
  label: string;
  current: GalleryCase["before"];
  meta: Meta;
  altMeta: AltMeta;
  onPicked: () => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    setPreview(file && casePhotoSchema.safeParse(file).success ? URL.createObjectURL(file) : null);
    onPicked();
  }
  const hintId = `${meta.id}-hint`;
  const { key, ...inputProps } = getInputProps(meta, { type: "file", ariaDescribedBy: hintId });
  const word = side === "before" ? "avant" : "après";
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-700">{label}</legend>
      <div className="flex flex-col gap-3 min-[420px]:flex-row min-[420px]:items-start">
        <div className="h-20 w-28 shrink-0 overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
          {preview ? (
            <img src={preview} alt={`Aperçu de la photo ${word} choisie`} width={112} height={80} className="h-full w-full object-cover" />
          ) : (
            <Photo photo={current} drawing={PLACEHOLDER_DRAWING} sizes="112px" className="h-full w-full object-cover" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor={meta.id} className="field-label">
            {current ? `Remplacer la photo ${word}` : `Fichier de la photo ${word}`}
            {!current && (
              <span className="ml-0.5 text-red-700" aria-hidden>
                *
              </span>
            )}
          </label>
          <input
            key={key}
            {...inputProps}
            accept={ACCEPT}
            onChange={onFile}
            className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:inline-flex file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-teal-50 file:px-4 file:font-semibold file:text-teal-800 hover:file:bg-teal-100"
          />
          <p id={hintId} className="mt-1 text-xs text-slate-500">
            JPEG, PNG, WebP ou AVIF, 12 Mo au plus{current ? " ; sans nouveau fichier, la photo actuelle reste" : ""}.
          </p>
          <ErrorList id={meta.errorId} errors={meta.errors} />
        </div>
      </div>
      <Field
        meta={altMeta}
        label={`Description de la photo ${word} (texte alternatif)`}
        required
        maxLength={ALT_MAX_LENGTH}
        className="mt-4"
        placeholder={side === "before" ? "Avant : incisives ébréchées et jaunies" : "Après : incisives harmonisées par des facettes"}
      />
    </fieldset>
  );
}
