import { ExternalLink, MapPin } from "lucide-react";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { phoneLabel } from "~/i18n/clinic";
import { openStreetMapEmbedUrl, openStreetMapLink } from "~/lib/clinic";

/** The map service's name, written in Latin letters in every language: isolated in an Arabic label. */
const BRAND = "OpenStreetMap";

/**
 * The clinic on an OpenStreetMap embed (no key; allowed by the CSP's frame-src), lazy-loaded,
 * 400 px high, with a plain link beside it for when the frame cannot load. In the page's language:
 * the clinic's name and address as that language writes them (useI18n().words), phone numbers
 * left to right inside Arabic text.
 */
export function MapEmbed({ linkLabel = "Ouvrir le plan dans OpenStreetMap" }: { linkLabel?: string }) {
  const clinic = useClinic();
  const { locale, t, words } = useI18n();
  const ar = locale === "ar";
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px] lg:items-stretch">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm">
        <iframe
          src={openStreetMapEmbedUrl(clinic)}
          title={t("landing.mapFrameTitle", { name: words.name, address: words.oneLine })}
          height={400}
          width="100%"
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="block h-[400px] w-full border-0"
        />
      </div>
      <div className="flex flex-col justify-center rounded-2xl bg-ivory p-6">
        <p className="flex items-start gap-3 text-slate-700">
          <MapPin aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-teal-600" />
          <span>
            <strong className="block text-navy-900">{words.name}</strong>
            {words.street}
            <br />
            {ar ? (
              <>
                {words.district}، {words.city} <bdi dir="ltr">{clinic.address.postalCode}</bdi>
              </>
            ) : (
              `${clinic.address.postalCode} ${words.district}, ${words.city}`
            )}
          </span>
        </p>
        <a href={openStreetMapLink(clinic)} target="_blank" rel="noopener noreferrer" className="mt-5 inline-flex items-center gap-2 font-semibold text-teal-600 underline underline-offset-4 hover:text-navy-900">
          {ar ? linkLabel.split(BRAND).flatMap((part, i) => (i === 0 ? [part] : [<bdi key={i}>{BRAND}</bdi>, part])) : linkLabel}
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only">{t("footer.newWindow")}</span>
        </a>
        <ul className="mt-5 space-y-1 text-sm text-slate-600">
          {clinic.phones.map((p) => (
            <li key={p.tel}>
              {ar ? (
                <>{phoneLabel(p.label, locale)}: </>
              ) : (
                <>
                  {p.label} :{" "}
                </>
              )}
              <a href={`tel:${p.tel}`} className="font-medium text-navy-900 hover:text-teal-600">
                <bdi dir="ltr">{p.display}</bdi>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
