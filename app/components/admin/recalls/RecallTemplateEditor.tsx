import { getFormProps } from "@conform-to/react";
import { Loader2, Save } from "~/components/admin/icons";
import { useState } from "react";
import { useFetcher } from "react-router";
import { FormErrors, TextareaField, useAppForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { RECALL_PATH, RECALL_TEMPLATE_LABELS, RECALL_TEMPLATE_MAX, recallTemplateSchema, renderRecall, type RecallActionResult, type RecallTemplateKey, type RecallValues } from "~/lib/recall";

/**
 * One recall template (WhatsApp or SMS), French or its Arabic twin (`language: "ar"`, stored under
 * "ar:" + key; issue 32): the text, its live preview on an example, saved with intent
 * "recall-template". The Arabic one is typed and previewed right to left.
 */
export function RecallTemplateEditor({ template, example, canEdit }: { template: { key: RecallTemplateKey; body: string; language?: "fr" | "ar" }; example: RecallValues; canEdit: boolean }) {
  const { key } = template;
  const language = template.language ?? "fr";
  const ar = language === "ar";
  const id = ar ? `ar-${key}` : key;
  const fetcher = useFetcher<RecallActionResult>({ key: `recall-template:${id}` });
  useToast(fetcher.state === "idle" ? fetcher.data?.toast : undefined);
  const [body, setBody] = useState(template.body);
  const [form, fields] = useAppForm({
    id: `recall-template-${id}`,
    schema: recallTemplateSchema,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { key, language, body: template.body },
  });
  const preview = renderRecall(body, example);
  const label = RECALL_TEMPLATE_LABELS[key];
  return (
    <section aria-labelledby={`recall-template-${id}-title`} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h3 id={`recall-template-${id}-title`} className="font-sans text-lg font-semibold text-navy-900">
        {ar ? `${label} en arabe` : `Message ${label}`}
      </h3>
      {canEdit ? (
        <fetcher.Form method="post" action={RECALL_PATH} {...getFormProps(form)} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="recall-template" />
          <input type="hidden" name="key" value={key} />
          <input type="hidden" name="language" value={language} />
          <TextareaField
            meta={fields.body}
            label={ar ? `Texte arabe du message ${label}` : `Texte du message ${label}`}
            dir={ar ? "rtl" : undefined}
            lang={ar ? "ar" : undefined}
            rows={key === "recall-whatsapp" ? 9 : 4}
            maxLength={RECALL_TEMPLATE_MAX[key]}
            onChange={(e) => setBody(e.currentTarget.value)}
          />
          <FormErrors form={form} className="" />
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Save aria-hidden className="h-4 w-4" />}
            Enregistrer le message<span className="sr-only">{ar ? " arabe" : ""} {label}</span>
          </button>
        </fetcher.Form>
      ) : null}
      <p className="mt-3 text-sm font-medium text-slate-700">Aperçu</p>
      <div
        dir={ar ? "rtl" : undefined}
        lang={ar ? "ar" : undefined}
        className={`mt-1.5 max-w-md whitespace-pre-line break-words rounded-2xl rounded-tl-sm px-4 py-3 text-sm leading-relaxed text-slate-900 ring-1 ${key === "recall-whatsapp" ? "bg-[#e7fbe0] ring-emerald-200" : "bg-sky-50 ring-sky-200"}`}
        data-testid={`recall-preview-${id}`}
      >
        {preview}
      </div>
    </section>
  );
}

/**
 * The recall templates in both languages, side by side as on 'Rappels' (TemplatePairs): each French
 * template with its Arabic twin beside it on a wide screen, under 'Français' and 'Arabe'; one
 * column (the French first) on a narrow one.
 */
export function RecallTemplatePairs({
  fr,
  ar,
  example,
  exampleAr,
  canEdit,
}: {
  fr: { key: RecallTemplateKey; body: string }[];
  ar: { key: RecallTemplateKey; body: string }[];
  example: RecallValues;
  exampleAr: RecallValues;
  canEdit: boolean;
}) {
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
        const french = <RecallTemplateEditor key={`fr-${t.key}`} template={t} example={example} canEdit={canEdit} />;
        return twin ? [french, <RecallTemplateEditor key={`ar-${t.key}`} template={{ ...twin, language: "ar" }} example={exampleAr} canEdit={canEdit} />] : [french];
      })}
    </div>
  );
}
