import { ArrowRight, CalendarPlus, Link2 } from "lucide-react";
import { CopyLinkButton } from "./CopyLinkButton";

/** A quiet button beside the main one (the card's own colours). */
const SECONDARY = "btn bg-white px-4 text-teal-700 ring-1 ring-teal-600/50 hover:bg-teal-100";

export const PERSONAL_LINK_TEXT = "Gardez ce lien pour confirmer, annuler ou déplacer votre rendez-vous";

/**
 * The personal link on the booking form's success screen (components/booking/BookingSuccess.tsx),
 * for the person who just booked: 'Gérer mon rendez-vous' (the link, as a short button: plain, it
 * works without JavaScript), 'Ajouter à mon agenda' (the appointment's .ics, served by
 * routes/rdv.$token_.calendrier[.]ics.ts) and, with JavaScript, 'Copier le lien'. Part of the
 * booking island: the buttons are simply rendered, and hydrated with the form. On a phone they are
 * stacked at the screen's width, each a thumb's height.
 */
/** The card's texts (the booking island gives them in the page's language). */
export interface PersonalLinkTexts {
  personalLink: string;
  personalLinkText: string;
  manage: string;
  addToCalendar: string;
  copyLink: string;
  copied: string;
  copyFailed: string;
  personalNote: string;
}

export function PersonalLinkCard({ link, texts }: { link: string; texts?: PersonalLinkTexts }) {
  return (
    <section aria-labelledby="booking-personal-link" className="mt-5 border-t border-teal-200 pt-5">
      <h4 id="booking-personal-link" className="flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
        <Link2 aria-hidden className="h-5 w-5 text-teal-600" />
        {texts ? texts.personalLink : "Votre lien personnel"}
      </h4>
      <p className="mt-1 text-sm text-slate-700">{texts ? texts.personalLinkText : `${PERSONAL_LINK_TEXT} :`}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <a href={link} className="btn-primary px-5">
          {texts ? texts.manage : "Gérer mon rendez-vous"}
          <ArrowRight aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
        </a>
        {/* one .ics per appointment, in its language, at the French path (an Arabic link is /ar/rdv/<token>) */}
        <a href={`${link.replace("/ar/rdv/", "/rdv/")}/calendrier.ics`} download className={SECONDARY}>
          <CalendarPlus aria-hidden className="h-4 w-4" />
          {texts ? texts.addToCalendar : "Ajouter à mon agenda"}
        </a>
        {/* with JavaScript: 'Copier le lien' */}
        <CopyLinkButton link={link} className={SECONDARY} texts={texts && { copy: texts.copyLink, label: texts.personalLink, copied: texts.copied, failed: texts.copyFailed }} />
      </div>
      <p className="mt-3 text-xs text-slate-600">{texts ? texts.personalNote : "Ce lien est personnel : ne le partagez pas. Il reste valable jusqu'au jour du rendez-vous."}</p>
    </section>
  );
}
