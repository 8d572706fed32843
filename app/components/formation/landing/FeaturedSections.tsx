import { Award, CalendarClock, GraduationCap, Layers, Stethoscope, Users } from "lucide-react";
import { Link } from "react-router";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { SITE_PHOTO_SLOTS } from "~/lib/photo-slots";
import type { FeaturedTexts } from "./featured-texts";

/** 'Objectifs de la formation': the featured formation's objectives, numbered 01, 02... */
export function Objectives({ objectives }: { objectives: string[] }) {
  return (
    <section aria-labelledby="objectifs-title" className="bg-ivory py-14 md:py-20">
      <div className="container-site">
        <p className="eyebrow">Ce que vous saurez faire</p>
        <h2 id="objectifs-title" className="section-title mt-2">
          Objectifs de la formation
        </h2>
        <ol className="mt-10 grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          {objectives.map((o, i) => (
            <li key={i} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span aria-hidden className="font-serif text-3xl font-bold text-amber-700">
                {String(i + 1).padStart(2, "0")}
              </span>
              <span className="pt-1 leading-relaxed text-slate-700">
                <span className="sr-only">Objectif {i + 1} : </span>
                {o}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** 'À propos de la formation': the description and the key facts (duration, group size, modules). */
export function About({ description, duration, maxParticipants, moduleCount }: { description: string; duration: string; maxParticipants: number; moduleCount: number }) {
  const facts = [
    { icon: CalendarClock, label: "Durée", value: duration },
    { icon: Users, label: "Participants", value: `${maxParticipants} maximum par session` },
    ...(moduleCount > 0 ? [{ icon: Layers, label: "Programme", value: `${moduleCount} module${moduleCount > 1 ? "s" : ""}` }] : []),
  ];
  return (
    <section aria-labelledby="apropos-title" className="py-14 md:py-20">
      <div className="container-site grid gap-10 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <p className="eyebrow">La formation</p>
          <h2 id="apropos-title" className="section-title mt-2">
            À propos de la formation
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-slate-700">{description}</p>
        </div>
        <dl className="grid content-start gap-4 lg:col-span-2">
          {facts.map(({ icon: Icon, label, value }) => (
            <div key={label} className="relative rounded-2xl bg-teal-50 py-5 ps-20 pe-5 ring-1 ring-teal-100">
              <dt className="text-xs font-semibold uppercase tracking-wider text-teal-700">
                <span aria-hidden className="absolute start-5 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white text-teal-600 shadow-sm">
                  <Icon className="h-5 w-5" />
                </span>
                {label}
              </dt>
              <dd className="mt-0.5 font-semibold text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/**
 * 'Votre formateur': the syllabus's instructor, or the clinic's dentist. The dentist comes with
 * the doctor's title, figures, portrait (the 'formation.trainer' photo slot) and profile link;
 * another trainer with the session's name and initials only (featured-texts.ts).
 */
export function Trainer({ trainer }: { trainer: FeaturedTexts["trainer"] }) {
  const initials = trainer.name
    .replace(/\b(Dr|Pr)\.?\s+/gi, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join("");
  return (
    <section aria-labelledby="formateur-title" className="bg-navy-900 py-14 text-white md:py-20">
      <div className="container-site grid items-center gap-10 md:grid-cols-5">
        <div className="mx-auto w-full max-w-xs md:col-span-2">
          {trainer.isClinicDoctor ? (
            <SlotPhoto
              slot={SITE_PHOTO_SLOTS["formation.trainer"]}
              drawing={{ ...SITE_PHOTO_SLOTS["formation.trainer"].drawing, alt: `Portrait illustré de ${trainer.name}` }}
              className="aspect-square h-auto w-full rounded-3xl object-cover"
            />
          ) : (
            <div aria-hidden className="flex aspect-square w-full items-center justify-center rounded-3xl bg-gradient-to-br from-teal-600 to-navy-800 font-serif text-7xl font-bold text-white/90">
              {initials || <GraduationCap className="h-24 w-24" />}
            </div>
          )}
        </div>
        <div className="md:col-span-3">
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">Votre formateur</p>
          <h2 id="formateur-title" className="mt-2 text-3xl font-bold text-white md:text-4xl">
            {trainer.name}
          </h2>
          <p className="mt-2 text-slate-300">{trainer.subtitle}</p>
          <p className="mt-5 leading-relaxed text-slate-200">{trainer.text}</p>
          {trainer.badges.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-3 text-sm">
              {trainer.badges.map((b, i) => {
                const Icon = i === 0 ? Award : Stethoscope;
                return (
                  <li key={b} className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2">
                    <Icon aria-hidden className="h-4 w-4 text-gold-400" />
                    {b}
                  </li>
                );
              })}
            </ul>
          )}
          {trainer.isClinicDoctor && (
            <Link to="/doctorpage" className="btn-outline mt-8 text-white">
              Découvrir le parcours du formateur
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}

/** 'À qui s'adresse cette formation ?': the audience of the course's subject, the group size and the duration. */
export function Audience({ audience, maxParticipants, durationMonths }: { audience: FeaturedTexts["audience"]; maxParticipants: number; durationMonths: number }) {
  return (
    <section aria-labelledby="public-title" className="py-14 md:py-20">
      <div className="container-site">
        <div className="rounded-3xl bg-gradient-to-br from-teal-50 to-ivory p-8 ring-1 ring-teal-100 md:p-12">
          <p className="eyebrow">Public</p>
          <h2 id="public-title" className="section-title mt-2">
            À qui s'adresse cette formation ?
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <p className="text-lg leading-relaxed text-slate-700">
              Aux <strong>{audience.lead}</strong> {audience.rest}
            </p>
            <p className="text-lg leading-relaxed text-slate-700">
              Chaque session est limitée à <strong>{maxParticipants} participants</strong> et dure <strong>{durationMonths} mois</strong>, pour un suivi
              personnalisé de chacun.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
