import {
  CalendarClock,
  CalendarDays,
  GraduationCap,
  Layers,
  MapPin,
  Phone,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { FORMATION_AR, monthsAr } from "~/content/formation-ar";
import { localizedPath } from "~/i18n/locale";
import { sessionDaysAr } from "~/lib/course-texts-ar";
import { formatTimeRange } from "~/lib/format";
import type { PublicSession } from "~/lib/formation-session";
import { formatDA } from "~/lib/money";

/** What the Arabic training pages need of a formation: its French title and its Arabic version, if any. */
export interface ArabicNamed {
  id: number;
  title: string;
  title_ar?: string | null;
}

/**
 * A formation's title on an Arabic page: its Arabic title, else its French one isolated in its
 * language (<bdi lang="fr">) after a short Arabic note, never a French paragraph under dir=rtl.
 */
export function FormationTitleAr({
  formation,
  as: Tag = "h3",
  className = "",
}: {
  formation: ArabicNamed;
  as?: "h1" | "h2" | "h3";
  className?: string;
}) {
  if (formation.title_ar)
    return <Tag className={className}>{formation.title_ar}</Tag>;
  return (
    <Tag className={className}>
      <span className="block text-sm font-normal opacity-80">
        {FORMATION_AR.onlyFrench}
      </span>
      <bdi lang="fr">{formation.title}</bdi>
    </Tag>
  );
}

/** The enrolment form in the page's language (/ar/inscription once it exists, else /inscription). */
export function enrolHref(formationId?: number): string {
  return localizedPath(
    "ar",
    formationId ? `/inscription?formation=${formationId}` : "/inscription",
  );
}

/** A price inside Arabic text: the figure left to right, isolated. */
export function PriceAr({ centimes }: { centimes: number | null }) {
  if (centimes === null || centimes === 0)
    return <>{FORMATION_AR.priceOnRequest}</>;
  return <bdi dir="ltr">{formatDA(centimes)}</bdi>;
}

/** "يوم الاثنين، 15 فبراير 2027" or "من … إلى …", in Arabic (calendar days): app/lib/course-texts-ar.ts. */
export { sessionDaysAr };

/** The dated sessions of a formation, in Arabic: days, hours, place, price, places left or the waiting list. */
export function SessionListAr({ sessions }: { sessions: PublicSession[] }) {
  if (sessions.length === 0) return null;
  return (
    <ul className="space-y-3" aria-label={FORMATION_AR.sessionDates}>
      {sessions.map((s) => (
        <li
          key={s.id}
          className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
        >
          <p className="flex items-start gap-2 font-semibold">
            <CalendarDays
              aria-hidden
              className="mt-0.5 h-4 w-4 shrink-0 text-teal-600"
            />
            <span>
              <span>{sessionDaysAr(s)}</span>
              <span className="block text-sm font-normal text-slate-600">
                <bdi dir="ltr">{formatTimeRange(s.day_start, s.day_end)}</bdi> ·{" "}
                <bdi lang="fr">{s.place}</bdi> · <PriceAr centimes={s.price} />
              </span>
            </span>
          </p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            {s.status === "full" ? (
              <>
                <span className="rounded-full bg-gold-100 px-3 py-1 text-xs font-bold text-amber-900">
                  {FORMATION_AR.full}
                </span>
                <a
                  href={localizedPath("ar", `/inscription?attente=${s.id}`)}
                  className="inline-flex min-h-11 items-center font-semibold text-teal-700 underline underline-offset-2"
                >
                  {FORMATION_AR.joinWaitlist}
                </a>
              </>
            ) : (
              <span className="rounded-full bg-teal-100 px-3 py-1 text-xs font-bold text-teal-900">
                {FORMATION_AR.placesLeft} {s.left} {FORMATION_AR.of}{" "}
                {s.capacity}
              </span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <dt className="inline-flex items-center gap-2 text-slate-600">
        <Icon aria-hidden className="h-4 w-4 text-teal-600" />
        {label}:
      </dt>
      <dd className="font-semibold text-navy-900">{children}</dd>
    </div>
  );
}

/** Duration, group size, place, price (and the number of modules when known). */
export function FactsAr({
  f,
  moduleCount,
}: {
  f: {
    duration_months: number;
    max_participants: number;
    place: string;
    price: number | null;
  };
  moduleCount?: number;
}) {
  return (
    <dl className="grid gap-3 text-sm">
      <Fact icon={CalendarClock} label={FORMATION_AR.duration}>
        {monthsAr(f.duration_months)}
      </Fact>
      <Fact icon={Users} label={FORMATION_AR.participants}>
        {f.max_participants}
      </Fact>
      {moduleCount ? (
        <Fact icon={Layers} label={FORMATION_AR.modules}>
          {moduleCount}
        </Fact>
      ) : null}
      <Fact icon={MapPin} label={FORMATION_AR.place}>
        <bdi lang="fr">{f.place}</bdi>
      </Fact>
      <Fact icon={Wallet} label={FORMATION_AR.price}>
        <PriceAr centimes={f.price} />
      </Fact>
    </dl>
  );
}

/** No formation to show: say so, with the clinic's phone. */
export function NoFormationAr({
  title,
  phone,
}: {
  title: string;
  phone: { tel: string; display: string };
}) {
  return (
    <div className="mt-10 rounded-2xl bg-slate-50 px-6 py-12 text-center ring-1 ring-slate-200">
      <GraduationCap aria-hidden className="mx-auto h-10 w-10 text-teal-600" />
      <p className="mt-4 text-lg font-semibold text-navy-900">{title}</p>
      <p className="mx-auto mt-2 max-w-xl text-slate-600">
        {FORMATION_AR.noSessionText}
      </p>
      <a href={`tel:${phone.tel}`} className="btn-primary mt-6">
        <Phone aria-hidden className="h-4 w-4" />
        <bdi dir="ltr">{phone.display}</bdi>
      </a>
    </div>
  );
}
