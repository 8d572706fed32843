import { Award, ChevronDown, Smile, Stethoscope } from "lucide-react";
import { Link } from "react-router";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { useClinic } from "~/hooks/use-clinic";
import { HOME } from "~/content/home";
import { useI18n } from "~/hooks/use-locale";
import { SITE_PHOTO_SLOTS } from "~/lib/photo-slots";

const icons = [Smile, Stethoscope, Award];

export function Hero() {
  const clinic = useClinic();
  const { locale, href, words } = useI18n();
  const { hero, labels } = HOME[locale];
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-navy-950 text-white">
      <SlotPhoto
        slot={SITE_PHOTO_SLOTS["home.hero"]}
        className="absolute inset-0 -z-10 h-full w-full object-cover object-right opacity-90 rtl:-scale-x-100"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-navy-950/95 rtl:bg-gradient-to-l via-navy-950/75 to-navy-950/10" aria-hidden />
      <div className="container-site flex min-h-[560px] flex-col justify-center py-16 md:min-h-[620px] md:py-24">
        <p className="text-xs font-semibold uppercase tracking-[0.3em] text-gold-400">{words.name}</p>
        <h1 id="hero-title" className="mt-4 max-w-2xl font-serif text-5xl font-bold leading-[1.05] text-white sm:text-6xl xl:text-7xl">
          {hero.tagline}
        </h1>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">{hero.intro(clinic)}</p>
        <div className="mt-8">
          <Link to={href(hero.cta.to)} className="btn-gold px-8 text-base tracking-[0.2em] hover:scale-105">
            {hero.cta.label}
          </Link>
        </div>
        <ul className="mt-12 grid max-w-3xl grid-cols-1 gap-3 sm:grid-cols-3" aria-label={labels.figures}>
          {hero.claims(clinic).map((c, i) => {
            const Icon = icons[i];
            return (
              <li key={c.label} className="flex items-center gap-3 rounded-xl bg-white/10 px-4 py-3 ring-1 ring-white/15 backdrop-blur">
                <Icon aria-hidden className="h-6 w-6 shrink-0 text-gold-400" />
                <p className="leading-tight">
                  {i === 2 ? (
                    <>
                      <span className="block text-xs uppercase tracking-wider text-slate-300">{c.label}</span>
                      <span className="block text-xl font-bold">
                        <bdi dir="ltr">{c.value}</bdi>
                      </span>
                    </>
                  ) : (
                    <>
                      <span className="block text-xl font-bold">
                        <bdi dir="ltr">{c.value}</bdi>
                      </span>
                      <span className="block text-xs uppercase tracking-wider text-slate-300">{c.label}</span>
                    </>
                  )}
                </p>
              </li>
            );
          })}
        </ul>
        <a href="#galerie-apercu" className="mt-10 inline-flex items-center gap-2 self-start text-sm text-slate-300 hover:text-white">
          <ChevronDown aria-hidden className="h-5 w-5 motion-safe:animate-bounce" />
          {hero.scrollHint}
        </a>
      </div>
    </section>
  );
}
