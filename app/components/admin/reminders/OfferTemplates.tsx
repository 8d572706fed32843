import { Hourglass } from "~/components/admin/icons";
import type { ExampleValues, TemplateResult, TemplateView } from "~/lib/reminder-view";
import { TemplatePairs } from "./TemplatePairs";

/**
 * The WhatsApp and SMS texts of a waiting-list offer ('Liste d'attente': the buttons of an offer
 * still open), under the reminders' templates of 'Rappels à envoyer': the same editor and the same
 * placeholders, {lien} being the offer's personal link.
 */
export function OfferTemplates({
  templates,
  templatesAr,
  example,
  exampleAr,
  canEdit,
  actionData,
}: {
  templates: TemplateView[];
  templatesAr: TemplateView[];
  example: ExampleValues;
  exampleAr: ExampleValues;
  canEdit: boolean;
  actionData?: TemplateResult;
}) {
  return (
    <div className="space-y-4 pt-2">
      <div>
        <h3 id="offer-templates-title" className="flex items-center gap-2 font-sans text-lg font-semibold text-navy-900">
          <Hourglass aria-hidden className="h-5 w-5 text-teal-600" />
          Offres de la liste d'attente
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Le texte que WhatsApp et les SMS proposent quand un créneau libéré est offert à un patient de la liste d'attente. {"{lien}"} est le lien personnel de
          l'offre : le premier patient qui confirme obtient le créneau.
        </p>
      </div>
      <TemplatePairs fr={templates} ar={templatesAr} example={example} exampleAr={exampleAr} canEdit={canEdit} actionData={actionData} />
    </div>
  );
}
