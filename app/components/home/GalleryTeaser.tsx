import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Counter } from "~/components/ui/Counter";
import { Img } from "~/components/ui/Img";
import { Photo } from "~/components/ui/Photo";
import { HOME, HOME_CAROUSEL_INTERVAL_MS, patientsCounter, type HomeContent } from "~/content/home";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { fill } from "~/i18n";
import type { MediaRef } from "~/lib/media";

/** A real before/after case of /gallery (consent standing), as the teaser shows it. */
export interface TeaserCase {
  id: number;
  treatment: string;
  before: MediaRef & { alt: string };
  after: MediaRef & { alt: string };
}

type Slide = {
  key: string;
  caption: string;
  drawing: HomeContent["teaser"]["slides"][number] | null;
  photo: (MediaRef & { alt: string }) | null;
};

/**
 * The slides: the before and after photos of the first real cases (at most three), or the two
 * drawings while the clinic has no real case on the site.
 */
function slidesOf(cases: TeaserCase[] | undefined, { teaser, labels }: HomeContent): Slide[] {
  if (!cases || cases.length === 0)
    return teaser.slides.map((s) => ({
      key: s.src,
      caption: s.caption,
      drawing: s,
      photo: null,
    }));
  return cases.slice(0, 3).flatMap((c) => [
    {
      key: `${c.id}-avant`,
      caption: `${labels.before} · ${c.treatment}`,
      drawing: null,
      photo: c.before,
    },
    {
      key: `${c.id}-apres`,
      caption: `${labels.after} · ${c.treatment}`,
      drawing: null,
      photo: c.after,
    },
  ]);
}

/**
 * Gallery teaser: a two-image carousel that switches every 3000 ms (paused under the pointer or
 * the focus, and under prefers-reduced-motion), with arrows, dots and swipe: the site's script's
 * carousel (app/site/chrome.ts, `data-carousel`).
 */
export function GalleryTeaser({ cases }: { cases?: TeaserCase[] } = {}) {
  const clinic = useClinic();
  const { locale, t, href } = useI18n();
  const home = HOME[locale];
  const { teaser, labels } = home;
  const slides = slidesOf(cases, home);
  return (
    <section id="galerie-apercu" aria-labelledby="teaser-title" className="bg-ivory py-16 md:py-24">
      <div className="container-site grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="relative" role="region" aria-roledescription={t("carousel.roleDescription")} aria-label={labels.carousel} data-carousel data-autoplay={HOME_CAROUSEL_INTERVAL_MS}>
          <div className="relative overflow-hidden rounded-2xl shadow-xl ring-1 ring-slate-200">
            <div className="flex touch-pan-y transition-transform duration-500 ease-out" data-carousel-track>
              {slides.map((s, i) => (
                // the slide is a group (its position said); the picture and its caption a figure inside it (a figure with a caption takes no role)
                <div
                  key={s.key}
                  className="min-w-0 shrink-0 grow-0 basis-full"
                  data-carousel-slide
                  inert={i > 0}
                  role="group"
                  aria-roledescription={t("carousel.slide")}
                  aria-label={t("carousel.position", { index: i + 1, count: slides.length })}
                >
                  <figure className="relative">
                  {s.photo ? (
                    <Photo photo={s.photo} drawing={teaser.slides[0]} sizes="(min-width: 992px) 50vw, 100vw" className="aspect-[3/2] h-auto w-full bg-white object-cover" />
                  ) : (
                    s.drawing && (
                      <Img src={s.drawing.src} alt={s.drawing.alt} width={s.drawing.width} height={s.drawing.height} className="aspect-[3/2] h-auto w-full bg-white object-cover" />
                    )
                  )}
                  <figcaption className="absolute bottom-3 start-3 rounded-full bg-navy-900/80 px-3 py-1 text-xs font-semibold text-white">{s.caption}</figcaption>
                  </figure>
                </div>
              ))}
            </div>
          </div>
          <button
            type="button"
            data-carousel-prev
            className="absolute start-3 top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-navy-900 shadow-md hover:bg-white"
          >
            <ChevronLeft aria-hidden className="h-6 w-6 rtl:-scale-x-100" />
            <span className="sr-only">{labels.previousImage}</span>
          </button>
          <button
            type="button"
            data-carousel-next
            className="absolute end-3 top-1/2 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-navy-900 shadow-md hover:bg-white"
          >
            <ChevronRight aria-hidden className="h-6 w-6 rtl:-scale-x-100" />
            <span className="sr-only">{labels.nextImage}</span>
          </button>
          <div className="mt-4 flex justify-center gap-1" data-testid="teaser-dots">
            {slides.map((s, i) => (
              <button
                key={s.key}
                type="button"
                data-carousel-dot={i}
                aria-label={fill(labels.showImage, { index: i + 1, caption: s.caption })}
                aria-current={i === 0 ? "true" : undefined}
                className="group inline-flex h-11 w-11 items-center justify-center"
              >
                <span className="block h-2.5 w-2.5 rounded-full bg-slate-300 transition-all group-aria-[current=true]:w-8 group-aria-[current=true]:bg-teal-600" />
              </button>
            ))}
          </div>
        </div>

        <div>
          <p className="eyebrow">{teaser.eyebrow}</p>
          <h2 id="teaser-title" className="section-title mt-3">
            {teaser.title}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-slate-600">{teaser.text}</p>
          <dl className="mt-8 grid grid-cols-2 gap-4">
            <div className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-600">{teaser.satisfactionLabel}</dt>
              <dd className="order-first font-serif text-4xl font-bold text-teal-600" data-testid="satisfaction">
                <bdi dir="ltr">{clinic.figures.satisfaction}%</bdi>
              </dd>
            </div>
            <div className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-600">{teaser.patientsLabel}</dt>
              <dd className="order-first font-serif text-4xl font-bold text-teal-600">
                <bdi dir="ltr">
                  <Counter {...patientsCounter(clinic)} suffix="+" />
                </bdi>
              </dd>
            </div>
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={href(teaser.buttons[0].to)} className="btn-primary">
              {teaser.buttons[0].label}
            </Link>
            <Link to={href(teaser.buttons[1].to)} className="btn border border-navy-900 text-navy-900 hover:bg-white active:scale-95">
              {teaser.buttons[1].label}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
