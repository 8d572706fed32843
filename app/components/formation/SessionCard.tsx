import { BookOpen, CalendarClock, Clock, MapPin, Phone, Users, Wallet } from "lucide-react";
import { Link } from "react-router";
import { clinic } from "~/content/clinic";
import { formationPriceLabel } from "~/lib/formation-schema";
import { syllabusPath } from "~/lib/slug";
import { EnrollLink } from "./EnrollmentDialog";

export interface SessionCardData {
  id: number;
  title: string;
  description: string;
  duration_months: number;
  max_participants: number;
  price: number | null;
  taken: number;
}

/** Fixed texts of SPEC §9. */
export const SESSION_PLACE = "Centre de Formation Dentaire";
export const SESSION_HOURS = "9h-17h";

/** One available session on /formation (SPEC §2 "Session card"). */
export function SessionCard({ session }: { session: SessionCardData }) {
  const full = session.taken >= session.max_participants;
  const left = Math.max(0, session.max_participants - session.taken);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-200 transition hover:shadow-xl">
      <div className="flex items-start justify-between gap-3 bg-navy-900 px-6 py-5 text-white">
        <h3 className="font-serif text-xl font-bold leading-snug text-white">{session.title}</h3>
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
          <div className="flex items-center gap-2">
            <dt>
              <CalendarClock aria-hidden className="h-4 w-4 text-teal-600" />
              <span className="sr-only">Durée</span>
            </dt>
            <dd>{session.duration_months} mois</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Users aria-hidden className="h-4 w-4 text-teal-600" />
              <span className="sr-only">Capacité</span>
            </dt>
            <dd>{session.max_participants} participants max.</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <MapPin aria-hidden className="h-4 w-4 text-teal-600" />
              <span className="sr-only">Lieu</span>
            </dt>
            <dd>{SESSION_PLACE}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Clock aria-hidden className="h-4 w-4 text-teal-600" />
              <span className="sr-only">Horaires</span>
            </dt>
            <dd>{SESSION_HOURS}</dd>
          </div>
          <div className="flex items-center gap-2 sm:col-span-2">
            <dt>
              <Wallet aria-hidden className="h-4 w-4 text-teal-600" />
              <span className="sr-only">Prix</span>
            </dt>
            <dd className="text-base font-bold text-navy-900">{formationPriceLabel(session.price, "Prix sur demande")}</dd>
          </div>
        </dl>
        <p className="mt-4 line-clamp-3 text-sm leading-relaxed text-slate-600">{session.description}</p>
        {full && <p className="mt-3 text-sm font-medium text-amber-900">Cette session est complète : contactez-nous pour être informé(e) de la prochaine.</p>}
        <div className="mt-auto flex flex-col gap-2 pt-5">
          <Link to={syllabusPath(session.id)} className="btn border border-navy-900 text-navy-900 hover:bg-slate-50">
            <BookOpen aria-hidden className="h-4 w-4" />
            Voir le programme
            <span className="sr-only"> de « {session.title} »</span>
          </Link>
          {full ? (
            <a href={`tel:${clinic.phones[0].tel}`} className="btn bg-navy-900 text-white hover:bg-navy-800">
              <Phone aria-hidden className="h-4 w-4" />
              Nous appeler
            </a>
          ) : (
            <EnrollLink formationId={session.id} className="btn-primary">
              S'inscrire
              <span className="sr-only"> à « {session.title} »</span>
            </EnrollLink>
          )}
        </div>
      </div>
    </article>
  );
}
