import { Link2 } from "lucide-react";
import { CopyLinkButton } from "./CopyLinkButton";

export const PERSONAL_LINK_TEXT = "Gardez ce lien pour confirmer, annuler ou déplacer votre rendez-vous";

/**
 * The personal link on the booking form's success screen, for the person who just booked: the
 * link itself (a plain link, selectable without JavaScript) and, with JavaScript, 'Copier le lien'.
 * It stays after the success banner hides. Part of the booking island (components/booking/BookingForm.tsx):
 * the button is simply rendered, and hydrated with the form.
 */
export function PersonalLinkCard({ link }: { link: string }) {
  return (
    <section aria-labelledby="booking-personal-link" className="mt-4 rounded-xl border border-teal-200 bg-teal-50 p-4 sm:p-5">
      <h3 id="booking-personal-link" className="flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
        <Link2 aria-hidden className="h-5 w-5 text-teal-600" />
        Votre lien personnel
      </h3>
      <p className="mt-1 text-sm text-slate-700">{PERSONAL_LINK_TEXT} :</p>
      <a
        href={link}
        data-copy-source
        className="mt-3 block break-all rounded-lg bg-white px-3 py-2.5 font-mono text-sm text-teal-800 underline underline-offset-2 ring-1 ring-teal-200 hover:bg-teal-50"
      >
        {link}
      </a>
      {/* with JavaScript: 'Copier le lien' */}
      <CopyLinkButton link={link} />
      <p className="mt-3 text-xs text-slate-600">Ce lien est personnel : ne le partagez pas. Il reste valable jusqu'au jour du rendez-vous.</p>
    </section>
  );
}
