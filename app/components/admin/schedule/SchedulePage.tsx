import { ExternalLink } from "~/components/admin/icons";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { Link } from "react-router";
import { OpeningHours } from "~/components/content/OpeningHours";
import type { ScheduleException, TimeRange, Weekday } from "~/lib/schedule";
import { SectionLinks } from "~/components/admin/SectionLinks";

const SECTIONS = [
  { id: "semaine", label: "Semaine" },
  { id: "fermetures", label: "Fermetures" },
  { id: "soins", label: "Soins" },
  { id: "regles", label: "Règles" },
  { id: "patients", label: "Patients" },
];

/** The title, what the screen decides, and links to its five sections (one tap on a phone); read-only for a role without `schedule:update`. */
export function ScheduleHeader({ readOnly = false }: { readOnly?: boolean }) {
  return (
    <div>
      <h1 className="text-3xl font-bold md:text-4xl">Horaires et fermetures</h1>
      {readOnly ? (
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Les horaires, les fermetures et les règles qui décident des créneaux proposés aux patients. Lecture seule : un dentiste ou un administrateur les modifie.
        </p>
      ) : (
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Ce que vous réglez ici décide des créneaux proposés aux patients sur le site et des horaires affichés en bas de chaque page. Chaque partie s'enregistre
          avec son propre bouton.
        </p>
      )}
      <SectionLinks sections={SECTIONS} />
    </div>
  );
}

/** What patients read on the site, from what is saved: the footer's hours, in light colours. */
export function SitePreview({ weekly, upcoming }: { weekly: Record<Weekday, TimeRange[]>; upcoming: ScheduleException[] }) {
  return (
    <aside aria-labelledby="site-preview-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="site-preview-title" className="font-sans text-base font-semibold text-navy-900">
        Ce que voient les patients
      </h2>
      <p className="mt-1 text-xs text-slate-500">Les horaires enregistrés, tels que le site les affiche.</p>
      <OpeningHours hours={{ weekly, upcoming }} tone="light" className="mt-4" />
      <Link to="/" target="_blank" className="mt-5 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-teal-700 hover:underline">
        Voir le site
        <ExternalLink aria-hidden className="h-4 w-4" />
        <span className="sr-only">(nouvel onglet)</span>
      </Link>
    </aside>
  );
}

/** The screen could not be read: say so in French and offer to try again. */
export function ScheduleErrorBoundary({ error }: { error: unknown }) {
  return (
    <StaffScreenError
      error={error}
      path="/admin/horaires"
      title="Impossible de charger les horaires."
      text="Les horaires n'ont pas pu être lus. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
