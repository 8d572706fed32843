import { BookOpen, GraduationCap, Target } from "lucide-react";
import { FORMATION_AR } from "~/content/formation-ar";
import { useClinic } from "~/hooks/use-clinic";
import type { FormationSyllabusItem } from "~/lib/formation";
import { syllabusPath } from "~/lib/slug";
import {
  enrolHref,
  FactsAr,
  FormationTitleAr,
  NoFormationAr,
  SessionListAr,
} from "./FormationArabicParts";

/**
 * /ar/syllabus and /ar/syllabus/:id: the formation's Arabic title, description, objectives and
 * modules (staff's `syllabus_ar`), its facts and sessions in Arabic. A formation without its Arabic
 * programme says so and links to the French page.
 */
export function SyllabusAr({
  formation,
}: {
  formation: FormationSyllabusItem | null;
}) {
  const phone = useClinic().phones[0];
  if (!formation) {
    return (
      <section className="bg-ivory py-20 md:py-28">
        <div className="container-site max-w-2xl text-center">
          <p className="eyebrow">{FORMATION_AR.syllabusEyebrow}</p>
          <h1 className="mt-3 text-3xl font-bold md:text-4xl">
            {FORMATION_AR.noFormation}
          </h1>
          <NoFormationAr title={FORMATION_AR.noSession} phone={phone} />
          <a href="/ar/formation" className="btn-primary mt-8">
            {FORMATION_AR.seeFormations}
          </a>
        </div>
      </section>
    );
  }
  const ar = formation.syllabus_ar;
  const objectives = ar?.overview.objectives ?? [];
  const modules = ar?.modules ?? [];
  return (
    <>
      <section className="bg-gradient-to-br from-navy-950 via-navy-900 to-navy-800 text-white">
        <div className="container-site grid gap-10 py-14 md:py-20 lg:grid-cols-5">
          <div className="lg:col-span-3">
            <p className="text-sm font-semibold text-gold-400">
              {FORMATION_AR.syllabusEyebrow}
            </p>
            <FormationTitleAr
              formation={formation}
              as="h1"
              className="mt-4 text-3xl font-bold leading-tight text-white md:text-5xl"
            />
            {formation.description_ar && (
              <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">
                {formation.description_ar}
              </p>
            )}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <a href={enrolHref(formation.id)} className="btn-primary">
                <GraduationCap aria-hidden className="h-4 w-4" />
                {FORMATION_AR.enrolNow}
              </a>
              <a href="/ar/formation" className="btn-outline text-white">
                {FORMATION_AR.training}
              </a>
            </div>
          </div>
          <div className="rounded-2xl bg-white p-6 text-slate-800 lg:col-span-2">
            <FactsAr f={formation} moduleCount={modules.length} />
          </div>
        </div>
      </section>

      {formation.sessions.length > 0 && (
        <section aria-labelledby="sessions-title" className="py-12 md:py-16">
          <div className="container-site max-w-3xl">
            <h2 id="sessions-title" className="section-title">
              {FORMATION_AR.nextSessions}
            </h2>
            <div className="mt-6">
              <SessionListAr sessions={formation.sessions} />
            </div>
          </div>
        </section>
      )}

      {ar ? (
        <section
          aria-labelledby="programme-title"
          className="bg-ivory py-12 md:py-16"
        >
          <div className="container-site grid gap-10 lg:grid-cols-2">
            {objectives.length > 0 && (
              <div>
                <h2 className="section-title">
                  {FORMATION_AR.objectivesTitle}
                </h2>
                <ul className="mt-6 space-y-3">
                  {objectives.map((o, i) => (
                    <li
                      key={i}
                      className="flex gap-3 leading-relaxed text-slate-700"
                    >
                      <Target
                        aria-hidden
                        className="mt-1 h-4 w-4 shrink-0 text-teal-600"
                      />
                      {o}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {modules.length > 0 && (
              <div>
                <h2 id="programme-title" className="section-title">
                  {FORMATION_AR.programmeTitle}
                </h2>
                <ol className="mt-6 space-y-3">
                  {modules.map((m, i) => (
                    <li
                      key={i}
                      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
                    >
                      <div className="flex items-center gap-4">
                        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-navy-900 text-sm font-bold text-white">
                          <span className="sr-only">{FORMATION_AR.module} </span>
                          {i + 1}
                        </span>
                        <h3 className="font-sans text-base font-semibold text-navy-900">
                          {m.title}
                        </h3>
                      </div>
                      {m.description && (
                        <p className="mt-3 whitespace-pre-line leading-relaxed text-slate-700">
                          {m.description}
                        </p>
                      )}
                      {m.lessons.length > 0 && (
                        <ul
                          aria-label={FORMATION_AR.lessons}
                          className="mt-3 space-y-2 border-s-2 border-teal-200 ps-4"
                        >
                          {m.lessons.map((l, j) => (
                            <li key={j} className="text-sm leading-relaxed">
                              <span className="font-semibold text-navy-900">
                                {l.title}
                              </span>
                              {l.description && (
                                <span className="block text-slate-600">
                                  {l.description}
                                </span>
                              )}
                            </li>
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ol>
              </div>
            )}
          </div>
        </section>
      ) : (
        <section className="bg-ivory py-12 md:py-16">
          <div className="container-site max-w-3xl text-center">
            <p className="text-slate-700">{FORMATION_AR.noArabicProgramme}</p>
            <a
              href={syllabusPath(formation.id)}
              hrefLang="fr"
              lang="fr"
              className="btn mt-6 border border-navy-900 text-navy-900 hover:bg-white"
            >
              <BookOpen aria-hidden className="h-4 w-4" />
              <bdi>{formation.title}</bdi>
            </a>
          </div>
        </section>
      )}
    </>
  );
}
