import { Loader2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Dialog } from "~/components/ui/Dialog";
import { centimesToInput } from "~/lib/format";
import { FORMATION_DEFAULTS, type FormationField, type FormationFieldErrors } from "~/lib/formation-schema";
import type { Syllabus } from "~/lib/syllabus";
import { fromEditorSyllabus, SyllabusEditor, toEditorSyllabus, type EditorSyllabus } from "./SyllabusEditor";

export const TOAST_MS = 5000;

/** The form's state while staff edit it; kept by the page so that an accidental close loses nothing. */
export interface FormationDraft {
  mode: "create" | "edit";
  id: number | null;
  title: string;
  description: string;
  duration_months: string;
  price: string;
  max_participants: string;
  is_active: boolean;
  syllabus: EditorSyllabus;
}

export function newDraft(): FormationDraft {
  return {
    mode: "create",
    id: null,
    title: "",
    description: "",
    duration_months: String(FORMATION_DEFAULTS.duration_months),
    price: "",
    max_participants: String(FORMATION_DEFAULTS.max_participants),
    is_active: FORMATION_DEFAULTS.is_active,
    syllabus: toEditorSyllabus(null),
  };
}

export function draftFrom(f: {
  id: number;
  title: string;
  description: string;
  duration_months: number;
  price: number | null;
  max_participants: number;
  is_active: boolean;
  syllabus: Syllabus | null;
}): FormationDraft {
  return {
    mode: "edit",
    id: f.id,
    title: f.title,
    description: f.description,
    duration_months: String(f.duration_months),
    price: centimesToInput(f.price ?? 0),
    max_participants: String(f.max_participants),
    is_active: f.is_active,
    syllabus: toEditorSyllabus(f.syllabus),
  };
}

export type FormationActionResult =
  | { intent: string; ok: true; message: string }
  | { intent: string; ok: false; message: string; fieldErrors?: FormationFieldErrors };

const ORDER: FormationField[] = ["title", "description", "duration_months", "price", "max_participants", "is_active", "syllabus"];

