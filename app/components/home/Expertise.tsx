import { Counter } from "~/components/ui/Counter";
import { HOME, patientsCounter, yearsCounter } from "~/content/home";
import { useClinic } from "~/hooks/use-clinic";
import { useLocale } from "~/hooks/use-locale";

/** Expertise counters: 30+ years (1 every 80 ms) and 7 000+ patients (100 every 30 ms), started when in view; they end on formatFigure's text. */
export function Expertise() {
  const clinic = useClinic();
  const { expertise } = HOME[useLocale()];
  return (
    <section aria-labelledby="expertise-title" className="relative overflow-hidden bg-navy-900 py-16 text-white md:py-20">
      <div aria-hidden className="-end-56 -top-56 glow text-teal-500 opacity-20" />
      <div aria-hidden className="-bottom-56 -start-56 glow text-gold-500 opacity-20" />
      <div className="container-site relative grid items-center gap-10 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">{expertise.eyebrow}</p>
          <h2 id="expertise-title" className="mt-3 font-serif text-3xl font-bold text-white md:text-4xl">
            {expertise.title}
          </h2>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-300">{expertise.text(clinic)}</p>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          <div className="@container flex flex-col rounded-2xl bg-white/10 px-3 py-6 text-center ring-1 ring-white/15 sm:p-6">
            <dt className="mt-1 text-sm uppercase tracking-wider text-slate-300">{expertise.years}</dt>
            <dd className="order-first whitespace-nowrap font-serif text-[clamp(1.75rem,24cqi,3rem)] font-bold leading-none text-gold-400" data-testid="years-counter">
              <bdi dir="ltr">
                <Counter {...yearsCounter(clinic)} suffix="+" />
              </bdi>
            </dd>
          </div>
          <div className="@container flex flex-col rounded-2xl bg-white/10 px-3 py-6 text-center ring-1 ring-white/15 sm:p-6">
            <dt className="mt-1 text-sm uppercase tracking-wider text-slate-300">{expertise.patients}</dt>
            <dd className="order-first whitespace-nowrap font-serif text-[clamp(1.75rem,24cqi,3rem)] font-bold leading-none text-gold-400" data-testid="patients-counter">
              <bdi dir="ltr">
                <Counter {...patientsCounter(clinic)} suffix="+" />
              </bdi>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
