import { BookOpen, GraduationCap, UserRound } from "lucide-react";
import { Link } from "react-router";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import type { FormationSyllabusItem } from "~/lib/formation";
import { SITE_PHOTO_SLOTS } from "~/lib/photo-slots";
import { EnrollLink } from "../EnrollLink";

/** The hero's texts when no formation is active. */
export const DEFAULT_HERO = {
  title: "Formation en implantologie dentaire",
  description:
    "Des formations théoriques et pratiques, en petit groupe, pour intégrer l'implantologie à votre exercice d'omnipraticien en toute sécurité, auprès d'un praticien expérimenté.",
};

/** 'Voir le programme complet': the full syllabus of the featured formation. */
export function ProgrammeLink({ className }: { className: string }) {
  return (
    <Link to="/syllabus" className={className}>
      <BookOpen aria-hidden className="h-4 w-4" />
      Voir le programme complet
    </Link>
  );
}

/** The top of /formation: the featured formation's title and description, or the defaults. */
export function LandingHero({ featured }: { featured: Pick<FormationSyllabusItem, "title" | "description"> | null }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-navy-950 via-navy-900 to-navy-800 text-white">
      <div aria-hidden className="-start-56 -top-18 glow text-teal-500 opacity-20" />
      <div className="container-site relative grid items-center gap-10 py-14 md:py-20 lg:grid-cols-2">
        <div>
          <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold-400">Formation continue pour chirurgiens-dentistes</p>
          <h1 className="mt-4 text-4xl font-bold leading-tight text-white md:text-5xl">{featured?.title || DEFAULT_HERO.title}</h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-200">{featured?.description || DEFAULT_HERO.description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <EnrollLink className="btn-primary">
              <GraduationCap aria-hidden className="h-4 w-4" />
              S'inscrire maintenant
            </EnrollLink>
            <ProgrammeLink className="btn bg-white text-navy-900 hover:bg-ivory" />
            <Link to="/doctorpage" className="btn-outline text-white">
              <UserRound aria-hidden className="h-4 w-4" />
              Informations sur le formateur
            </Link>
          </div>
        </div>
        <div className="mx-auto w-full max-w-sm lg:max-w-xl">
          <SlotPhoto slot={SITE_PHOTO_SLOTS["formation.hero"]} className="aspect-[4/3] h-auto w-full rounded-3xl object-cover" />
        </div>
      </div>
    </section>
  );
}
