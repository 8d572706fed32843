import { ExternalLink, MapPin, PhoneCall } from "lucide-react";
import { useClinic } from "~/hooks/use-clinic";
import { openStreetMapLink } from "~/lib/clinic";

/**
 * The clinic's numbers as large tel: buttons (one-hand use on a phone), for the personal link
 * page: wherever the patient is told to call.
 */
export function CallButtons({ className = "" }: { className?: string }) {
  const clinic = useClinic();
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {clinic.phones.map((p) => (
        <li key={p.tel} className="w-full sm:w-auto">
          <a href={`tel:${p.tel}`} className="btn-primary w-full sm:w-auto">
            <PhoneCall aria-hidden className="h-4 w-4" />
            {p.label} : {p.display}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'La clinique': address with a link to the map (a new tab; no Referer leaves the page, so the
 * token in its address stays here) and the phones.
 */
export function ClinicCard() {
  const clinic = useClinic();
  return (
    <section aria-labelledby="rdv-clinic" className="rounded-2xl bg-navy-900 p-5 text-slate-200 shadow-sm sm:p-6">
      <h2 id="rdv-clinic" className="text-xl font-bold text-white">
        La clinique
      </h2>
      <p className="mt-3 flex gap-3">
        <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-gold-400" />
        <span>
          <span className="block font-semibold text-white">{clinic.name}</span>
          {clinic.address.oneLine}
        </span>
      </p>
      <a
        href={openStreetMapLink(clinic)}
        target="_blank"
        rel="noreferrer noopener"
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full px-1 font-semibold text-gold-400 underline underline-offset-4 hover:text-gold-100"
      >
        Voir le plan (OpenStreetMap)
        <ExternalLink aria-hidden className="h-4 w-4" />
        <span className="sr-only"> (nouvel onglet)</span>
      </a>
      <ul className="mt-4 space-y-2 text-sm">
        {clinic.phones.map((p) => (
          <li key={p.tel}>
            <a href={`tel:${p.tel}`} className="flex min-h-11 items-center gap-3 rounded-lg bg-white/5 px-3 py-2.5 font-semibold text-white hover:bg-white/10">
              <PhoneCall aria-hidden className="h-4 w-4 text-gold-400" />
              <span>
                {p.label} : {p.display}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
