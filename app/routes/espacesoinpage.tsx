import { Bone, CalendarCheck, Crosshair, Drill, Gem, ScanLine, ShieldCheck, Smile } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/espacesoinpage";
import { CtaBand } from "~/components/content/CtaBand";
import { PageHeader } from "~/components/content/PageHeader";
import { RevealOnScroll } from "~/components/content/RevealOnScroll";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { ESPACE_AR, ESPACE_INTRO, HYGIENE_POINTS, PATIENT_PATH, TECHNIQUES, type Technique } from "~/content/espace";
import { clinicWords } from "~/i18n/clinic";
import { localeOf, type Locale } from "~/i18n/locale";
import type { Clinic } from "~/lib/clinic";
import { SITE_PHOTO_SLOTS } from "~/lib/photo-slots";
import { clinicFromMatches, seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/** The page in French at /espacesoinpage, in Arabic at /ar/espacesoinpage (route id "ar-espacesoinpage"). */
export const meta: Route.MetaFunction = ({ matches, location }) => {
  const locale = localeOf(location.pathname);
  const district = clinicWords(clinicFromMatches(matches), locale).district;
  return seo(matches, {
    title: locale === "ar" ? ESPACE_AR.metaTitle : "Espace de soin : nos techniques chirurgicales",
    description:
      locale === "ar"
        ? ESPACE_AR.metaDescription(district)
        : `Implantologie, chirurgie guidée par imagerie 3D, greffes osseuses et chirurgie des gencives : découvrez l'espace de soin de la clinique à ${district}.`,
    path: "/espacesoinpage",
    image: "/media/content-clinic.svg",
    locale,
  });
};

/** The page's copy in its language (the French as the spec writes it; the Arabic in app/content/espace.ts). */
function copy(clinic: Clinic, locale: Locale) {
  if (locale === "ar") {
    const district = clinicWords(clinic, "ar").district;
    return { ...ESPACE_AR, lead: ESPACE_AR.lead(district), eyebrow: ESPACE_AR.crumbClinic };
  }
  return {
    crumbClinic: "Découvrir notre clinique",
    eyebrow: "Découvrir notre clinique",
    title: "Espace de soin",
    lead: `Un plateau technique dédié à la chirurgie dentaire et à l'implantologie, au cœur de ${clinic.address.district}.`,
    roomAlt: SITE_PHOTO_SLOTS["espace.room"].drawing.alt,
    sterilisationAlt: SITE_PHOTO_SLOTS["espace.sterilisation"].drawing.alt,
    book: "Prendre RDV",
    meetDoctor: "Rencontrer le docteur",
    techniquesTitle: "Les techniques chirurgicales",
    intro: ESPACE_INTRO,
    techniques: TECHNIQUES,
    safetyEyebrow: "Sécurité",
    hygieneTitle: "Hygiène et stérilisation",
    hygieneText: "La sécurité des soins repose sur des protocoles stricts, appliqués à chaque patient, pour chaque intervention.",
    hygiene: HYGIENE_POINTS,
    pathEyebrow: "Votre parcours",
    pathTitle: "De la consultation au suivi",
    path: PATIENT_PATH,
    ctaTitle: "Visiter la clinique, poser vos questions",
    ctaText: "Le plus simple est de venir nous rencontrer : une consultation permet de faire le point et de vous présenter les options adaptées à votre situation.",
  };
}

const ICONS: Record<Technique["id"], typeof Bone> = {
  implant: Drill,
  guided: ScanLine,
  graft: Bone,
  perio: Smile,
  extraction: Crosshair,
  prosthesis: Gem,
};

/** The clinic presentation 'Espace de soin': surgical techniques, hygiene and the patient's path. */
export default function EspaceSoinPage() {
  const clinic = useClinic();
  const { locale, t, href } = useI18n();
  const c = copy(clinic, locale);
  const rtl = locale === "ar";
  return (
    <>
      <PageHeader
        crumbs={[{ to: href("/"), label: t("pages./") }, { label: c.crumbClinic }, { label: c.title }]}
        eyebrow={c.eyebrow}
        title={c.title}
        lead={c.lead}
        photoSlot={SITE_PHOTO_SLOTS["espace.room"]}
        image={{ ...SITE_PHOTO_SLOTS["espace.room"].drawing, alt: c.roomAlt }}
      >
        <Link to={href("/appointment")} className="btn-primary">
          <CalendarCheck aria-hidden="true" className="h-4 w-4" />
          {c.book}
        </Link>
        <Link to={href("/doctorpage")} className="btn border border-navy-900/20 bg-white text-navy-900 hover:border-navy-900 active:scale-95">
          {c.meetDoctor}
        </Link>
      </PageHeader>

      <section aria-labelledby="espace-intro" className="container-site py-14 md:py-20">
        <RevealOnScroll duration={0.6} className="max-w-3xl">
          <h2 id="espace-intro" className="section-title">
            {c.techniquesTitle}
          </h2>
          {c.intro.map((p) => (
            <p key={p.slice(0, 40)} className="mt-5 text-[1.0625rem] leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </RevealOnScroll>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {c.techniques.map((t, i) => {
            const Icon = ICONS[t.id];
            return (
              <RevealOnScroll as="li" key={t.id} duration={[0.6, 0.7, 0.8][i % 3]} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-teal-50 text-teal-600">
                  <Icon aria-hidden="true" className="h-6 w-6" />
                </span>
                <h3 className="mt-4 font-serif text-xl font-bold">{t.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{t.text}</p>
              </RevealOnScroll>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="hygiene-title" className="overflow-x-clip bg-ivory py-14 md:py-20">
        <div className="container-site grid gap-10 lg:grid-cols-2 lg:items-center lg:gap-16">
          <RevealOnScroll duration={0.7} from={rtl ? "right" : "left"}>
            <SlotPhoto
              slot={SITE_PHOTO_SLOTS["espace.sterilisation"]}
              drawing={{ ...SITE_PHOTO_SLOTS["espace.sterilisation"].drawing, alt: c.sterilisationAlt }}
              className="aspect-[3/2] w-full rounded-[1.75rem] object-cover shadow-lg shadow-navy-900/10"
            />
          </RevealOnScroll>
          <RevealOnScroll duration={0.7} from={rtl ? "left" : "right"}>
            <p className="eyebrow">{c.safetyEyebrow}</p>
            <h2 id="hygiene-title" className="section-title mt-2">
              {c.hygieneTitle}
            </h2>
            <p className="mt-5 leading-relaxed text-slate-700">{c.hygieneText}</p>
            <ul className="mt-6 space-y-3">
              {c.hygiene.map((h) => (
                <li key={h} className="flex gap-3 text-slate-700">
                  <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-teal-600" />
                  <span>{h}</span>
                </li>
              ))}
            </ul>
          </RevealOnScroll>
        </div>
      </section>

      <section aria-labelledby="parcours-title" className="container-site py-14 md:py-20">
        <p className="eyebrow">{c.pathEyebrow}</p>
        <h2 id="parcours-title" className="section-title mt-2">
          {c.pathTitle}
        </h2>
        <RevealOnScroll as="ol" duration={0.8} className="mt-10 grid gap-5 md:grid-cols-5">
          {c.path.map((step, i) => (
            <li key={step.title} className="relative rounded-2xl bg-slate-50 p-5">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-navy-900 font-serif text-lg font-bold text-white">{i + 1}</span>
              <h3 className="mt-4 font-serif text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
        </RevealOnScroll>
      </section>

      <CtaBand title={c.ctaTitle} text={c.ctaText} label={c.book} to={href("/appointment")} />
    </>
  );
}
