import { Lock } from "~/components/admin/icons";
import { useClinic } from "~/hooks/use-clinic";
import { isWhatsapp, renderTemplate } from "~/lib/reminder-template";
import { noLinkSentenceAr } from "~/lib/reminder-template-ar";
import { TemplateHeader } from "./TemplateHeader";
import type { ExampleValues, TemplateView } from "~/lib/reminder-view";

/**
 * A reminder template as a role without `template:update` sees it: the message as a patient
 * receives it (on the example appointment), who changed it last, and no editor.
 */
export function TemplatePreview({ template, example }: { template: TemplateView; example: ExampleValues }) {
  const { key } = template;
  const ar = template.language === "ar";
  const id = ar ? `ar-${key}` : key;
  const clinic = useClinic();
  const preview = ar ? renderTemplate(template.body, example, clinic, noLinkSentenceAr(clinic)) : renderTemplate(template.body, example, clinic);
  return (
    <section aria-labelledby={`template-${id}-title`} className="flex min-w-0 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <TemplateHeader template={template} />
      <div className="p-4 sm:p-5">
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
        <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600">
          <Lock aria-hidden className="h-3.5 w-3.5 shrink-0" />
          Lecture seule : un dentiste ou un administrateur modifie ce modèle.
        </p>
      </div>
    </section>
  );
}
