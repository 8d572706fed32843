import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { OpeningHours } from "~/components/content/OpeningHours";
import { BOOKING_LINK, LEGAL_LINKS, MENUS } from "~/content/navigation";
import { useClinic } from "~/hooks/use-clinic";
import { useRootData } from "~/hooks/use-root-data";
import { useI18n } from "~/hooks/use-locale";
import { phoneLabel } from "~/i18n/clinic";
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
  const { locale, t, href, label, words } = useI18n();
  return (
    <footer className={`bg-navy-950 text-slate-300 ${patientBar ? "pb-24 lg:pb-0" : ""}`}>
      <div className="container-site grid gap-10 py-14 md:grid-cols-2 xl:grid-cols-4">
        <div>
          <Logo variant="light" />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            {t("footer.about", { name: words.name, doctor: words.doctorName, title: locale === "fr" ? words.doctorTitle.toLowerCase() : words.doctorTitle, since: clinic.figures.since })}
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
                    <span className="sr-only">{t("footer.newWindow")}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-widest text-white">{t("footer.findUs")}</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
              <span>
                {words.street}
                <br />
                {locale === "ar" ? `${words.district}، ${words.city}، ${words.country}` : `${words.district}, ${words.city}, ${words.country}`}
              </span>
            </p>
            {clinic.phones.map((p) => (
              <p key={p.tel} className="flex gap-2">
                <Phone aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
                <a href={`tel:${p.tel}`} className="hover:text-white">
                  {t("layout.phoneLabel", { label: phoneLabel(p.label, locale) })}
                  <bdi dir="ltr">{p.display}</bdi>
                </a>
              </p>
            ))}
            <p className="flex gap-2">
              <Mail aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
              <a href={`mailto:${clinic.email}`} className="min-w-0 [overflow-wrap:anywhere] hover:text-white">
                <bdi dir="ltr">{clinic.email}</bdi>
              </a>
            </p>
          </address>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-widest text-white">{t("footer.hours")}</h2>
          <OpeningHours className="mt-4" />
          <h2 className="mt-6 font-sans text-sm font-semibold uppercase tracking-widest text-white">{t("footer.treatments")}</h2>
          <ul className="mt-3 space-y-1.5 text-sm">
            {MENUS[2].links.map((l) => (
              <li key={l.to}>
                <Link to={href(l.to)} className="hover:text-white">
                  {label(l)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold uppercase tracking-widest text-white">{t("footer.booking")}</h2>
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            {t("footer.bookingText")}
          </p>
          <Link to={href(BOOKING_LINK.to)} className="btn-gold mt-5 uppercase">
            {label(BOOKING_LINK)}
          </Link>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-site flex flex-col gap-3 py-5 text-xs text-slate-400 md:flex-row md:items-center md:justify-between">
          <p>
            {t("footer.rights", { year, name: words.name })}
            {demoSite && <span className="mt-1 block text-slate-300 md:ms-3 md:mt-0 md:inline">{t("footer.demoNotice")}</span>}
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={href(l.to)} className="hover:text-white">
                  {label(l)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
