import { PersonalLinkCard } from "~/components/rdv/PersonalLinkCard";
import type { BookedSummary, BookingTexts } from "~/lib/booking-answer";

/**
 * The success screen of the booking form, in place of the form (the island's, and the answer page
 * of a post without JavaScript): what was booked (service, day, time), the personal link with
 * 'Ajouter à mon agenda', and 'Prendre un autre rendez-vous', a plain link that loads an empty form
 * (the page is the same for everyone: the page cache serves it, with or without JavaScript). The
 * success banner (BookingForm) stays above it for its 5 s.
 */
export function BookingSuccess({ booked, link, texts, again }: { booked: BookedSummary | null; link: string | null; texts: BookingTexts; again: string }) {
  return (
    <div data-booking-done className="mt-4">
      {booked && (
        <section aria-labelledby="booking-booked" className="rounded-xl border border-teal-200 bg-teal-50 p-4 sm:p-6">
          <h3 id="booking-booked" className="font-sans text-xs font-semibold uppercase tracking-widest text-teal-800">
            {texts.recap}
          </h3>
          {/* "Orthodontie", then "Mardi 24 novembre 2026 à 09:00": read at a glance, as a ticket */}
          <p className="mt-2 text-lg font-semibold text-navy-900">{booked.service}</p>
          <p className="font-medium text-navy-900 first-letter:uppercase">
            {texts.dayAt.split(/(\{day\}|\{time\})/).map((part, i) =>
              part === "{day}" ? booked.day : part === "{time}" ? <bdi key={i} dir="ltr">{booked.time}</bdi> : part,
            )}
          </p>
          {link && <PersonalLinkCard link={link} texts={texts} />}
        </section>
      )}
      <a href={again} className="btn-ghost mt-4 w-full px-4 text-teal-700 ring-1 ring-slate-300 sm:w-auto">
        {texts.another}
      </a>
    </div>
  );
}
