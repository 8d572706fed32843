import { CalendarClock, CalendarX2, Clock3, SlidersHorizontal, Stethoscope, UserRoundCheck } from "~/components/admin/icons";
import type { Route } from "./+types/admin.horaires";
import { getDb } from "~/.server/db";
import { listAgenda } from "~/.server/repos/appointments";
import { loadContactSettings } from "~/.server/repos/contact-settings";
import { loadSchedule } from "~/.server/repos/schedule";
import { scheduleAction } from "~/.server/schedule-actions";
import { getStaff } from "~/.server/staff-guard";
import { AddExceptionForm } from "~/components/admin/schedule/AddExceptionForm";
import { BookingRulesForm } from "~/components/admin/schedule/BookingRulesForm";
import { ContactSettingsForm } from "~/components/admin/schedule/ContactSettingsForm";
import { ExceptionsList } from "~/components/admin/schedule/ExceptionsList";
import { OutsideHoursNotice } from "~/components/admin/schedule/OutsideHoursNotice";
import { ScheduleErrorBoundary, ScheduleHeader, SitePreview } from "~/components/admin/schedule/SchedulePage";
import { BookingRulesView, ContactSettingsView, ExceptionsView, ServicesView, WeeklyHoursView } from "~/components/admin/schedule/ScheduleReadOnly";
import { ScheduleSection } from "~/components/admin/schedule/ScheduleSection";
import { useCan } from "~/components/admin/permissions";
import { ServicesForm } from "~/components/admin/schedule/ServicesForm";
import type { OutsideAppointment, ScheduleResult, ScheduleScreenData } from "~/lib/schedule-view";
import { WeeklyHoursForm } from "~/components/admin/schedule/WeeklyHoursForm";
import { holdsSlot } from "~/lib/appointment-status";
import { addDaysYmd, fromMinutes } from "~/lib/schedule";
import { clinicNow } from "~/lib/clinic-time";
import { outsideOpeningHours } from "~/lib/schedule-form";

