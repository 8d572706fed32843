import { Lock, MessageCircle, MessageSquareText } from "lucide-react";
import { formatDateTime } from "~/lib/format";
import { renderTemplate, TEMPLATE_LABELS } from "~/lib/reminder-template";
import type { ExampleValues, TemplateView } from "./types";

/**
 * A reminder template as a role without `template:update` sees it: the message as a patient
 * receives it (on the example appointment), who changed it last, and no editor.
 */
export function TemplatePreview({ template, example }: { template: TemplateView; example: ExampleValues }) {
  const { key } = template;
  const preview = renderTemplate(template.body, example);
  const Icon = key === "whatsapp" ? MessageCircle : MessageSquareText;
  return (
    <section aria-labelledby={`template-${key}-title`} className="flex min-w-0 flex-col rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-3 sm:px-5">
        <span aria-hidden className={`flex h-9 w-9 items-center justify-center rounded-lg ${key === "whatsapp" ? "bg-emerald-50 text-emerald-700" : "bg-sky-50 text-sky-700"}`}>
          <Icon className="h-5 w-5" />
        </span>
        <h3 id={`template-${key}-title`} className="font-sans text-base font-semibold text-navy-900">
          Message {TEMPLATE_LABELS[key]}
        </h3>
        <p className="w-full text-xs text-slate-500 sm:ml-auto sm:w-auto">
          {template.isDefault ? "Texte par défaut" : `Modifié le ${formatDateTime(template.updatedAt)}${template.updatedBy ? ` par ${template.updatedBy}` : ""}`}
        </p>
      </header>
      <div className="p-4 sm:p-5">
        <p className="text-sm font-medium text-slate-700" id={`template-${key}-preview-title`}>
          Aperçu <span className="font-normal text-slate-500">(exemple : {example.prénom}, {example.date} à {example.heure})</span>
        </p>
        <div
          aria-labelledby={`template-${key}-preview-title`}
          role="region"
          className={`mt-1.5 max-w-md whitespace-pre-line break-words rounded-2xl rounded-tl-sm px-4 py-3 text-sm leading-relaxed text-slate-900 shadow-sm ring-1 ${key === "whatsapp" ? "bg-[#e7fbe0] ring-emerald-200" : "bg-sky-50 ring-sky-200"}`}
          data-testid={`preview-${key}`}
        >
          {preview || <span className="italic text-slate-500">Le message est vide.</span>}
        </div>
        <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-600">
          <Lock aria-hidden className="h-3.5 w-3.5 shrink-0" />
          Lecture seule : un dentiste ou un administrateur modifie ce modèle.
        </p>
      </div>
    </section>
  );
}
