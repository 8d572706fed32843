import useEmblaCarousel from "embla-carousel-react";
import { ArrowRight, ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { treatments } from "~/content/home";
import { useReducedMotion } from "~/hooks/useReducedMotion";
import { treatmentSlot } from "~/lib/photo-slots";

/**
 * 'NOS SOINS ET TRAITEMENTS': five tabs, each with a title, description, image and its booking
 * link. Previous/next arrows wrap around; dots and tabs select a treatment.
 */
export function TreatmentsCarousel() {
  const tabs = treatments.tabs;
  const reduced = useReducedMotion();
  const [emblaRef, embla] = useEmblaCarousel({ loop: true, duration: reduced ? 1 : 25 });
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  const select = useCallback(
    (i: number) => {
      const n = (i + tabs.length) % tabs.length;
      setSelected(n);
      embla?.scrollTo(n);
    },
    [embla, tabs.length],
  );

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    let next: number | null = null;
    if (e.key === "ArrowRight") next = selected + 1;
    else if (e.key === "ArrowLeft") next = selected - 1;
    else if (e.key === "Home") next = 0;
    else if (e.key === "End") next = tabs.length - 1;
    if (next === null) return;
    e.preventDefault();
    const n = (next + tabs.length) % tabs.length;
    select(n);
    tabRefs.current[n]?.focus();
  }

  return (
    <section aria-labelledby="treatments-title" className="bg-gradient-to-b from-teal-50 to-white py-16 md:py-24">
      <div className="container-site">
        <div className="text-center">
          <p className="eyebrow">Ce que nous faisons pour vous</p>
          <h2 id="treatments-title" className="section-title mt-3">
            {treatments.title}
          </h2>
        </div>

        <div role="tablist" aria-label="Nos traitements" className="mx-auto mt-8 flex max-w-4xl gap-2 overflow-x-auto pb-2 md:justify-center">
          {tabs.map((t, i) => (
            <button
              key={t.id}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              id={`tab-${t.id}`}
              role="tab"
              type="button"
              aria-selected={selected === i}
              aria-controls={`panel-${t.id}`}
              tabIndex={selected === i ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={onTabKey}
              className={`min-h-11 shrink-0 rounded-full px-5 text-sm font-semibold transition ${
                selected === i ? "bg-navy-900 text-white shadow" : "bg-white text-navy-900 ring-1 ring-slate-200 hover:ring-teal-600"
              }`}
            >
              {t.tab}
            </button>
          ))}
        </div>

        <div className="relative mt-8">
          <div className="relative overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200" ref={emblaRef}>
            <div className="flex">
              {tabs.map((t, i) => (
                <div
                  key={t.id}
                  id={`panel-${t.id}`}
                  role="tabpanel"
                  aria-labelledby={`tab-${t.id}`}
                  inert={selected !== i}
                  className="grid min-w-0 shrink-0 grow-0 basis-full items-center gap-6 p-6 md:grid-cols-2 md:gap-10 md:p-10"
                >
                  <SlotPhoto slot={treatmentSlot(i)} className="aspect-[9/7] h-auto w-full rounded-2xl bg-teal-50 object-cover" />
                  <div>
                    <h3 className="text-2xl font-bold md:text-3xl">{t.title}</h3>
                    <p className="mt-4 text-lg leading-relaxed text-slate-600">{t.description}</p>
                    <div className="mt-6 flex flex-wrap items-center gap-4">
                      <Link to="/appointment" className="btn-gold">
                        {t.bookingLabel}
                      </Link>
                      <Link to={t.more} className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-teal-600 hover:text-navy-900">
                        En savoir plus<span className="sr-only"> : {t.title}</span>
                        <ArrowRight aria-hidden className="h-4 w-4" />
                      </Link>
                    </div>
                  </div>
                </div>
              ))}
            </div>
          </div>

          <div className="mt-6 flex items-center justify-center gap-4">
            <button
              type="button"
              onClick={() => select(selected - 1)}
              className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-navy-900 shadow ring-1 ring-slate-200 hover:ring-teal-600"
            >
              <ChevronLeft aria-hidden className="h-5 w-5" />
              <span className="sr-only">Traitement précédent</span>
            </button>
            <div className="flex gap-0.5" data-testid="treatment-dots">
              {tabs.map((t, i) => (
                <button
                  key={t.id}
                  type="button"
                  onClick={() => select(i)}
                  aria-label={`Afficher ${t.title}`}
                  aria-current={selected === i ? "true" : undefined}
                  className="inline-flex h-11 w-8 items-center justify-center"
                >
                  <span className={`block h-2.5 rounded-full transition-all ${selected === i ? "w-6 bg-teal-600" : "w-2.5 bg-slate-300"}`} />
                </button>
              ))}
            </div>
            <button
              type="button"
              onClick={() => select(selected + 1)}
              className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-navy-900 shadow ring-1 ring-slate-200 hover:ring-teal-600"
            >
              <ChevronRight aria-hidden className="h-5 w-5" />
              <span className="sr-only">Traitement suivant</span>
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
