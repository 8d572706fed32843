import { Award, CalendarCheck, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/doctorpage";
import { Counter } from "~/components/content/Counter";
import { CtaBand } from "~/components/content/CtaBand";
import { PageHeader } from "~/components/content/PageHeader";
import { RevealOnScroll } from "~/components/content/RevealOnScroll";
import { DOCTOR_AR, DOCTOR_COMMITMENTS, diplomaAr, doctorBio, doctorCounters, doctorCountersAr } from "~/content/doctor";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { clinicWords, type ClinicWords } from "~/i18n/clinic";
import { localeOf, type Locale } from "~/i18n/locale";
import type { Clinic } from "~/lib/clinic";
import { formatFigure } from "~/lib/format";
import { SITE_PHOTO_SLOTS } from "~/lib/photo-slots";
import { clinicFromMatches, seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/** The page in French at /doctorpage, in Arabic at /ar/doctorpage (route id "ar-doctorpage"). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const clinic = clinicFromMatches(matches);
  const locale = localeOf(location.pathname);
  const years = formatFigure(clinic.figures.yearsOfExperience, "");
  const words = clinicWords(clinic, locale);
  return seo(matches, {
    title: locale === "ar" ? DOCTOR_AR.metaTitle(words) : `${clinic.doctor.name}, chirurgien-dentiste à ${clinic.address.district}`,
    description:
      locale === "ar"
        ? DOCTOR_AR.metaDescription(words, years)
        : `${clinic.doctor.name} : plus de ${years} ans d'expérience en implantologie et esthétique dentaire, ses diplômes et sa façon de soigner.`,
    path: "/doctorpage",
    image: "/media/content-doctor.svg",
    locale,
  });
};

/** The page's copy in its language (the French as the spec writes it; the Arabic in app/content/doctor.ts). */
function copy(clinic: Clinic, locale: Locale, w: ClinicWords) {
  const years = formatFigure(clinic.figures.yearsOfExperience, "");
  if (locale === "ar") {
    const a = DOCTOR_AR;
    return {
      ...a,
      lead: a.lead(w, clinic),
      portraitAlt: a.portraitAlt(w),
      pathTitle: a.pathTitle(years),
      bio: a.bio(w, clinic),
      counters: doctorCountersAr(clinic),
      diplomas: clinic.diplomas.map(diplomaAr),
      ctaTitle: a.ctaTitle(w),
    };
  }
  return {
    crumbClinic: "Découvrir notre clinique",
    eyebrow: "Le docteur",
    lead: `${clinic.doctor.title}. Fondateur de la ${clinic.name}, il soigne ses patients à ${clinic.address.district} depuis ${clinic.figures.since}.`,
    portraitAlt: `Portrait illustré de ${clinic.doctor.name} dans son cabinet`,
    book: "Prendre RDV",
    discoverEspace: "Découvrir l'espace de soin",
    figuresTitle: "Quelques chiffres",
    pathEyebrow: "Parcours",
    pathTitle: `${years} ans au service du sourire`,
    bio: doctorBio(clinic),
    commitments: DOCTOR_COMMITMENTS,
    counters: doctorCounters(clinic),
    diplomasEyebrow: "Formation",
    diplomasTitle: "Diplômes et formations",
    obtainedIn: "Obtenu en ",
    diplomas: clinic.diplomas.map((d) => ({ ...d, latin: false })),
    ctaTitle: `Consulter ${clinic.doctor.name}`,
    ctaText: "Implants, esthétique du sourire, soins : prenez rendez-vous pour une première consultation et un plan de traitement personnalisé.",
  };
}

/** The doctor's profile: counters (years, patients, surgeries: 30+, 7 000+, 200+ in the demo) and the diplomas, from the clinic's identity. */
export default function DoctorPage() {
  const clinic = useClinic();
  const { locale, t, href, words } = useI18n();
  const c = copy(clinic, locale, words);
  // a text staff typed in Latin letters, on the Arabic page, keeps its own direction
  const latin = (text: string, isLatin: boolean) => (isLatin ? <bdi>{text}</bdi> : text);
  return (
    <>
      <PageHeader
        crumbs={[{ to: href("/"), label: t("pages./") }, { label: c.crumbClinic }, { label: words.doctorName }]}
        eyebrow={c.eyebrow}
        title={words.doctorName}
        lead={c.lead}
        photoSlot={SITE_PHOTO_SLOTS["doctor.portrait"]}
        image={{ ...SITE_PHOTO_SLOTS["doctor.portrait"].drawing, alt: c.portraitAlt }}
      >
        <Link to={href("/appointment")} className="btn-primary">
          <CalendarCheck aria-hidden="true" className="h-4 w-4" />
          {c.book}
        </Link>
        <Link to={href("/espacesoinpage")} className="btn border border-navy-900/20 bg-white text-navy-900 hover:border-navy-900 active:scale-95">
          {c.discoverEspace}
        </Link>
      </PageHeader>

      <section aria-labelledby="chiffres-title" className="bg-navy-900 text-white">
        <div className="container-site py-12 md:py-14">
          <h2 id="chiffres-title" className="sr-only">
            {c.figuresTitle}
          </h2>
          <div className="grid gap-8 text-center sm:grid-cols-3">
            {c.counters.map((c) => (
              <Counter
                key={c.label}
                value={c.value}
                step={c.step}
                intervalMs={c.intervalMs}
                prefix={c.prefix}
                suffix={c.suffix}
                label={c.label}
                figureClassName="font-serif text-5xl font-bold text-gold-400 md:text-6xl"
                labelClassName="mt-2 text-sm font-semibold uppercase tracking-[0.18em] text-slate-200"
              />
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="parcours-title" className="container-site grid overflow-x-clip gap-12 py-14 md:py-20 lg:grid-cols-[minmax(0,1fr)_400px] lg:gap-16">
        <RevealOnScroll duration={0.6}>
          <p className="eyebrow">{c.pathEyebrow}</p>
          <h2 id="parcours-title" className="section-title mt-2">
            {c.pathTitle}
          </h2>
          {c.bio.map((p) => (
            <p key={p.slice(0, 40)} className="mt-5 text-[1.0625rem] leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </RevealOnScroll>
        <RevealOnScroll as="ul" duration={0.7} from={locale === "ar" ? "left" : "right"} className="space-y-4">
          {c.commitments.map((c) => (
            <li key={c.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="flex items-center gap-2 font-serif text-lg font-bold">
                <Award aria-hidden="true" className="h-5 w-5 text-gold-500" />
                {c.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{c.text}</p>
            </li>
          ))}
        </RevealOnScroll>
      </section>

      {c.diplomas.length > 0 && (
        <section aria-labelledby="diplomes-title" className="bg-ivory py-14 md:py-20">
          <div className="container-site">
            <p className="eyebrow">{c.diplomasEyebrow}</p>
            <h2 id="diplomes-title" className="section-title mt-2">
              {c.diplomasTitle}
            </h2>
            <RevealOnScroll as="ol" duration={0.7} className="mt-10 grid gap-4 md:grid-cols-2" aria-labelledby="diplomes-title">
              {c.diplomas.map((d) => (
                <li key={`${d.year}-${d.title}`} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                  <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-600">
                    <GraduationCap aria-hidden="true" className="h-6 w-6" />
                  </span>
                  <div>
                    <p className="text-sm font-semibold text-[#8c6a2c]">
                      <span className="sr-only">{c.obtainedIn}</span>
                      {d.year}
                    </p>
                    <p className="mt-0.5 font-semibold text-navy-900">{latin(d.title, d.latin)}</p>
                    <p className="mt-1 text-sm text-slate-600">{latin(d.institution, d.latin)}</p>
                  </div>
                </li>
              ))}
            </RevealOnScroll>
          </div>
        </section>
      )}

      <CtaBand title={c.ctaTitle} text={c.ctaText} label={c.book} to={href("/appointment")} />
    </>
  );
}
