import { ArrowRight, ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { HOME } from "~/content/home";
import { useI18n } from "~/hooks/use-locale";
import { fill } from "~/i18n";
import { treatmentSlot } from "~/lib/photo-slots";

/**
 * 'NOS SOINS ET TRAITEMENTS': five tabs, each with a title, description, image and its booking
 * link. Previous/next arrows wrap around; dots and tabs select a treatment (arrow keys, Home and
 * End move between tabs); a swipe moves one. The behaviour is the site's script's carousel
 * (app/site/chrome.ts, `data-carousel`); the server renders the first treatment selected.
 */
export function TreatmentsCarousel() {
  const { locale, t: text, href } = useI18n();
  const { treatments, labels } = HOME[locale];
  const tabs = treatments.tabs;
  return (
    <section aria-labelledby="treatments-title" className="bg-gradient-to-b from-teal-50 to-white py-16 md:py-24">
      <div className="container-site">
        <div className="text-center">
          <p className="eyebrow">{treatments.eyebrow}</p>
          <h2 id="treatments-title" className="section-title mt-3">
            {treatments.title}
          </h2>
        </div>

        <div data-carousel>
          <div role="tablist" aria-label={labels.treatmentsTabs} className="mx-auto mt-8 flex max-w-4xl gap-2 overflow-x-auto pb-2 md:justify-center">
            {tabs.map((t, i) => (
              <button
                key={t.id}
                id={`tab-${t.id}`}
                role="tab"
                type="button"
                data-carousel-dot={i}
                aria-selected={i === 0}
                aria-controls={`panel-${t.id}`}
                tabIndex={i === 0 ? 0 : -1}
                className="min-h-11 shrink-0 rounded-full bg-white px-5 text-sm font-semibold text-navy-900 ring-1 ring-slate-200 transition hover:ring-teal-600 aria-selected:bg-navy-900 aria-selected:text-white aria-selected:shadow aria-selected:ring-0"
              >
                {t.tab}
              </button>
            ))}
          </div>

          <div className="relative mt-8">
            <div className="relative overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200">
              <div className="flex touch-pan-y transition-transform duration-500 ease-out" data-carousel-track>
                {tabs.map((t, i) => (
                  <div
                    key={t.id}
                    id={`panel-${t.id}`}
                    role="tabpanel"
                    aria-labelledby={`tab-${t.id}`}
                    data-carousel-slide
                    inert={i > 0}
                    className="grid min-w-0 shrink-0 grow-0 basis-full items-center gap-6 p-6 md:grid-cols-2 md:gap-10 md:p-10"
                  >
                    <SlotPhoto slot={treatmentSlot(i)} drawing={{ ...treatmentSlot(i).drawing, alt: t.imageAlt }} className="aspect-[9/7] h-auto w-full rounded-2xl bg-teal-50 object-cover" />
                    <div>
                      <h3 className="text-2xl font-bold md:text-3xl">{t.title}</h3>
                      <p className="mt-4 text-lg leading-relaxed text-slate-600">{t.description}</p>
                      <div className="mt-6 flex flex-wrap items-center gap-4">
                        <Link to={href("/appointment")} className="btn-gold">
                          {t.bookingLabel}
                        </Link>
                        <Link to={href(t.more)} className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-teal-600 hover:text-navy-900">
                          {text("carousel.learnMore")}
                          <span className="sr-only">{locale === "fr" ? `\u202f: ${t.title}` : `: ${t.title}`}</span>
                          <ArrowRight aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
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
                data-carousel-prev
                className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-navy-900 shadow ring-1 ring-slate-200 hover:ring-teal-600"
              >
                <ChevronLeft aria-hidden className="h-5 w-5 rtl:-scale-x-100" />
                <span className="sr-only">{labels.previousTreatment}</span>
              </button>
              <div className="flex gap-0.5" data-testid="treatment-dots">
                {tabs.map((t, i) => (
                  <button
                    key={t.id}
                    type="button"
                    data-carousel-dot={i}
                    aria-label={fill(labels.showTreatment, { title: t.title })}
                    aria-current={i === 0 ? "true" : undefined}
                    className="group inline-flex h-11 w-8 items-center justify-center"
                  >
                    <span className="block h-2.5 w-2.5 rounded-full bg-slate-300 transition-all group-aria-[current=true]:w-6 group-aria-[current=true]:bg-teal-600" />
                  </button>
                ))}
              </div>
              <button
                type="button"
                data-carousel-next
                className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white text-navy-900 shadow ring-1 ring-slate-200 hover:ring-teal-600"
              >
                <ChevronRight aria-hidden className="h-5 w-5 rtl:-scale-x-100" />
                <span className="sr-only">{labels.nextTreatment}</span>
              </button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
