import { MessageCircle, MessageSquareText } from "~/components/admin/icons";
import { formatDateTime } from "~/lib/format";
import { isWhatsapp, TEMPLATE_LABELS } from "~/lib/reminder-template";
import type { TemplateView } from "~/lib/reminder-view";

/** The head of a reminder template's card (the editor's and the read-only preview's): channel, who changed it last. */
export function TemplateHeader({ template }: { template: TemplateView }) {
  const { key } = template;
  const Icon = isWhatsapp(key) ? MessageCircle : MessageSquareText;
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 px-4 py-3 sm:px-5">
      <span aria-hidden className={`flex h-9 w-9 items-center justify-center rounded-lg ${isWhatsapp(key) ? "bg-emerald-50 text-emerald-700" : "bg-sky-50 text-sky-700"}`}>
        <Icon className="h-5 w-5" />
      </span>
      <h3 id={`template-${template.language === "ar" ? `ar-${key}` : key}-title`} className="font-sans text-base font-semibold text-navy-900">
        {template.language === "ar" ? `${TEMPLATE_LABELS[key]} en arabe` : `Message ${TEMPLATE_LABELS[key]}`}
      </h3>
      <p className="w-full text-xs text-slate-500 sm:ml-auto sm:w-auto">
        {template.isDefault ? "Texte par défaut" : `Modifié le ${formatDateTime(template.updatedAt)}${template.updatedBy ? ` par ${template.updatedBy}` : ""}`}
      </p>
    </header>
  );
}
