import { ArrowRight, CalendarCheck, Check, Crown, FileText, HandCoins, Stethoscope } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/smile-makeover";
import { MapEmbed } from "~/components/content/MapEmbed";
import { RevealOnScroll } from "~/components/content/RevealOnScroll";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { LANDINGS } from "~/content/landing";
import { useClinic } from "~/hooks/use-clinic";
import { useLocale } from "~/hooks/use-locale";
import { localeOf, localizedPath } from "~/i18n/locale";
import { formatFigure } from "~/lib/format";
import { SITE_PHOTO_SLOTS } from "~/lib/photo-slots";
import { seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/** In French at /dentist, in Arabic at /ar/dentist (the same module, route id "ar-dentist"). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  const { title, description } = LANDINGS[locale].meta;
  return seo(matches, { title, description, path: "/dentist", image: "/media/content-smile-hero.svg", locale });
};

/** Buttons of the landing page scale on hover and press (never under prefers-reduced-motion). */
const SCALE = "motion-safe:hover:scale-105 motion-safe:active:scale-95";
const BTN_GOLD = `btn bg-gold-500 text-navy-950 shadow-md hover:bg-gold-400 ${SCALE}`;
const BTN_TEAL = `btn bg-teal-600 text-white shadow-md hover:bg-navy-900 ${SCALE}`;
const BTN_NAVY = `btn bg-navy-900 text-white shadow-md hover:bg-navy-800 ${SCALE}`;

const INVESTMENT_ICONS = [Stethoscope, FileText, HandCoins];

/** The smile-transformation landing page, at /dentist (docs/product.md, "Public site"): its sections in order, then the map. */
export default function SmileMakeoverLanding() {
  const locale = useLocale();
  const { hero, redo, bookOnline, veneers, investment, closing, map, pictures } = LANDINGS[locale];
  const clinic = useClinic();
  return (
    <>
      {/* 1. Hero */}
      <section id="hero" aria-labelledby="hero-title" className="relative overflow-hidden bg-navy-950 text-white">
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_85%_20%,rgba(18,163,173,0.35),transparent_45%),radial-gradient(circle_at_10%_90%,rgba(197,154,74,0.25),transparent_40%)]" />
        <div className="container-site relative grid gap-10 py-14 md:py-20 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:gap-14">
          {/* the first screen: painted with the server HTML, no entrance (the largest paint) */}
          <div>
            <p className="text-xs font-semibold uppercase tracking-[0.25em] text-gold-400">{hero.eyebrow}</p>
            <h1 id="hero-title" className="mt-4 font-serif text-4xl font-bold leading-[1.1] text-white sm:text-5xl xl:text-6xl">
              {hero.headline}
            </h1>
            <p className="mt-5 text-base font-medium text-teal-100">{hero.byline(clinic)}</p>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-200">{hero.text}</p>
            <dl className="mt-8 grid max-w-lg grid-cols-3 gap-4 border-t border-white/15 pt-6">
              <div>
                <dt className="text-xs uppercase tracking-wider text-slate-300">{hero.figures.experience}</dt>
                <dd className="mt-1 font-serif text-2xl font-bold text-gold-400">
                  <bdi dir="ltr">{formatFigure(clinic.figures.yearsOfExperience)}</bdi> {hero.figures.years}
                </dd>
              </div>
              <div>
                <dt className="text-xs uppercase tracking-wider text-slate-300">{hero.figures.patients}</dt>
                <dd className="mt-1 font-serif text-2xl font-bold text-gold-400">
                  <bdi dir="ltr">{formatFigure(clinic.figures.patients)}</bdi>
                </dd>
              </div>
              <div>
                <dt className="text-xs uppercase tracking-wider text-slate-300">{hero.figures.since}</dt>
                <dd className="mt-1 font-serif text-2xl font-bold text-gold-400">{clinic.figures.since}</dd>
              </div>
            </dl>
          </div>
          <div>
            <SlotPhoto
              slot={SITE_PHOTO_SLOTS["dentist.hero"]}
              drawing={pictures?.hero}
              className="aspect-[3/2] w-full rounded-[2rem] object-cover shadow-2xl shadow-black/30 ring-1 ring-white/10"
            />
          </div>
        </div>
      </section>

      {/* 2. Redoing teeth */}
      <section id="refaire" aria-labelledby="refaire-title" className="container-site grid overflow-x-clip gap-10 py-16 md:py-24 lg:grid-cols-2 lg:items-center lg:gap-16">
        <RevealOnScroll duration={0.7} from="left">
          <SlotPhoto
            slot={SITE_PHOTO_SLOTS["dentist.redo"]}
            drawing={pictures?.redo}
            className="aspect-[3/2] w-full rounded-[1.75rem] object-cover shadow-xl shadow-navy-900/10"
          />
        </RevealOnScroll>
        <RevealOnScroll duration={0.7} from="right">
          <p className="eyebrow">{redo.eyebrow}</p>
          <h2 id="refaire-title" className="section-title mt-2">
            {redo.title}
          </h2>
          {redo.paragraphs.map((p) => (
            <p key={p.slice(0, 40)} className="mt-5 text-[1.0625rem] leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
          <ul className="mt-6 space-y-2.5">
            {redo.points.map((p) => (
              <li key={p} className="flex gap-3 text-slate-700">
                <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-teal-600" />
                {p}
              </li>
            ))}
          </ul>
          <Link to={localizedPath(locale, redo.button.to)} className={`${BTN_NAVY} mt-8`}>
            {redo.button.label}
            <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          </Link>
        </RevealOnScroll>
      </section>

      {/* 3. Book online */}
      <section id="rdv-en-ligne" aria-labelledby="rdv-en-ligne-title" className="bg-teal-50">
        <RevealOnScroll duration={0.6} from="fade" className="container-site flex flex-col items-start gap-6 py-12 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="rdv-en-ligne-title" className="font-serif text-2xl font-bold text-navy-900 md:text-3xl">
              {bookOnline.title}
            </h2>
            <p className="mt-2 text-slate-700">{bookOnline.text}</p>
          </div>
          <Link to={localizedPath(locale, bookOnline.button.to)} className={`${BTN_TEAL} shrink-0`}>
            <CalendarCheck aria-hidden="true" className="h-4 w-4" />
            {bookOnline.button.label}
          </Link>
        </RevealOnScroll>
      </section>

      {/* 4. Veneers */}
      <section id="facettes" aria-labelledby="facettes-title" className="container-site grid overflow-x-clip gap-10 py-16 md:py-24 lg:grid-cols-2 lg:items-center lg:gap-16">
        <RevealOnScroll duration={0.8} from="left" className="lg:order-2">
          <div className="relative">
            <SlotPhoto
              slot={SITE_PHOTO_SLOTS["dentist.veneers"]}
              drawing={pictures?.veneers}
              className="aspect-[3/2] w-full rounded-[1.75rem] object-cover shadow-xl shadow-navy-900/10"
            />
          </div>
        </RevealOnScroll>
        <RevealOnScroll duration={0.8} from="up" className="lg:order-1">
          <p className="inline-flex items-center gap-2 rounded-full bg-gold-100 px-4 py-1.5 text-xs font-bold uppercase tracking-[0.18em] text-navy-900 ring-1 ring-gold-400">
            <Crown aria-hidden="true" className="h-4 w-4 text-[#8c6a2c]" />
            {veneers.badge}
          </p>
          <h2 id="facettes-title" className="section-title mt-4">
            {veneers.title}
          </h2>
          {veneers.paragraphs.map((p) => (
            <p key={p.slice(0, 40)} className="mt-5 text-[1.0625rem] leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
          <ol className="mt-6 grid gap-3 sm:grid-cols-2">
            {veneers.steps.map((s, i) => (
              <li key={s} className="flex gap-3 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-navy-900 text-xs font-bold text-white">{i + 1}</span>
                <span className="pt-1">{s}</span>
              </li>
            ))}
          </ol>
          <Link to={localizedPath(locale, veneers.button.to)} className={`${BTN_GOLD} mt-8`}>
            {veneers.button.label}
            <ArrowRight aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
          </Link>
        </RevealOnScroll>
      </section>

      {/* 5. Investment and cost */}
      <section id="investissement" aria-labelledby="investissement-title" className="bg-ivory py-16 md:py-24">
        <div className="container-site">
          <RevealOnScroll duration={0.7} className="max-w-3xl">
            <p className="eyebrow">{investment.eyebrow}</p>
            <h2 id="investissement-title" className="section-title mt-2">
              {investment.title}
            </h2>
            <p className="mt-5 text-[1.0625rem] leading-relaxed text-slate-700">{investment.text}</p>
          </RevealOnScroll>
          <ul className="mt-10 grid gap-5 md:grid-cols-3">
            {investment.cards.map((c, i) => {
              const Icon = INVESTMENT_ICONS[i] ?? FileText;
              return (
                <RevealOnScroll as="li" key={c.title} duration={[0.6, 0.7, 0.8][i] ?? 0.7} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                  <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-navy-900 text-gold-400">
                    <Icon aria-hidden="true" className="h-6 w-6" />
                  </span>
                  <h3 className="mt-4 font-serif text-xl font-bold">{c.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-slate-600">{c.text}</p>
                </RevealOnScroll>
              );
            })}
          </ul>
        </div>
      </section>

      {/* 6. Closing call to action */}
      <section id="rendez-vous" aria-labelledby="rendez-vous-title" className="bg-navy-900 text-white">
        <RevealOnScroll duration={0.8} from="up" className="container-site flex flex-col items-center py-16 text-center md:py-20">
          <h2 id="rendez-vous-title" className="font-serif text-3xl font-bold text-white md:text-4xl">
            {closing.title}
          </h2>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-200">{closing.text(clinic)}</p>
          <Link to={localizedPath(locale, closing.button.to)} className={`${BTN_GOLD} mt-8 px-8 py-3 text-base`}>
            <CalendarCheck aria-hidden="true" className="h-5 w-5" />
            {closing.button.label}
          </Link>
        </RevealOnScroll>
      </section>

      {/* 7. Map */}
      <section id="plan" aria-labelledby="plan-title" className="container-site py-16 md:py-20">
        <RevealOnScroll duration={0.7}>
          <h2 id="plan-title" className="section-title">
            {map.title}
          </h2>
          <p className="mt-3 text-slate-700">{map.text(clinic)}</p>
          <div className="mt-8">
            <MapEmbed linkLabel={map.linkLabel} />
          </div>
        </RevealOnScroll>
      </section>
    </>
  );
}
