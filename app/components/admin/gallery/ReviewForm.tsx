import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Save } from "~/components/admin/icons";
import { Form, Link, useNavigation } from "react-router";
import { CheckboxField, Field, FormErrors, SelectField, TextareaField, useAppForm } from "~/components/forms";
import { todayInClinic } from "~/lib/clinic-time";
import { GALLERY_PATH, RATING_CHOICES, REVIEW_COMMENT_MAX, REVIEW_NAME_MAX, reviewSchema } from "~/lib/gallery-form";
import type { Review } from "./types";

const FIX = "Corrigez les champs signalés : l'avis n'a pas été enregistré.";

/** Add or edit a review: the name as the reviewer agreed to show it, the rating in half stars, the comment, the date. */
export function ReviewForm({ edited, lastResult }: { edited: Review | null; lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "review-save";
  const [form, fields] = useAppForm({
    id: edited ? `review-${edited.id}` : "review-new",
    schema: reviewSchema,
    lastResult,
    defaultValue: edited
      ? { id: String(edited.id), name: edited.name, rating: String(edited.rating), comment: edited.comment, date: edited.date, published: edited.published ? "on" : undefined }
      : { rating: "5", date: todayInClinic(), published: "on" },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="intent" value="review-save" />
      {edited && <input type="hidden" name="id" value={edited.id} />}
      <div className="grid gap-5 md:grid-cols-[2fr_1fr_1fr]">
        <Field
          meta={fields.name}
          label="Nom affiché"
          required
          maxLength={REVIEW_NAME_MAX}
          autoComplete="off"
          hint="Tel que la personne a accepté qu'il soit publié (par exemple « Amina B. »)."
        />
        <SelectField meta={fields.rating} label="Note" required options={RATING_CHOICES.map((c) => ({ value: c.value, label: c.label }))} />
        <Field meta={fields.date} type="date" label="Date de l'avis" required max={todayInClinic()} />
      </div>
      <TextareaField meta={fields.comment} label="Texte de l'avis" required rows={4} maxLength={REVIEW_COMMENT_MAX} hint={`${REVIEW_COMMENT_MAX} caractères au plus, recopiés tels que la personne les a écrits.`} />
      <CheckboxField meta={fields.published} label="Publier sur la galerie" />
      <FormErrors form={form} fixMessage={FIX} className="" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          <Save aria-hidden className="h-4 w-4" />
          {busy ? "Enregistrement…" : edited ? "Enregistrer l'avis" : "Ajouter l'avis"}
        </button>
        {edited && (
          <Link to={`${GALLERY_PATH}#avis-${edited.id}`} className="btn border border-slate-300 bg-white text-navy-900 hover:bg-slate-50">
            Annuler la modification
          </Link>
        )}
      </div>
    </Form>
  );
}
