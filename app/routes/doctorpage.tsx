import { Award, CalendarCheck, GraduationCap } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/doctorpage";
import { Counter } from "~/components/content/Counter";
import { CtaBand } from "~/components/content/CtaBand";
import { PageHeader } from "~/components/content/PageHeader";
import { RevealOnScroll } from "~/components/content/RevealOnScroll";
import { DOCTOR_COMMITMENTS, doctorBio, doctorCounters } from "~/content/doctor";
import { useClinic } from "~/hooks/use-clinic";
import { formatFigure } from "~/lib/format";
import { SITE_PHOTO_SLOTS } from "~/lib/photo-slots";
import { clinicFromMatches, seo } from "~/lib/seo";
import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const clinic = clinicFromMatches(matches);
  return seo(matches, {
    title: `${clinic.doctor.name}, chirurgien-dentiste à ${clinic.address.district}`,
    description: `${clinic.doctor.name} : plus de ${formatFigure(clinic.figures.yearsOfExperience, "")} ans d'expérience en implantologie et esthétique dentaire, ses diplômes et sa façon de soigner.`,
    path: "/doctorpage",
    image: "/media/content-doctor.svg",
  });
};

/** The doctor's profile: counters (years, patients, surgeries: 30+, 7 000+, 200+ in the demo) and the diplomas, from the clinic's identity. */
export default function DoctorPage() {
  const clinic = useClinic();
  return (
    <>
      <PageHeader
        crumbs={[{ to: "/", label: "Accueil" }, { label: "Découvrir notre clinique" }, { label: clinic.doctor.name }]}
        eyebrow="Le docteur"
        title={clinic.doctor.name}
        lead={`${clinic.doctor.title}. Fondateur de la ${clinic.name}, il soigne ses patients à ${clinic.address.district} depuis ${clinic.figures.since}.`}
        photoSlot={SITE_PHOTO_SLOTS["doctor.portrait"]}
        image={{ ...SITE_PHOTO_SLOTS["doctor.portrait"].drawing, alt: `Portrait illustré de ${clinic.doctor.name} dans son cabinet` }}
      >
        <Link to="/appointment" className="btn-primary">
          <CalendarCheck aria-hidden="true" className="h-4 w-4" />
          Prendre RDV
        </Link>
        <Link to="/espacesoinpage" className="btn border border-navy-900/20 bg-white text-navy-900 hover:border-navy-900 active:scale-95">
          Découvrir l'espace de soin
        </Link>
      </PageHeader>

      <section aria-labelledby="chiffres-title" className="bg-navy-900 text-white">
        <div className="container-site py-12 md:py-14">
          <h2 id="chiffres-title" className="sr-only">
            Quelques chiffres
          </h2>
          <div className="grid gap-8 text-center sm:grid-cols-3">
            {doctorCounters(clinic).map((c) => (
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
          <p className="eyebrow">Parcours</p>
          <h2 id="parcours-title" className="section-title mt-2">
            {formatFigure(clinic.figures.yearsOfExperience, "")} ans au service du sourire
          </h2>
          {doctorBio(clinic).map((p) => (
            <p key={p.slice(0, 40)} className="mt-5 text-[1.0625rem] leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </RevealOnScroll>
        <RevealOnScroll as="ul" duration={0.7} from="right" className="space-y-4">
          {DOCTOR_COMMITMENTS.map((c) => (
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

      {clinic.diplomas.length > 0 && (
        <section aria-labelledby="diplomes-title" className="bg-ivory py-14 md:py-20">
          <div className="container-site">
            <p className="eyebrow">Formation</p>
            <h2 id="diplomes-title" className="section-title mt-2">
              Diplômes et formations
            </h2>
            <RevealOnScroll as="ol" duration={0.7} className="mt-10 grid gap-4 md:grid-cols-2" aria-labelledby="diplomes-title">
              {clinic.diplomas.map((d) => (
                <li key={`${d.year}-${d.title}`} className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                  <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-600">
                    <GraduationCap aria-hidden="true" className="h-6 w-6" />
                  </span>
                  <div>
                    <p className="text-sm font-semibold text-[#8c6a2c]">
                      <span className="sr-only">Obtenu en </span>
                      {d.year}
                    </p>
                    <p className="mt-0.5 font-semibold text-navy-900">{d.title}</p>
                    <p className="mt-1 text-sm text-slate-600">{d.institution}</p>
                  </div>
                </li>
              ))}
            </RevealOnScroll>
          </div>
        </section>
      )}

      <CtaBand
        title={`Consulter ${clinic.doctor.name}`}
        text="Implants, esthétique du sourire, soins : prenez rendez-vous pour une première consultation et un plan de traitement personnalisé."
      />
    </>
  );
}
