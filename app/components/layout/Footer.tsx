import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { OpeningHours } from "~/components/content/OpeningHours";
import { BOOKING_LINK, LEGAL_LINKS, MENUS } from "~/content/navigation";
import { useClinic } from "~/hooks/use-clinic";
import { useRootData } from "~/hooks/use-root-data";
import { DEMO_SITE_NOTICE } from "~/lib/demo-facts";
import { Logo } from "./Logo";

/**
 * Footer: clinic name, address, phones, e-mail and social links (the identity stored on
 * /admin/clinique), the opening hours (from the stored schedule, with the closures of the next
 * 30 days), invitation to book online, copyright. Room is kept below it for the patients' bar
 * where that bar shows.
 */
export function Footer({ patientBar = true }: { patientBar?: boolean }) {
  const clinic = useClinic();
  const demoSite = useRootData()?.demoSite ?? false;
  const year = new Date().getFullYear();
  return (
    <footer className={`bg-navy-950 text-slate-300 ${patientBar ? "pb-24 lg:pb-0" : ""}`}>
      <div className="container-site grid gap-10 py-14 md:grid-cols-2 xl:grid-cols-4">
        <div>
          <Logo variant="light" />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            {clinic.name} — {clinic.doctor.name}, {clinic.doctor.title.toLowerCase()}. L'excellence depuis {clinic.figures.since}.
          </p>
          {clinic.social.length > 0 && (
            <ul className="mt-5 flex flex-wrap gap-3">
              {clinic.social.map((s) => (
                <li key={s.url}>
                  <a
                    href={s.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex min-h-11 items-center rounded-full border border-white/20 px-4 text-sm hover:border-gold-400 hover:text-gold-400"
                  >
                    {s.name}
                    <span className="sr-only"> (nouvelle fenêtre)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-widest text-white">Nous trouver</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
              <span>
                {clinic.address.street}
                <br />
                {clinic.address.district}, {clinic.address.city}, {clinic.address.country}
              </span>
            </p>
            {clinic.phones.map((p) => (
              <p key={p.tel} className="flex gap-2">
                <Phone aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                <a href={`tel:${p.tel}`} className="hover:text-white">
                  {p.label} : {p.display}
                </a>
              </p>
            ))}
            <p className="flex gap-2">
              <Mail aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
              <a href={`mailto:${clinic.email}`} className="min-w-0 [overflow-wrap:anywhere] hover:text-white">
                {clinic.email}
              </a>
            </p>
          </address>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-widest text-white">Horaires</h2>
          <OpeningHours className="mt-4" />
          <h2 className="mt-6 font-sans text-sm font-semibold uppercase tracking-widest text-white">Nos soins</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {MENUS[2].links.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-widest text-white">Rendez-vous en ligne</h2>
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            Réservez votre consultation en ligne en quelques minutes : nous vous rappelons pour confirmer le créneau.
          </p>
          <Link to={BOOKING_LINK.to} className="btn-gold mt-5 uppercase">
            {BOOKING_LINK.label}
          </Link>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-site flex flex-col gap-3 py-5 text-xs text-slate-400 md:flex-row md:items-center md:justify-between">
          <p>
            © {year} {clinic.name}. Tous droits réservés.
            {demoSite && <span className="mt-1 block text-slate-300 md:ml-3 md:mt-0 md:inline">{DEMO_SITE_NOTICE}</span>}
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
