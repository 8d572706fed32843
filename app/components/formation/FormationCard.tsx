import { BookOpen, CalendarClock, Clock, MapPin, Phone, Users, Wallet, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { FORMATION_HOURS, isFull, type FormationLandingItem } from "~/lib/formation";
import { formationPriceLabel } from "~/lib/money";
import { syllabusPath } from "~/lib/slug";
import { EnrollLink } from "./EnrollLink";
import { SessionList } from "./SessionList";

/** Fixed texts of every card (docs/product.md, "Training offer"). */
export { FORMATION_HOURS } from "~/lib/formation";

/** One line of the card's facts: an icon (its label for screen readers) and the value; the price stands out on a line of its own. */
function Fact({ icon: Icon, label, emphasis = false, children }: { icon: LucideIcon; label: string; emphasis?: boolean; children: ReactNode }) {
  return (
    <div className={emphasis ? "flex items-center gap-2 sm:col-span-2" : "flex items-center gap-2"}>
      <dt>
        <Icon aria-hidden className="h-4 w-4 text-teal-600" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={emphasis ? "text-base font-bold text-navy-900" : undefined}>{children}</dd>
    </div>
  );
}

/** The clinic's phone, for a full session's 'Nous appeler' (the card is in the enrolment island: no context). */
export interface ClinicPhone {
  tel: string;
  display: string;
}

/**
 * One formation open to enrolment on /formation (docs/product.md, "Training offer"). Rendered by
 * the enrolment island (./EnrollmentDialog.tsx), whose enrolments change its places: it reads no
 * context and links with plain links.
 */
export function FormationCard({ formation, phone }: { formation: FormationLandingItem; phone: ClinicPhone }) {
  const full = isFull(formation);
  const dated = formation.sessions.length > 0;
  const left = dated ? formation.sessions.reduce((n, s) => n + s.left, 0) : Math.max(0, formation.max_participants - formation.taken);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-200 transition hover:shadow-xl">
      <div className="flex items-start justify-between gap-3 bg-navy-900 px-6 py-5 text-white">
        <h3 className="font-serif text-xl font-bold leading-snug text-white">{formation.title}</h3>
        {full ? (
          <span className="shrink-0 rounded-full bg-gold-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900">Complet</span>
        ) : (
          <span className="shrink-0 rounded-full bg-teal-100 px-3 py-1 text-xs font-bold text-teal-900">
            {left} place{left > 1 ? "s" : ""}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col px-6 py-5">
        <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
          <Fact icon={CalendarClock} label="Durée">{formation.duration_months} mois</Fact>
          <Fact icon={Users} label="Capacité">{formation.max_participants} participants max.</Fact>
          <Fact icon={MapPin} label="Lieu">{formation.place}</Fact>
          {!dated && <Fact icon={Clock} label="Horaires">{FORMATION_HOURS}</Fact>}
          <Fact icon={Wallet} label="Prix" emphasis>{formationPriceLabel(formation.price, "Prix sur demande")}</Fact>
        </dl>
        <p className="mt-4 line-clamp-3 text-sm leading-relaxed text-slate-600">{formation.description}</p>
        {dated && (
          <div className="mt-4">
            <h4 className="mb-2 text-sm font-bold text-navy-900">Prochaines sessions</h4>
            <SessionList sessions={formation.sessions} />
          </div>
        )}
        {full && !dated && <p className="mt-3 text-sm font-medium text-amber-900">Cette session est complète : contactez-nous pour être informé(e) de la prochaine.</p>}
        <div className="mt-auto flex flex-col gap-2 pt-5">
          <a href={syllabusPath(formation.id)} className="btn border border-navy-900 text-navy-900 hover:bg-slate-50">
            <BookOpen aria-hidden className="h-4 w-4" />
            Voir le programme
            <span className="sr-only"> de « {formation.title} »</span>
          </a>
          {full ? (
            <a href={`tel:${phone.tel}`} className="btn bg-navy-900 text-white hover:bg-navy-800">
              <Phone aria-hidden className="h-4 w-4" />
              Nous appeler
            </a>
          ) : (
            <EnrollLink formationId={formation.id} className="btn-primary">
              S'inscrire
              <span className="sr-only"> à « {formation.title} »</span>
            </EnrollLink>
          )}
        </div>
      </div>
    </article>
  );
}
