import { MapPin, PhoneCall } from "lucide-react";
import { OpeningHours } from "~/components/content/OpeningHours";
import { Img } from "~/components/ui/Img";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { phoneLabel } from "~/i18n/clinic";

const STEPS = [
  { title: "booking.step1Title", text: "booking.step1Text" },
  { title: "booking.step2Title", text: "booking.step2Text" },
  { title: "booking.step3Title", text: "booking.step3Text" },
] as const;

/** The side column of /appointment: how a request goes, and the clinic's phones, address and hours (the stored schedule). */
export function BookingAside() {
  const clinic = useClinic();
  const { locale, t, words } = useI18n();
  return (
    <aside className="space-y-6" aria-label={t("booking.asideLabel")}>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <Img src="/media/booking-calendar.svg" alt="" width={720} height={400} priority className="h-auto w-full bg-teal-50" />
        <div className="p-6">
          <h2 className="text-xl font-bold">{t("booking.howTitle")}</h2>
          <ol className="mt-4 space-y-4">
            {STEPS.map((s, i) => (
              <li key={s.title} className="flex gap-3">
                <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-teal-600 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <div>
                  <p className="font-semibold text-navy-900">{t(s.title)}</p>
                  <p className="text-sm text-slate-600">{t(s.text)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>

      <div className="rounded-2xl bg-navy-900 p-6 text-slate-200 shadow-sm">
        <h2 className="text-xl font-bold text-white">{t("booking.callTitle")}</h2>
        <ul className="mt-4 space-y-3 text-sm">
          {clinic.phones.map((p) => (
            <li key={p.tel}>
              <a href={`tel:${p.tel}`} className="flex items-center gap-3 rounded-lg bg-white/5 px-3 py-2.5 font-semibold text-white hover:bg-white/10">
                <PhoneCall aria-hidden className="h-4 w-4 text-gold-400" />
                <span>
                  {t("booking.phoneLine", { label: phoneLabel(p.label, locale) })}
                  <bdi dir="ltr">{p.display}</bdi>
                </span>
              </a>
            </li>
          ))}
          <li className="flex gap-3 px-3 pt-1">
            <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-gold-400" />
            <span>{words.oneLine}</span>
          </li>
        </ul>
        <h3 className="mt-6 px-3 font-sans text-xs font-semibold uppercase tracking-widest text-gold-400">{t("booking.hours")}</h3>
        <OpeningHours className="mt-3 px-3" />
      </div>
    </aside>
  );
}