/** 'Nouvelle Formation' and edit: the basic fields and the syllabus editor, in one modal. */
export function FormationEditorDialog({
  draft,
  open,
  onChange,
  onClose,
  onCancel,
  onSaved,
}: {
  draft: FormationDraft;
  open: boolean;
  onChange: (d: FormationDraft) => void;
  /** cross, Escape: the draft is kept for a reopening */
  onClose: () => void;
  /** 'Annuler': the draft is dropped */
  onCancel: () => void;
  onSaved: () => void;
}) {
  const fetcher = useFetcher<FormationActionResult>();
  const uid = useId();
  const handled = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const [errors, setErrors] = useState<FormationFieldErrors>({});
  const target = `${draft.mode}:${draft.id ?? ""}`;

  // another formation (or a new one) in the form: earlier messages no longer apply
  useEffect(() => {
    setErrors({});
  }, [target]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const d = fetcher.data;
    if (d.ok) {
      setErrors({});
      toast.success(d.message, { duration: TOAST_MS });
      onSaved();
    } else {
      setErrors(d.fieldErrors ?? {});
      toast.error(d.message, { duration: TOAST_MS });
      const first = ORDER.find((k) => d.fieldErrors?.[k]);
      if (first && first !== "syllabus") {
        const el = formRef.current?.elements.namedItem(first);
        if (el instanceof HTMLElement) el.focus();
      }
    }
  }, [fetcher.state, fetcher.data, onSaved]);

  const set = (patch: Partial<FormationDraft>) => onChange({ ...draft, ...patch });
  const fid = (k: string) => `${uid}-${k}`;
  const err = (k: FormationField) =>
    errors[k] ? (
      <p id={fid(`${k}-error`)} className="field-error">
        {errors[k]}
      </p>
    ) : null;
  const a11y = (k: FormationField) => ({ "aria-invalid": errors[k] ? true : undefined, "aria-describedby": errors[k] ? fid(`${k}-error`) : undefined });

  return (
    <Dialog open={open} onClose={onClose} title={draft.mode === "create" ? "Nouvelle Formation" : "Modifier la formation"} size="xl">
      <fetcher.Form ref={formRef} method="post" action="/admin/formations" noValidate className="space-y-6">
        <input type="hidden" name="intent" value={draft.mode === "create" ? "create" : "update"} />
        {draft.id !== null && <input type="hidden" name="id" value={draft.id} />}
        <input type="hidden" name="syllabus" value={JSON.stringify(fromEditorSyllabus(draft.syllabus))} />

        <div className="grid gap-5 md:grid-cols-2">
          <div className="md:col-span-2">
            <label htmlFor={fid("title")} className="field-label">
              Titre <span aria-hidden className="text-red-700">*</span>
            </label>
            <input id={fid("title")} name="title" type="text" required maxLength={200} value={draft.title} onChange={(e) => set({ title: e.target.value })} className="field-input" {...a11y("title")} />
            {err("title")}
          </div>
          <div className="md:col-span-2">
            <label htmlFor={fid("description")} className="field-label">
              Description <span aria-hidden className="text-red-700">*</span>
            </label>
            <textarea
              id={fid("description")}
              name="description"
              required
              rows={3}
              maxLength={5000}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
              className="field-input"
              {...a11y("description")}
            />
            {err("description")}
          </div>
          <div>
            <label htmlFor={fid("duration_months")} className="field-label">
              Durée (mois) <span aria-hidden className="text-red-700">*</span>
            </label>
            <input
              id={fid("duration_months")}
              name="duration_months"
              type="number"
              inputMode="numeric"
              required
              min={1}
              step={1}
              value={draft.duration_months}
              onChange={(e) => set({ duration_months: e.target.value })}
              className="field-input"
              {...a11y("duration_months")}
            />
            {err("duration_months")}
          </div>
          <div>
            <label htmlFor={fid("max_participants")} className="field-label">
              Participants maximum <span aria-hidden className="text-red-700">*</span>
            </label>
            <input
              id={fid("max_participants")}
              name="max_participants"
              type="number"
              inputMode="numeric"
              required
              min={1}
              step={1}
              value={draft.max_participants}
              onChange={(e) => set({ max_participants: e.target.value })}
              className="field-input"
              {...a11y("max_participants")}
            />
            {err("max_participants")}
          </div>
          <div>
            <label htmlFor={fid("price")} className="field-label">
              Prix (DA) <span aria-hidden className="text-red-700">*</span>
            </label>
            <input
              id={fid("price")}
              name="price"
              type="number"
              inputMode="decimal"
              required
              min={0}
              step={0.01}
              value={draft.price}
              onChange={(e) => set({ price: e.target.value })}
              className="field-input"
              aria-invalid={errors.price ? true : undefined}
              aria-describedby={[errors.price ? fid("price-error") : "", fid("price-hint")].filter(Boolean).join(" ")}
            />
            <p id={fid("price-hint")} className="mt-1 text-xs text-slate-500">
              0 : le site affiche « Prix sur demande ».
            </p>
            {err("price")}
          </div>
          <div className="flex items-center gap-3 self-center md:pt-4">
            <input
              id={fid("is_active")}
              name="is_active"
              type="checkbox"
              value="true"
              checked={draft.is_active}
              onChange={(e) => set({ is_active: e.target.checked })}
              className="h-5 w-5 rounded border-slate-400 accent-teal-600"
            />
            <label htmlFor={fid("is_active")} className="text-sm font-medium text-slate-700">
              Formation active (visible sur le site)
            </label>
          </div>
        </div>

        <SyllabusEditor value={draft.syllabus} onChange={(syllabus) => set({ syllabus })} error={errors.syllabus} />

        <div className="sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white px-5 py-4 sm:flex-row sm:justify-end md:-mx-6 md:px-6">
          <button type="button" onClick={onCancel} className="btn border border-slate-300 text-slate-700 hover:bg-slate-50">
            Annuler
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy && <Loader2 aria-hidden className="h-4 w-4 animate-spin" />}
            {draft.mode === "create" ? "Créer la formation" : "Enregistrer les modifications"}
          </button>
        </div>
      </fetcher.Form>
    </Dialog>
  );
}
