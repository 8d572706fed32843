import type { SubmissionResult } from "@conform-to/react";
import { ClipboardCheck, Trash2 } from "~/components/admin/icons";
import { Form, Link } from "react-router";
import { ConfirmAction } from "~/components/admin/ConfirmAction";
import { EnrollmentPaymentForm } from "./EnrollmentPaymentForm";
import { SessionWaitlist, type WaitlistRowView } from "./SessionWaitlist";
import { ENROLLMENT_STATUS_LABELS } from "~/lib/enrollment-schema";
import { formatDateTime } from "~/lib/format";
import { SESSION_STATUS_LABELS, sessionDates, type FormationSession, type SessionStatus } from "~/lib/formation-session";
import { centimesToInput, formatDA } from "~/lib/money";

/** One enrolment of a session as the staff editor shows it. */
export interface SessionEnrollmentRow {
  id: number;
  name: string;
  status: "pending" | "confirmed" | "cancelled" | "completed";
  payment_due_at: string | null;
  paid_at: string | null;
  released_at: string | null;
}

export type FieldErrors = Record<string, string[] | null | undefined>;

function Input({ name, label, errors, ...rest }: { name: string; label: string; errors?: FieldErrors } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `${rest.id ?? name}`;
  const error = errors?.[name]?.[0];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <input {...rest} id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className="field-input mt-1 min-h-11" />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form of a session (new when `session` is null): days, hours, place, places, price, status, payment days, offer hours. */
export function SessionForm({ session, defaults, errors, busy }: { session: FormationSession | null; defaults: { place: string; capacity: number; price: number | null }; errors?: FieldErrors; busy: boolean }) {
  const p = session ? `s${session.id}-` : "new-";
  return (
    <Form method="post" className="grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="save" />
      {session && <input type="hidden" name="session_id" value={session.id} />}
      <Input id={`${p}start_date`} name="start_date" label="Premier jour" type="date" required defaultValue={session?.start_date} errors={errors} />
      <Input id={`${p}end_date`} name="end_date" label="Dernier jour" type="date" required defaultValue={session?.end_date} errors={errors} />
      <Input id={`${p}day_start`} name="day_start" label="Heure de début" type="time" required defaultValue={session?.day_start ?? "09:00"} errors={errors} />
      <Input id={`${p}day_end`} name="day_end" label="Heure de fin" type="time" required defaultValue={session?.day_end ?? "17:00"} errors={errors} />
      <div className="sm:col-span-2">
        <Input id={`${p}place`} name="place" label="Lieu" maxLength={160} defaultValue={session?.place ?? defaults.place} errors={errors} />
      </div>
      <Input id={`${p}capacity`} name="capacity" label="Places" type="number" min={1} max={500} inputMode="numeric" required defaultValue={session?.capacity ?? defaults.capacity} errors={errors} />
      <Input id={`${p}price`} name="price" label="Prix (DA, vide : sur demande)" inputMode="decimal" defaultValue={centimesToInput(session ? session.price : defaults.price)} errors={errors} />
      <Input id={`${p}payment_days`} name="payment_days" label="Délai de paiement (jours)" type="number" min={1} max={90} inputMode="numeric" required defaultValue={session?.payment_days ?? 7} errors={errors} />
      <Input id={`${p}offer_hours`} name="offer_hours" label="Validité d'une offre (heures)" type="number" min={1} max={168} inputMode="numeric" required defaultValue={session?.offer_hours ?? 24} errors={errors} />
      <div>
        <label htmlFor={`${p}status`} className="block text-sm font-semibold text-slate-700">
          Statut
        </label>
        <select id={`${p}status`} name="status" defaultValue={session?.stored_status ?? "open"} className="field-input mt-1 min-h-11">
          <option value="open">Inscriptions ouvertes</option>
          <option value="cancelled">Annulée</option>
        </select>
      </div>
      <div className="flex items-end sm:col-span-2">
        <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy}>
          {session ? "Enregistrer la session" : "Ajouter la session"}
        </button>
      </div>
    </Form>
  );
}

const ENROLMENT_LABEL = (e: SessionEnrollmentRow) =>
  e.released_at ? `Place libérée le ${formatDateTime(e.released_at)}` : e.status === "pending" && !e.paid_at ? `En attente de paiement — avant le ${formatDateTime(e.payment_due_at)}` : e.paid_at ? `Payé le ${formatDateTime(e.paid_at)}` : (ENROLLMENT_STATUS_LABELS[e.status as keyof typeof ENROLLMENT_STATUS_LABELS] ?? e.status);

/**
 * A session: its dates, status, places, a refusal said here (`notice`), its enrolments with 'Paiement
 * reçu' for the unpaid ones, its waiting list, 'Modifier la session' (children) and, with `canEdit`,
 * 'Supprimer la session' (a confirmation step; the server refuses a session with enrolments or a list).
 */
export function SessionCard({
  session,
  status,
  enrollments,
  waitlist,
  canEdit,
  notice,
  payReply,
  children,
}: {
  session: FormationSession;
  status: SessionStatus;
  enrollments: SessionEnrollmentRow[];
  waitlist: WaitlistRowView[];
  canEdit: boolean;
  notice?: string;
  payReply?: (enrollmentId: number) => SubmissionResult<string[]> | undefined;
  children: React.ReactNode;
}) {
  return (
    <article id={`session-${session.id}`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-6">
      <h2 className="text-lg font-bold first-letter:uppercase">{sessionDates(session)}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {SESSION_STATUS_LABELS[status]} · {session.taken + session.held}/{session.capacity} places · {session.waiting} en liste d'attente · {session.price === null ? "Prix sur demande" : formatDA(session.price)}
      </p>
      <Link to={`/admin/presences/${session.id}`} className="btn-outline mt-3 min-h-11 text-navy-900">
        <ClipboardCheck aria-hidden className="h-4 w-4" />
        Présences et attestations
      </Link>
      {notice && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-3 text-red-800">
          {notice}
        </p>
      )}
      {enrollments.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100" aria-label="Inscriptions de la session">
          {enrollments.map((e) => (
            <li key={e.id} className="py-3">
              <p className="font-semibold">{e.name}</p>
              <p className="text-sm text-slate-600">{ENROLMENT_LABEL(e)}</p>
              {e.status === "pending" && !e.paid_at && <EnrollmentPaymentForm enrollmentId={e.id} price={session.price} name={e.name} lastResult={payReply?.(e.id)} />}
            </li>
          ))}
        </ul>
      )}
      <SessionWaitlist sessionId={session.id} rows={waitlist} canEdit={canEdit} />
      <details className="mt-4">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-teal-700">Modifier la session</summary>
        <div className="mt-3">{children}</div>
      </details>
      {canEdit && (
        <ConfirmAction id={session.id} intent="delete" summary="Supprimer la session…" icon={Trash2} danger className="mt-3" confirmLabel="Oui, supprimer cette session" busyLabel="Suppression...">
          <p>
            La session sera supprimée définitivement. Seule une session sans inscription ni liste d'attente peut l'être : sinon, annulez-la (Modifier la session, Statut : Annulée).
          </p>
        </ConfirmAction>
      )}
    </article>
  );
}
