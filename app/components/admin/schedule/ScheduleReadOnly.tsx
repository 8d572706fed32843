import { Check, ChevronDown, Minus } from "~/components/admin/icons";
import type { ReactNode } from "react";
import type { ContactSettings } from "~/lib/contact-settings";
import { formatDuration, formatRanges, WEEK_ORDER, WEEKDAY_LABELS, type ScheduleException, type ScheduleSettings, type ServiceSetting, type TimeRange, type Weekday } from "~/lib/schedule";
import { SERVICES, type Service } from "~/lib/services";
import { ExceptionIcon, ExceptionText } from "./ExceptionsList";

/**
 * The schedule screen for a role without `schedule:update` (docs/product.md, "Staff roles"): the
 * same five parts as text, no form. The front desk reads the hours, the closures, the durations
 * and the rules it books by; a dentist or an administrator changes them.
 */

/** 'Horaires de la semaine': each day, Saturday first, with its ranges or 'Fermé'. */
export function WeeklyHoursView({ weekly }: { weekly: Record<Weekday, TimeRange[]> }) {
  return (
    <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
      {WEEK_ORDER.map((day) => {
        const ranges = weekly[day] ?? [];
        return (
          <div key={day} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 px-4 py-3 sm:grid sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="font-semibold text-navy-900">{WEEKDAY_LABELS[day]}</dt>
            <dd className={`tabular-nums ${ranges.length === 0 ? "font-medium text-red-700" : "text-slate-800"}`}>{formatRanges(ranges)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function ExceptionRow({ e, today }: { e: ScheduleException; today: string }) {
  return (
    <li className="flex gap-3 p-3 sm:p-4">
      <ExceptionIcon e={e} />
      <ExceptionText e={e} today={today} />
    </li>
  );
}

/** 'Fermetures et horaires spéciaux': the periods to come, and the recent past ones folded. */
export function ExceptionsView({ upcoming, past, today }: { upcoming: ScheduleException[]; past: ScheduleException[]; today: string }) {
  return (
    <div className="space-y-4">
      {upcoming.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">Aucune fermeture ni horaire spécial à venir.</p>
      ) : (
        <ul aria-label="Périodes à venir" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {upcoming.map((e) => (
            <ExceptionRow key={e.id ?? `${e.startDate}-${e.label}`} e={e} today={today} />
          ))}
        </ul>
      )}
      {past.length > 0 && (
        <details className="group/past rounded-xl ring-1 ring-slate-200">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-4 text-sm font-semibold text-slate-700 [&::-webkit-details-marker]:hidden">
            Périodes passées ({past.length})
            <ChevronDown aria-hidden className="h-4 w-4 transition group-open/past:rotate-180" />
          </summary>
          <ul aria-label="Périodes passées" className="divide-y divide-slate-100 border-t border-slate-100">
            {past.map((e) => (
              <ExceptionRow key={e.id ?? `${e.startDate}-${e.label}`} e={e} today={today} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** 'Soins': per service, the time booked, the sterilisation after it, and whether it is bookable online. */
export function ServicesView({ services }: { services: Record<Service, ServiceSetting> }) {
  const COLS = "lg:grid-cols-[minmax(0,1fr)_9rem_11rem_13rem]";
  return (
    <div>
      <div aria-hidden className={`hidden gap-4 px-4 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:grid ${COLS}`}>
        <span>Soin</span>
        <span>Durée</span>
        <span>Stérilisation après</span>
        <span>En ligne</span>
      </div>
      <ul aria-label="Soins" className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {SERVICES.map((name) => {
          const s = services[name];
          if (!s) return null;
          return (
            <li key={name} className={`grid grid-cols-2 gap-x-3 gap-y-1 p-3 text-sm sm:p-4 lg:items-center lg:gap-4 ${COLS}`}>
              <p className="col-span-2 font-semibold text-navy-900 lg:col-span-1">{name}</p>
              <p className="text-slate-700">
                <span className="text-slate-500 lg:sr-only">Durée : </span>
                {formatDuration(s.durationMinutes)}
              </p>
              <p className="text-slate-700">
                <span className="text-slate-500 lg:sr-only">Stérilisation après : </span>
                {s.bufferMinutes === 0 ? "aucune" : formatDuration(s.bufferMinutes)}
              </p>
              <p className="col-span-2 lg:col-span-1">
                {s.online ? (
                  <span className="inline-flex items-center gap-1.5 font-medium text-teal-800">
                    <Check aria-hidden className="h-4 w-4" />
                    Réservable en ligne
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1.5 text-slate-600">
                    <Minus aria-hidden className="h-4 w-4" />
                    Par téléphone seulement
                  </span>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Fact({ label, value, hint }: { label: string; value: ReactNode; hint: string }) {
  return (
    <div className="rounded-xl p-4 ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums text-navy-900">{value}</dd>
      <dd className="mt-2 text-xs leading-relaxed text-slate-500">{hint}</dd>
    </div>
  );
}

const hours = (n: number) => `${n} heure${n > 1 ? "s" : ""}`;

/** 'Règles de réservation': minimum notice, how far ahead, how many chairs. */
export function BookingRulesView({ settings }: { settings: ScheduleSettings }) {
  const notice = settings.minNoticeMinutes;
  return (
    <dl className="grid gap-5 md:grid-cols-3">
      <Fact
        label="Délai minimum avant un rendez-vous"
        value={notice === 0 ? "Aucun" : notice % 60 === 0 ? hours(notice / 60) : `${notice} minutes`}
        hint="Un patient ne peut pas réserver en ligne un créneau qui commence plus tôt. Vous pouvez toujours ajouter un rendez-vous vous-même depuis l'agenda."
      />
      <Fact label="Réservation ouverte sur" value={`${settings.horizonDays} jours`} hint="Jusqu'où le calendrier du site va." />
      <Fact label="Nombre de fauteuils" value={settings.chairs} hint="Combien de patients peuvent être soignés en même temps." />
    </dl>
  );
}

/** 'Patients : lien personnel, rappels et conservation'. */
export function ContactSettingsView({ settings }: { settings: ContactSettings }) {
  return (
    <dl className="grid gap-5 md:grid-cols-3">
      <Fact
        label="Changements par le lien : jusqu'à"
        value={settings.cancelCutoffHours === 0 ? "L'heure du rendez-vous" : `${hours(settings.cancelCutoffHours)} avant`}
        hint="Jusque-là, le patient peut annuler ou déplacer son rendez-vous depuis son lien personnel ; ensuite, le lien lui donne vos numéros."
      />
      <Fact
        label="E-mail de rappel"
        value={`${hours(settings.reminderHours)} avant`}
        hint="Le patient qui a donné son e-mail reçoit un rappel avec son lien personnel."
      />
      <Fact
        label="Demandes jamais confirmées : conservées"
        value={`${settings.retentionMonths} mois`}
        hint="Ensuite, une demande restée sans confirmation perd le nom, le téléphone, l'e-mail et le message du patient."
      />
    </dl>
  );
}
