import { ExternalLink, MapPin, PhoneCall } from "lucide-react";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { phoneLabel } from "~/i18n/clinic";
import { openStreetMapLink, type Clinic } from "~/lib/clinic";

/** "Cabinet : 023 70 45 12"; in Arabic the label translated and the number left to right. */
function PhoneText({ phone: p }: { phone: Clinic["phones"][number] }) {
  const { locale, t } = useI18n();
  if (locale === "fr") {
    return (
      <>
        {p.label} : {p.display}
      </>
    );
  }
  // one flex item: the number follows its label without the button's gap
  return (
    <span>
      {t("rdvPage.phone", { label: phoneLabel(p.label, locale), number: "" })}
      <bdi dir="ltr">{p.display}</bdi>
    </span>
  );
}

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
            <PhoneText phone={p} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * 'La clinique': address with a link to the map (a new tab; no Referer leaves the page, so the
 * token in its address stays here) and the phones. The clinic's name and address as the page's
 * language writes them (clinicWords).
 */
export function ClinicCard() {
  const clinic = useClinic();
  const { t, words } = useI18n();
  return (
    <section aria-labelledby="rdv-clinic" className="rounded-2xl bg-navy-900 p-5 text-slate-200 shadow-sm sm:p-6">
      <h2 id="rdv-clinic" className="text-xl font-bold text-white">
        {t("rdvPage.clinic")}
      </h2>
      <p className="mt-3 flex gap-3">
        <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-gold-400" />
        <span>
          <span className="block font-semibold text-white">{words.name}</span>
          {words.oneLine}
        </span>
      </p>
      <a
        href={openStreetMapLink(clinic)}
        target="_blank"
        rel="noreferrer noopener"
        className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full px-1 font-semibold text-gold-400 underline underline-offset-4 hover:text-gold-100"
      >
        {t("rdvChange.map")}
        <ExternalLink aria-hidden className="h-4 w-4" />
        <span className="sr-only">{t("rdvPage.newTab")}</span>
      </a>
      <ul className="mt-4 space-y-2 text-sm">
        {clinic.phones.map((p) => (
          <li key={p.tel}>
            <a href={`tel:${p.tel}`} className="flex min-h-11 items-center gap-3 rounded-lg bg-white/5 px-3 py-2.5 font-semibold text-white hover:bg-white/10">
              <PhoneCall aria-hidden className="h-4 w-4 text-gold-400" />
              <span>
                <PhoneText phone={p} />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
