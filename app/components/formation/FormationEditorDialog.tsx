import { getFormProps } from "@conform-to/react";
import { Loader2 } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { ADMIN_FORMATION_TEXTS, formationToast, type EditorTarget, type FormationActionResult } from "~/components/admin/formations/admin-formations";
import { CheckboxField, Field, TextareaField, useAppForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { Dialog } from "~/components/ui/Dialog";
import { FORMATION_LIMITS, formationFormDefaults, formationFormSchema } from "~/lib/formation-schema";
import type { Toast } from "~/lib/toast";
import { ARABIC_MODULES_HINT } from "~/lib/syllabus-ar-text";
import { SyllabusEditor } from "./SyllabusEditor";

/** A submit that Conform answered in the browser: a list intent (add, move, remove), or fields to fix. */
const isListIntent = (e: FormEvent<HTMLFormElement>) => (e.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "__intent__";

/**
 * 'Nouvelle Formation' and 'Modifier la formation': the basic fields and the syllabus editor, one
 * Conform form in one modal. The page keeps it mounted when it closes, so that the cross or Escape
 * keep what was typed and the toast of a save still shows; 'Annuler' and a save let the next
 * opening start afresh. A refused save shows the messages beside the fields and the failure toast.
 */
export function FormationEditorDialog({
  target,
  open,
  onClose,
  onCancel,
  onSaved,
}: {
  target: EditorTarget;
  open: boolean;
  /** cross, Escape: the draft is kept for a reopening */
  onClose: () => void;
  /** 'Annuler': the draft is dropped */
  onCancel: () => void;
  onSaved: () => void;
}) {
  const fetcher = useFetcher<FormationActionResult>();
  const editing = target.kind === "edit" ? target.formation : null;
  const [form, fields] = useAppForm({
    id: editing ? `formation-${editing.id}` : "formation-new",
    schema: formationFormSchema,
    lastResult: fetcher.state === "idle" ? fetcher.data?.reply : undefined,
    defaultValue: formationFormDefaults(editing),
  });
  // fields to fix, found in the browser: the same failure toast as the server's refusal
  const [refused, setRefused] = useState<Toast | null>(null);
  useToast(refused);
  useToast(fetcher.data?.toast);
  useEffect(() => {
    if (fetcher.data?.ok) onSaved();
  }, [fetcher.data, onSaved]);
  const busy = fetcher.state !== "idle";

  return (
    <Dialog open={open} onClose={onClose} title={editing ? "Modifier la formation" : "Nouvelle Formation"} size="xl">
      <fetcher.Form
        method="post"
        action="/admin/formations"
        {...getFormProps(form)}
        onSubmit={(e) => {
          form.onSubmit(e);
          if (e.defaultPrevented && !isListIntent(e)) setRefused(formationToast("error", ADMIN_FORMATION_TEXTS.genericError));
        }}
        className="space-y-6"
      >
        <input type="hidden" name="intent" value={editing ? "update" : "create"} />
        {editing && <input type="hidden" name="id" value={editing.id} />}

        <div className="grid gap-5 md:grid-cols-2">
          <Field meta={fields.title} label="Titre" required className="md:col-span-2" />
          <TextareaField meta={fields.description} label="Description" required rows={3} textareaClassName="field-input" className="md:col-span-2" />
          <Field meta={fields.duration_months} type="number" label="Durée (mois)" required inputMode="numeric" min={1} step={1} />
          <Field meta={fields.max_participants} type="number" label="Participants maximum" required inputMode="numeric" min={1} step={1} />
          <Field meta={fields.place} label="Lieu" required maxLength={FORMATION_LIMITS.placeMax} hint="Affiché sur la page publique, la carte de la formation et l'e-mail d'inscription." />
          <Field meta={fields.price} type="number" label="Prix (DA)" required inputMode="decimal" min={0} step={0.01} hint="0 : le site affiche « Prix sur demande »." />
          <CheckboxField meta={fields.is_active} label="Formation active (visible sur le site)" className="self-center md:pt-4" boxClassName="flex items-center gap-3" />
        </div>

        <SyllabusEditor form={form} syllabus={fields.syllabus} />

        {/* the Arabic version of the public pages (/ar/formation, /ar/syllabus): optional */}
        <fieldset className="rounded-xl border border-slate-200 p-4 md:p-5">
          <legend className="px-1 text-sm font-semibold text-slate-700">En arabe (facultatif)</legend>
          <p className="text-sm text-slate-600">Sans titre en arabe, les pages en arabe montrent le titre français avec une courte note.</p>
          <div className="mt-4 grid gap-5">
            <Field meta={fields.title_ar} label="Titre en arabe" maxLength={200} dir="rtl" lang="ar" />
            <TextareaField meta={fields.description_ar} label="Description en arabe" rows={3} maxLength={5000} dir="rtl" lang="ar" textareaClassName="field-input" />
            <TextareaField meta={fields.objectives_ar} label="Objectifs en arabe" hint="Un objectif par ligne." rows={4} dir="rtl" lang="ar" textareaClassName="field-input" />
            <TextareaField meta={fields.modules_ar} label="Modules en arabe" hint={ARABIC_MODULES_HINT} rows={8} dir="rtl" lang="ar" textareaClassName="field-input" />
          </div>
        </fieldset>

        <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white px-5 py-4 sm:flex-row sm:justify-end md:-mx-6 md:px-6">
          <button type="button" onClick={onCancel} className="btn border border-slate-300 text-slate-700 hover:bg-slate-50">
            Annuler
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Loader2 aria-hidden className="h-4 w-4 animate-spin" />}
            {editing ? "Enregistrer les modifications" : "Créer la formation"}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
