import { GraduationCap, Mail, Phone } from "lucide-react";
import { useClinic } from "~/hooks/use-clinic";
import type { FormationLandingItem } from "~/lib/formation";
import { Enrollment } from "../Enrollment";

/**
 * 'Sessions disponibles': a card per active formation (in the enrolment island, whose enrolments
 * change their places), or the empty state with the clinic's phone and e-mail. The section keeps
 * the id "sessions": /formation#sessions is a link others may hold.
 */
export function FormationList({ formations }: { formations: FormationLandingItem[] }) {
  return (
    <section id="sessions" aria-labelledby="formations-title" className="py-14 md:py-20">
      <div className="container-site">
        <p className="eyebrow">Calendrier</p>
        <h2 id="formations-title" className="section-title mt-2">
          Sessions disponibles
        </h2>
        <Enrollment options={formations} sessions={formations} />
        {formations.length === 0 && <NoFormation />}
      </div>
    </section>
  );
}

function NoFormation() {
  const clinic = useClinic();
  return (
    <div className="mt-10 rounded-2xl bg-slate-50 px-6 py-12 text-center ring-1 ring-slate-200">
      <GraduationCap aria-hidden className="mx-auto h-10 w-10 text-teal-600" />
      <p className="mt-4 text-lg font-semibold text-navy-900">Aucune session de formation disponible pour le moment.</p>
      <p className="mx-auto mt-2 max-w-xl text-slate-600">
        De nouvelles sessions sont programmées régulièrement : contactez-nous pour être informé(e) de la prochaine ou pour toute question.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <a href={`tel:${clinic.phones[0].tel}`} className="btn-primary">
          <Phone aria-hidden className="h-4 w-4" />
          {clinic.phones[0].display}
        </a>
        <a href={`mailto:${clinic.email}`} className="btn border border-navy-900 text-navy-900 hover:bg-white">
          <Mail aria-hidden className="h-4 w-4" />
          {clinic.email}
        </a>
      </div>
    </div>
  );
}
