import { ExternalLink, MapPin } from "lucide-react";
import { useClinic } from "~/hooks/use-clinic";
import { openStreetMapEmbedUrl, openStreetMapLink } from "~/lib/clinic";

/**
 * The clinic on an OpenStreetMap embed (no key; allowed by the CSP's frame-src), lazy-loaded,
 * 400 px high, with a plain link beside it for when the frame cannot load.
 */
export function MapEmbed({ linkLabel = "Ouvrir le plan dans OpenStreetMap" }: { linkLabel?: string }) {
  const clinic = useClinic();
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_320px] lg:items-stretch">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 shadow-sm">
        <iframe
          src={openStreetMapEmbedUrl(clinic)}
          title={`Plan d'accès à la ${clinic.name}, ${clinic.address.oneLine}`}
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
            <strong className="block text-navy-900">{clinic.name}</strong>
            {clinic.address.street}
            <br />
            {clinic.address.postalCode} {clinic.address.district}, {clinic.address.city}
          </span>
        </p>
        <a href={openStreetMapLink(clinic)} target="_blank" rel="noopener noreferrer" className="mt-5 inline-flex items-center gap-2 font-semibold text-teal-600 underline underline-offset-4 hover:text-navy-900">
          {linkLabel}
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          <span className="sr-only"> (nouvelle fenêtre)</span>
        </a>
        <ul className="mt-5 space-y-1 text-sm text-slate-600">
          {clinic.phones.map((p) => (
            <li key={p.tel}>
              {p.label} :{" "}
              <a href={`tel:${p.tel}`} className="font-medium text-navy-900 hover:text-teal-600">
                {p.display}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
