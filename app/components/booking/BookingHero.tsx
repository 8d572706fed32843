import { useI18n } from "~/hooks/use-locale";

/** The navy header of /appointment (and /ar/appointment). */
export function BookingHero() {
  const { t } = useI18n();
  return (
    <section className="relative overflow-hidden bg-navy-900 text-white">
      <div aria-hidden className="-end-56 -top-56 glow text-teal-600 opacity-25" />
      <div aria-hidden className="-bottom-64 start-[calc(33.333%-8rem)] glow text-gold-500 opacity-20" />
      <div className="container-site relative py-12 md:py-16">
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{t("booking.eyebrow")}</p>
        <h1 className="mt-3 text-4xl font-bold text-white md:text-5xl">{t("booking.title")}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">{t("booking.lead")}</p>
      </div>
    </section>
  );
}
