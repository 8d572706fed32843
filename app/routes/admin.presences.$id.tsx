import { ArrowLeft, CalendarDays, MapPin } from "~/components/admin/icons";
import { Link } from "react-router";
import type { Route } from "./+types/admin.presences.$id";
import { attendanceAction, attendanceData, type AttendanceReply } from "~/.server/certificate-actions";
import { getStaff } from "~/.server/staff-guard";
import { Certificates, DayChips, ParticipantRow } from "~/components/admin/presences/AttendanceSheet";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { Alert } from "~/components/ui/Alert";
import { pickDay, sessionDays } from "~/lib/attendance";
import { certificatePeriod } from "~/lib/certificate";
import { formatDayFull, formatTimeRange } from "~/lib/format";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `Présences — ${d?.sheet.session.formationTitle ?? "Session"} | Espace de Travail` }, { name: "robots", content: "noindex, nofollow" }];

/**
 * /admin/presences/:id — the attendance sheet of a course session and its certificates (issue 31,
 * item 6; ADR 028). Every role opens it (`formation:read`) and marks attendance
 * (`attendance:mark`); administrators and dentists issue, resend and withdraw the certificates
 * (`certificate:issue`). `?jour=YYYY-MM-DD` picks the day.
 */
export async function loader({ params, url }: Route.LoaderArgs) {
  const { sheet, today } = await attendanceData(parseId(params.id));
  const days = sessionDays(sheet.session.startsOn, sheet.session.endsOn, today, sheet.daysHeld);
  return { sheet, today, days, day: pickDay(days, url.searchParams.get("jour"), today) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return attendanceAction(request, parseId(params.id), getStaff(context));
}

export default function AttendanceScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { sheet, today, days, day } = loaderData;
  const { session, participants, daysHeld } = sheet;
  const reply = actionData as AttendanceReply | undefined;
  return (
    <div className="space-y-5">
      <Link to="/admin/formations" className="btn-ghost -ml-2">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Formations
      </Link>
      <header>
        <h1 className="font-serif text-2xl font-bold text-navy-900">Présences — {session.formationTitle}</h1>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1.5 first-letter:uppercase">
            <CalendarDays aria-hidden className="h-4 w-4" />
            {certificatePeriod(session)}, {formatTimeRange(session.startTime, session.endTime)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden className="h-4 w-4" />
            {session.place}
          </span>
        </p>
      </header>
      {reply?.message && (
        <Alert tone={reply.ok ? "success" : "error"} focusKey={reply}>
          <p>{reply.message}</p>
        </Alert>
      )}
      <section aria-labelledby="sheet-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-6">
        <h2 id="sheet-title" className="font-sans text-base font-semibold text-navy-900 first-letter:uppercase">
          {day ? formatDayFull(day) : "Feuille de présence"}
        </h2>
        {days.length > 0 ? (
          <div className="mt-3">
            <DayChips days={days} day={day} />
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">La session commence le {formatDayFull(session.startsOn)} : la feuille de présence s'ouvre ce jour-là.</p>
        )}
        {participants.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">Aucun participant confirmé : une inscription compte ici une fois son paiement enregistré.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {participants.map((p) => (
              <ParticipantRow key={p.enrollmentId} p={p} day={day} daysHeld={daysHeld} />
            ))}
          </ul>
        )}
      </section>
      <Certificates sessionId={session.id} participants={participants} ended={today >= session.endsOn} endDay={session.endsOn} />
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path={`/admin/presences/${params.id ?? ""}`} title="Impossible d'afficher cette feuille de présence." text="Cette session n'existe pas ou n'a pas pu être lue. Retrouvez-la dans Formations." />;
}
