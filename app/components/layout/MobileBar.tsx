import { CalendarCheck, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import { BOOKING_LINK } from "~/content/navigation";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";

/**
 * Fixed bottom bar below 992 px: call (the first stored phone), e-mail, and 'RDV' to /appointment.
 * Hidden on large screens.
 */
export function MobileBar() {
  const clinic = useClinic();
  const phone = clinic.phones[0];
  const { t, href } = useI18n();
  return (
    <nav data-mobile-bar aria-label={t("layout.quickContact")} className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-[0_-4px_20px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden">
      <ul className="grid grid-cols-3">
        <li>
          <a href={`tel:${phone.tel}`} className="flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-semibold text-navy-900">
            <Phone aria-hidden className="h-5 w-5 text-teal-600" />
            {t("layout.call")}
          </a>
        </li>
        <li>
          <a href={`mailto:${clinic.email}`} className="flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs font-semibold text-navy-900">
            <Mail aria-hidden className="h-5 w-5 text-teal-600" />
            {t("layout.email")}
          </a>
        </li>
        <li>
          <Link to={href(BOOKING_LINK.to)} className="flex min-h-14 flex-col items-center justify-center gap-0.5 bg-teal-600 text-xs font-semibold text-white">
            <CalendarCheck aria-hidden className="h-5 w-5" />
            {t("layout.rdv")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
