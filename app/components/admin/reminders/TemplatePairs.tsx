import type { ExampleValues, TemplateResult, TemplateView } from "~/lib/reminder-view";
import { TemplateEditor } from "./TemplateEditor";
import { TemplatePreview } from "./TemplatePreview";

/**
 * The templates of one kind in both languages, side by side (issue 32, item 6): each French
 * template with its Arabic twin beside it on a wide screen, under 'Français' and 'Arabe'; one
 * column (the French first) on a narrow one. Each is the editor, or the preview for a role that
 * cannot change it.
 */
export function TemplatePairs({
  fr,
  ar,
  example,
  exampleAr,
  canEdit,
  actionData,
}: {
  fr: TemplateView[];
  ar: TemplateView[];
  example: ExampleValues;
  exampleAr: ExampleValues;
  canEdit: boolean;
  actionData?: TemplateResult;
}) {
  const card = (t: TemplateView, values: ExampleValues) =>
    canEdit ? <TemplateEditor key={`${t.language ?? "fr"}-${t.key}`} template={t} example={values} actionData={actionData} /> : <TemplatePreview key={`${t.language ?? "fr"}-${t.key}`} template={t} example={values} />;
  return (
    <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
      <p aria-hidden className="hidden text-sm font-semibold uppercase tracking-wide text-slate-500 xl:block">
        Français
      </p>
      <p aria-hidden className="hidden text-sm font-semibold uppercase tracking-wide text-slate-500 xl:block">
        Arabe
      </p>
      {fr.flatMap((t) => {
        const twin = ar.find((a) => a.key === t.key);
        return twin ? [card(t, example), card(twin, exampleAr)] : [card(t, example)];
      })}
    </div>
  );
}
