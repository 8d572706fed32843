import { getFormProps } from "@conform-to/react";
import { Loader2, RotateCcw, Save } from "~/components/admin/icons";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { FormErrors, TextareaField, useAppForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { useClinic } from "~/hooks/use-clinic";
import { defaultTemplates, isWhatsapp, PLACEHOLDERS, renderTemplate, TEMPLATE_LABELS, TEMPLATE_MAX, templateSchema, unknownPlaceholders } from "~/lib/reminder-template";
import { defaultTemplatesAr, noLinkSentenceAr } from "~/lib/reminder-template-ar";
import { smsParts } from "./sms-parts";
import { TemplateHeader } from "./TemplateHeader";
import type { ExampleValues, TemplateResult, TemplateView } from "~/lib/reminder-view";

/**
 * The editor of one reminder template (WhatsApp or SMS): the text, the placeholders to insert
 * (a tap puts one at the cursor), the live preview on an example appointment, the length, and
 * 'Rétablir le texte par défaut'. Saved with intent "template" (Conform + zod: the rules of
 * ~/lib/reminder-template, French messages under the text); a toast says it, or, without
 * JavaScript, a line beside the button.
 */
export function TemplateEditor({ template, example, actionData }: { template: TemplateView; example: ExampleValues; actionData?: TemplateResult }) {
  const { key } = template;
  // an Arabic template (stored under "ar:" + key): its own ids, fetcher and answer
  const language = template.language ?? "fr";
  const ar = language === "ar";
  const id = ar ? `ar-${key}` : key;
  const fetcher = useFetcher<TemplateResult>({ key: `template:${id}` });
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const answer = fetcher.data ?? (actionData?.intent === "template" && actionData.key === key && (actionData.language ?? "fr") === language ? actionData : undefined);
  useToast(fetcher.state === "idle" ? answer?.toast : undefined);
  const saving = fetcher.state !== "idle";
  const [form, fields] = useAppForm({
    id: `template-${id}`,
    schema: templateSchema,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    defaultValue: { key, language, body: template.body },
  });
  const [body, setBody] = useState(template.body);
  const max = TEMPLATE_MAX[key];
  const clinic = useClinic();
  const preview = ar ? renderTemplate(body, example, clinic, noLinkSentenceAr(clinic)) : renderTemplate(body, example, clinic);
  const defaultBody = (ar ? defaultTemplatesAr(clinic) : defaultTemplates(clinic))[key];
  const unknown = unknownPlaceholders(body);
  const length = body.trim().length;

  const setText = (value: string) => {
    setBody(value);
    form.update({ name: fields.body.name, value });
  };

  const insert = (placeholder: string) => {
    const area = document.getElementById(fields.body.id) as HTMLTextAreaElement | null;
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? body.length;
    const value = body.slice(0, start) + placeholder + body.slice(end);
    setText(value);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + placeholder.length, start + placeholder.length);
    });
  };

  return (
    <section aria-labelledby={`template-${id}-title`} className="flex min-w-0 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <TemplateHeader template={template} />

      <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-1 flex-col gap-4 p-4 sm:p-5">
        <input type="hidden" name="intent" value="template" />
        <input type="hidden" name="key" value={key} />
        <input type="hidden" name="language" value={language} />
        <TextareaField
          meta={fields.body}
          label={ar ? `Texte arabe du message ${TEMPLATE_LABELS[key]}` : `Texte du message ${TEMPLATE_LABELS[key]}`}
          dir={ar ? "rtl" : undefined}
          lang={ar ? "ar" : undefined}
          rows={isWhatsapp(key) ? 12 : 4}
          maxLength={max}
          onChange={(e) => setBody(e.currentTarget.value)}
          hint={
            <span className="flex flex-wrap justify-between gap-x-3">
              <span>{!isWhatsapp(key) ? "Restez court : chaque partie de SMS compte." : "Les retours à la ligne sont gardés."}</span>
              <span className={`tabular-nums ${length > max ? "font-semibold text-red-700" : ""}`}>
                {length} / {max} caractères
              </span>
            </span>
          }
        />

        <div>
          <p className="text-sm font-medium text-slate-700">Repères à insérer</p>
          <ul className="mt-1.5 flex flex-wrap gap-2" aria-label={ar ? `Repères du message arabe ${TEMPLATE_LABELS[key]}` : `Repères du message ${TEMPLATE_LABELS[key]}`}>
            {PLACEHOLDERS.map((p) => (
              <li key={p.name}>
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => insert(`{${p.name}}`)}
                    title={p.description}
                    className="inline-flex min-h-11 items-center rounded-lg bg-slate-100 px-3 font-mono text-sm text-navy-900 ring-1 ring-inset ring-slate-200 hover:bg-teal-50"
                  >
                    {`{${p.name}}`}
                    <span className="sr-only"> : insérer {p.description}</span>
                  </button>
                ) : (
                  <code className="inline-flex min-h-11 items-center rounded-lg bg-slate-100 px-3 text-sm text-navy-900">{`{${p.name}}`}</code>
                )}
              </li>
            ))}
          </ul>
        </div>

        <div>
          <p className="text-sm font-medium text-slate-700" id={`template-${id}-preview-title`}>
            Aperçu <span className="font-normal text-slate-500">(exemple : {example.prénom}, {example.date} à {example.heure})</span>
          </p>
          <div
            aria-labelledby={`template-${id}-preview-title`}
            dir={ar ? "rtl" : undefined}
            lang={ar ? "ar" : undefined}
            role="region"
            className={`mt-1.5 max-w-md whitespace-pre-line break-words rounded-2xl rounded-tl-sm px-4 py-3 text-sm leading-relaxed text-slate-900 shadow-sm ring-1 ${isWhatsapp(key) ? "bg-[#e7fbe0] ring-emerald-200" : "bg-sky-50 ring-sky-200"}`}
            data-testid={`preview-${id}`}
          >
            {preview || <span className="italic text-slate-500">Le message est vide.</span>}
          </div>
          <p className="mt-1 text-xs text-slate-500">
            {[...preview].length} caractères avec le lien
            {!isWhatsapp(key) && preview && <>, soit {smsPartsLabel(preview)}</>}.
          </p>
          {unknown.length > 0 && (
            <p className="mt-1 text-sm font-medium text-amber-900">
              {unknown.length > 1 ? "Repères inconnus" : "Repère inconnu"} : {unknown.join(", ")} — {unknown.length > 1 ? "ils resteraient" : "il resterait"} tel quel dans le message.
            </p>
          )}
        </div>

        <FormErrors form={form} className="" />
        <div className="mt-auto flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
          <button type="submit" className="btn-primary w-full sm:w-auto" disabled={saving}>
            {saving ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Save aria-hidden className="h-4 w-4" />}
            {saving ? (
              "Enregistrement..."
            ) : (
              <span>
                Enregistrer le message<span className="sr-only">{ar ? " arabe" : ""} {TEMPLATE_LABELS[key]}</span>
              </span>
            )}
          </button>
          {hydrated && body !== defaultBody && (
            <button type="button" onClick={() => setText(defaultBody)} className="btn-ghost w-full sm:w-auto">
              <RotateCcw aria-hidden className="h-4 w-4" />
              Rétablir le texte par défaut
            </button>
          )}
          {!hydrated && answer?.ok && answer.toast && (
            <p role="status" className="text-sm font-medium text-green-800">
              {answer.toast.description}
            </p>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}

function smsPartsLabel(text: string): string {
  const { parts, unicode } = smsParts(text);
  return `${parts} SMS${unicode ? " (caractères spéciaux : 70 par SMS)" : ""}`;
}
