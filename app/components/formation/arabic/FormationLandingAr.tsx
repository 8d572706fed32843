import { BookOpen, GraduationCap, Phone } from "lucide-react";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { FORMATION_AR } from "~/content/formation-ar";
import { useClinic } from "~/hooks/use-clinic";
import { isFull, type FormationLandingItem } from "~/lib/formation";
import { SITE_PHOTO_SLOTS } from "~/lib/photo-slots";
import type { FormationLandingData } from "../landing/FormationLanding";
import {
  enrolHref,
  FactsAr,
  FormationTitleAr,
  NoFormationAr,
  SessionListAr,
} from "./FormationArabicParts";

/**
 * /ar/formation: the newest active formation featured (its Arabic title, description, objectives
 * and modules when staff wrote them) and a card per active formation with its sessions in Arabic.
 * Server HTML only: every 'التسجيل' is a plain link to the enrolment form (in Arabic once it exists).
 */
export function FormationLandingAr({ data }: { data: FormationLandingData }) {
  const phone = useClinic().phones[0];
  const f = data.featured;
  const ar = f?.syllabus_ar;
  const objectives = ar?.overview.objectives ?? [];
  const modules = ar?.modules ?? [];
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-navy-950 via-navy-900 to-navy-800 text-white">
        <div
          aria-hidden
          className="-start-56 -top-18 glow text-teal-500 opacity-20"
        />
        <div className="container-site relative grid items-center gap-10 py-14 md:py-20 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold text-gold-400">
              {FORMATION_AR.eyebrow}
            </p>
            {f ? (
              <FormationTitleAr
                formation={f}
                as="h1"
                className="mt-4 text-4xl font-bold leading-tight text-white md:text-5xl"
              />
            ) : (
              <h1 className="mt-4 text-4xl font-bold leading-tight text-white md:text-5xl">
                {FORMATION_AR.defaultTitle}
              </h1>
            )}
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">
              {f?.description_ar || FORMATION_AR.defaultDescription}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <a href={enrolHref()} className="btn-primary">
                <GraduationCap aria-hidden className="h-4 w-4" />
                {FORMATION_AR.enrolNow}
              </a>
              <a
                href="/ar/syllabus"
                className="btn bg-white text-navy-900 hover:bg-ivory"
              >
                <BookOpen aria-hidden className="h-4 w-4" />
                {FORMATION_AR.fullProgramme}
              </a>
            </div>
          </div>
          <div className="mx-auto w-full max-w-sm lg:max-w-xl">
            <SlotPhoto
              slot={SITE_PHOTO_SLOTS["formation.hero"]}
              className="aspect-[4/3] h-auto w-full rounded-3xl object-cover"
            />
          </div>
        </div>
      </section>

      {objectives.length > 0 && (
        <section
          aria-labelledby="objectifs-title"
          className="bg-ivory py-14 md:py-20"
        >
          <div className="container-site">
            <p className="eyebrow">{FORMATION_AR.objectivesEyebrow}</p>
            <h2 id="objectifs-title" className="section-title mt-2">
              {FORMATION_AR.objectivesTitle}
            </h2>
            <ol className="mt-10 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
              {objectives.map((o, i) => (
                <li
                  key={i}
                  className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
                >
                  <span
                    aria-hidden
                    className="text-3xl font-bold text-amber-700"
                  >
                    {String(i + 1).padStart(2, "0")}
                  </span>
                  <span className="pt-1 leading-relaxed text-slate-700">
                    {o}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </section>
      )}

      {modules.length > 0 && (
        <section aria-labelledby="programme-title" className="py-14 md:py-20">
          <div className="container-site">
            <p className="eyebrow">{FORMATION_AR.programmeEyebrow}</p>
            <h2 id="programme-title" className="section-title mt-2">
              {FORMATION_AR.programmeTitle}
            </h2>
            <ol className="mt-10 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {modules.slice(0, 6).map((m, i) => (
                <li
                  key={i}
                  className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                >
                  <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-navy-900 text-sm font-bold text-white">
                    <span className="sr-only">{FORMATION_AR.module} </span>
                    {i + 1}
                  </span>
                  <span className="font-semibold leading-snug text-navy-900">
                    {m.title}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </section>
      )}

      <section
        id="sessions"
        aria-labelledby="formations-title"
        className="bg-slate-50 py-14 md:py-20"
      >
        <div className="container-site">
          <p className="eyebrow">{FORMATION_AR.calendarEyebrow}</p>
          <h2 id="formations-title" className="section-title mt-2">
            {FORMATION_AR.sessionsTitle}
          </h2>
          {data.formations.length === 0 ? (
            <NoFormationAr title={FORMATION_AR.noSession} phone={phone} />
          ) : (
            <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
              {data.formations.map((item) => (
                <li key={item.id}>
                  <FormationCardAr formation={item} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}

function FormationCardAr({ formation }: { formation: FormationLandingItem }) {
  const phone = useClinic().phones[0];
  const full = isFull(formation);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-200">
      <div className="bg-navy-900 px-6 py-5 text-white">
        <FormationTitleAr
          formation={formation}
          className="text-xl font-bold leading-snug text-white"
        />
      </div>
      <div className="flex flex-1 flex-col px-6 py-5">
        <FactsAr f={formation} />
        {formation.description_ar && (
          <p className="mt-4 line-clamp-3 text-sm leading-relaxed text-slate-600">
            {formation.description_ar}
          </p>
        )}
        {formation.sessions.length > 0 && (
          <div className="mt-4">
            <h4 className="mb-2 text-sm font-bold text-navy-900">
              {FORMATION_AR.nextSessions}
            </h4>
            <SessionListAr sessions={formation.sessions} />
          </div>
        )}
        <div className="mt-auto flex flex-col gap-2 pt-5">
          <a
            href={`/ar/syllabus/${formation.id}`}
            className="btn border border-navy-900 text-navy-900 hover:bg-slate-50"
          >
            <BookOpen aria-hidden className="h-4 w-4" />
            {FORMATION_AR.seeProgramme}
          </a>
          {full ? (
            <a
              href={`tel:${phone.tel}`}
              className="btn bg-navy-900 text-white hover:bg-navy-800"
            >
              <Phone aria-hidden className="h-4 w-4" />
              {FORMATION_AR.callUs}
            </a>
          ) : (
            <a href={enrolHref(formation.id)} className="btn-primary">
              {FORMATION_AR.enrol}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