export const meta: Route.MetaFunction = () => [{ title: "Horaires et fermetures | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/** how far ahead booked appointments are checked against the hours */
const CHECK_DAYS = 366;

/**
 * docs/product.md, "Schedule and free slots": the week, the closures, the services, the booking
 * rules, and the patient-contact settings (personal link, reminder e-mail, retention).
 */
export async function loader(): Promise<ScheduleScreenData> {
  const h = getDb();
  const now = clinicNow();
  const [schedule, agenda, contact] = await Promise.all([loadSchedule(h), listAgenda(h, now.date, addDaysYmd(now.date, CHECK_DAYS)), loadContactSettings(h)]);
  const booked = agenda.filter((a) => holdsSlot(a.status) && !a.forced && (a.date > now.date || a.time >= fromMinutes(now.minutes)));
  const outside: OutsideAppointment[] = outsideOpeningHours(schedule, booked).map((a) => ({ id: Number(a.id), date: a.date, time: a.time, service: a.service }));
  const byStart = (a: { startDate: string }, b: { startDate: string }) => a.startDate.localeCompare(b.startDate);
  return {
    today: now.date,
    weekly: schedule.weekly,
    upcoming: schedule.exceptions.filter((e) => e.endDate >= now.date).sort(byStart),
    // the ten most recent, latest first
    past: schedule.exceptions
      .filter((e) => e.endDate < now.date)
      .sort((a, b) => byStart(b, a))
      .slice(0, 10),
    services: schedule.services,
    settings: schedule.settings,
    contact,
    outside: outside.slice(0, 12),
    outsideCount: outside.length,
  };
}

/** The intents (hours, closures, services, rules, patient contact): app/.server/schedule-actions.ts. */
export async function action({ request, context }: Route.ActionArgs) {
  return scheduleAction(request, getStaff(context));
}

export default function AdminSchedule({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  const act = actionData as ScheduleResult | undefined;
  // without `schedule:update` the same parts are shown as text, with no form (the guard refuses the posts anyway)
  const canEdit = useCan("schedule:update");
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0 space-y-6">
          <ScheduleHeader readOnly={!canEdit} />
          <OutsideHoursNotice outside={d.outside} count={d.outsideCount} />
        </div>
        <SitePreview weekly={d.weekly} upcoming={d.upcoming.filter((e) => e.startDate <= addDaysYmd(d.today, 30))} />
      </div>

      <ScheduleSection
        id="semaine"
        title="Horaires de la semaine"
        icon={Clock3}
        intro={
          canEdit ? (
            <>
              <p>Les heures où les patients peuvent prendre rendez-vous, jour par jour. Pour une pause déjeuner, mettez deux plages (par exemple 09:00 à 12:30 et 13:30 à 17:00).</p>
              <p>Un jour sans plage est fermé. Les rendez-vous déjà pris ne changent pas.</p>
            </>
          ) : (
            <p>Les heures où les patients peuvent prendre rendez-vous, jour par jour.</p>
          )
        }
      >
        {canEdit ? <WeeklyHoursForm weekly={d.weekly} actionData={act} /> : <WeeklyHoursView weekly={d.weekly} />}
      </ScheduleSection>

      <ScheduleSection
        id="fermetures"
        title="Fermetures et horaires spéciaux"
        icon={CalendarX2}
        intro={<p>Jours fériés, congés, Ramadan : pendant la période choisie, ces horaires remplacent ceux de la semaine. Le site annonce les périodes des 30 prochains jours.</p>}
      >
        {canEdit ? (
          <div className="grid gap-8 xl:grid-cols-2">
            <div>
              <h3 className="mb-4 font-sans text-base font-semibold text-navy-900">Périodes à venir</h3>
              <ExceptionsList upcoming={d.upcoming} past={d.past} today={d.today} actionData={act} />
            </div>
            <div>
              <h3 className="mb-4 flex items-center gap-2 font-sans text-base font-semibold text-navy-900">
                <CalendarClock aria-hidden className="h-5 w-5 text-teal-600" />
                Ajouter une période
              </h3>
              <AddExceptionForm today={d.today} actionData={act} />
            </div>
          </div>
        ) : (
          <div className="max-w-3xl">
            <h3 className="mb-4 font-sans text-base font-semibold text-navy-900">Périodes à venir</h3>
            <ExceptionsView upcoming={d.upcoming} past={d.past} today={d.today} />
          </div>
        )}
      </ScheduleSection>

      <ScheduleSection
        id="soins"
        title="Soins"
        icon={Stethoscope}
        intro={
          <>
            <p>
              <strong className="font-semibold text-slate-700">Durée</strong> : le temps réservé pour le soin.{" "}
              <strong className="font-semibold text-slate-700">Stérilisation après</strong> : le temps de préparer le fauteuil après le patient ; aucun rendez-vous ne commence
              sur ce fauteuil pendant ce temps.{canEdit ? " Par quarts d'heure." : ""}
            </p>
            <p>{canEdit ? "Si « Réservable en ligne » n'est pas coché" : "Pour un soin qui n'est pas réservable en ligne"}, le site demande au patient d'appeler la clinique pour ce soin.</p>
          </>
        }
      >
        {canEdit ? <ServicesForm services={d.services} actionData={act} /> : <ServicesView services={d.services} />}
      </ScheduleSection>

      <ScheduleSection id="regles" title="Règles de réservation" icon={SlidersHorizontal} intro={<p>Ce que le site autorise aux patients qui réservent en ligne.</p>}>
        {canEdit ? <BookingRulesForm settings={d.settings} actionData={act} /> : <BookingRulesView settings={d.settings} />}
      </ScheduleSection>

      <ScheduleSection
        id="patients"
        title="Patients : lien personnel, rappels et conservation"
        icon={UserRoundCheck}
        intro={
          <>
            <p>Chaque patient reçoit un lien personnel pour confirmer, annuler ou déplacer son rendez-vous, et un e-mail de rappel s'il a donné son adresse.</p>
            <p>Les demandes jamais confirmées ne gardent pas les données du patient au-delà de la durée choisie (loi 18-07).</p>
          </>
        }
      >
        {canEdit ? <ContactSettingsForm settings={d.contact} actionData={act} /> : <ContactSettingsView settings={d.contact} />}
      </ScheduleSection>
    </div>
  );
}

export const ErrorBoundary = ScheduleErrorBoundary;
