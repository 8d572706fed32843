import { CalendarCheck, LockKeyhole, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { BOOKING_LINK, WORKSPACE_LINK } from "~/content/navigation";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { phoneLabel } from "~/i18n/clinic";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";

/**
 * Contact bar above the navigation on wide screens (from 1280 px, where the full menu row shows):
 * logo, street address, the phones, e-mail (the stored identity), the staff entrance and booking.
 * Below 1280 px the navigation bar is the only header bar (docs/product.md, "Frame of every page").
 */
export function ContactBar() {
  const clinic = useClinic();
  const { locale, t, href, label, words } = useI18n();
  return (
    <div data-contact-bar className="hidden border-b border-slate-200 bg-white nav:block">
      <div className="container-site flex items-center justify-between gap-6 py-3">
        <Link to={href("/")} aria-label={t("layout.homeOf", { name: words.name })} className="shrink-0">
          <Logo />
        </Link>
        <address className="flex min-w-0 flex-1 flex-wrap items-center justify-end gap-x-5 gap-y-1 text-sm not-italic text-slate-600">
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden className="h-4 w-4 shrink-0 text-teal-600" />
            {words.oneLine}
          </span>
          {clinic.phones.map((p) => (
            <a key={p.tel} href={`tel:${p.tel}`} className="inline-flex items-center gap-1.5 whitespace-nowrap hover:text-teal-600">
              <Phone aria-hidden className="h-4 w-4 text-teal-600" />
              <span className="sr-only">{t("layout.phoneLabel", { label: phoneLabel(p.label, locale) })}</span>
              <bdi dir="ltr">{p.display}</bdi>
            </a>
          ))}
          <a href={`mailto:${clinic.email}`} className="inline-flex items-center gap-1.5 hover:text-teal-600">
            <Mail aria-hidden className="h-4 w-4 text-teal-600" />
            <bdi dir="ltr">{clinic.email}</bdi>
          </a>
        </address>
        <div className="flex shrink-0 items-center gap-2">
          <Link
            to={WORKSPACE_LINK.to}
            hrefLang={locale === "ar" ? "fr" : undefined}
            className="inline-flex min-h-10 items-center gap-1.5 whitespace-nowrap rounded-full px-3 text-xs font-semibold uppercase tracking-wide text-navy-900 hover:bg-slate-100"
          >
            <LockKeyhole aria-hidden className="h-4 w-4 text-teal-600" />
            {label(WORKSPACE_LINK)}
          </Link>
          <LanguageSwitch className="text-xs text-navy-900 hover:bg-slate-100" />
          <Link to={href(BOOKING_LINK.to)} className="btn-gold min-h-10 whitespace-nowrap px-4 text-xs uppercase">
            <CalendarCheck aria-hidden className="h-4 w-4" />
            {label(BOOKING_LINK)}
          </Link>
        </div>
      </div>
    </div>
  );
}
