import { ListOrdered, MessageCircle, MessageSquareText, UserPlus } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.liste-attente";
import { getDb } from "~/.server/db";
import { getStaff } from "~/.server/staff-guard";
import { waitlistScreen, waitlistStaffAction, type EntryRowView } from "~/.server/waitlist-staff";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { useCan } from "~/components/admin/permissions";
import { useToast } from "~/components/toaster";
import { WaitlistFields } from "~/components/waitlist/WaitlistFields";
import type { Toast } from "~/lib/toast";
import { addDays, parseId } from "~/lib/rules";
import { WAITLIST_MAX_DAYS } from "~/lib/waitlist";

export const meta: Route.MetaFunction = () => [{ title: "Liste d'attente | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

/**
 * 'Liste d'attente' (issue 31, item 1; app/.server/waitlist-staff.ts): who waits for a slot, for
 * which half-days, what was offered to them (with one-tap WhatsApp/SMS while an offer holds),
 * 'Retirer', and 'Ajouter un patient' (?patient=<id> from a record prefills it).
 */
export async function loader({ url }: Route.LoaderArgs) {
  return waitlistScreen(getDb(), parseId(url.searchParams.get("patient")));
}

export async function action({ request, context }: Route.ActionArgs) {
  return waitlistStaffAction(request, getStaff(context));
}

const STATUS_TONE: Record<string, string> = {
  waiting: "bg-sky-50 text-sky-900 ring-sky-600/30",
  offered: "bg-amber-50 text-amber-900 ring-amber-600/30",
  booked: "bg-emerald-50 text-emerald-900 ring-emerald-600/30",
  expired: "bg-slate-100 text-slate-700 ring-slate-400/40",
  removed: "bg-slate-100 text-slate-700 ring-slate-400/40",
};

const TAP = "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold ring-1 ring-inset";

export default function AdminWaitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, prefill, today } = loaderData;
  const reply = actionData as { intent?: string; ok?: boolean; result?: { error?: Record<string, string[] | undefined> }; toast?: Toast } | undefined;
  useToast(reply?.toast);
  const canAdd = useCan("appointment:create");
  const canRemove = useCan("appointment:update");
  const navigation = useNavigation();
  const addErrors = reply?.intent === "waitlist-add" && !reply.ok ? (reply.result?.error ?? {}) : {};
  const active = rows.filter((r) => r.status === "waiting" || r.status === "offered");
  const past = rows.filter((r) => r.status !== "waiting" && r.status !== "offered");
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-wrap items-center gap-3">
        <ListOrdered aria-hidden className="h-7 w-7 text-teal-700" />
        <h1 className="text-2xl font-bold">Liste d'attente</h1>
        <p className="w-full text-sm text-slate-600">
          Quand un créneau se libère (annulation, déplacement, absence signalée tôt), il est proposé aux patients dont les disponibilités correspondent : le premier qui le prend l'obtient.
        </p>
      </header>
      {canAdd && (
        <details open={Boolean(prefill) || Object.keys(addErrors).length > 0} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-navy-900">
            <UserPlus aria-hidden className="h-5 w-5" /> Ajouter un patient
          </summary>
          <Form method="post" className="mt-4 space-y-4" noValidate key={reply?.intent === "waitlist-add" && reply.ok ? "reset" : "form"}>
            <input type="hidden" name="intent" value="waitlist-add" />
            {prefill && <input type="hidden" name="patient_id" value={prefill.patientId} />}
            {addErrors[""] && <p className="field-error">{addErrors[""][0]}</p>}
            <WaitlistFields form="staff-waitlist" values={prefill ?? {}} errors={addErrors} minDate={today} maxDate={addDays(today, WAITLIST_MAX_DAYS)} />
            <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto" disabled={navigation.state === "submitting"}>
              Ajouter à la liste d'attente
            </button>
          </Form>
        </details>
      )}
      <section aria-labelledby="waitlist-active">
        <h2 id="waitlist-active" className="text-lg font-bold">
          En cours ({active.length})
        </h2>
        {active.length === 0 ? <p className="mt-2 text-sm text-slate-600">Personne n'attend de créneau.</p> : <EntryList rows={active} canRemove={canRemove} />}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="waitlist-past">
          <h2 id="waitlist-past" className="text-lg font-bold">
            Ces 30 derniers jours
          </h2>
          <EntryList rows={past} canRemove={canRemove} />
        </section>
      )}
    </div>
  );
}

function EntryList({ rows, canRemove }: { rows: EntryRowView[]; canRemove: boolean }) {
  return (
    <ul className="mt-3 grid gap-3">
      {rows.map((r) => (
        <li key={r.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-waitlist-entry={r.id}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-semibold text-navy-900">{r.name}</p>
              <p className="text-sm text-slate-700">
                <a href={`tel:${r.phone.replace(/[^\d+]/g, "")}`} className="underline">
                  {r.phone}
                </a>{" "}
                · {r.service}
              </p>
            </div>
            <span className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 ${STATUS_TONE[r.status] ?? STATUS_TONE.expired}`}>{r.statusLabel}</span>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            {r.wishes} — jusqu'au {r.until}
          </p>
          <p className="text-xs text-slate-600">
            Inscrit {r.source.toLowerCase()} le {r.createdAt}
          </p>
          {r.offers.length > 0 && (
            <ul className="mt-3 space-y-2 border-t border-slate-100 pt-3" aria-label={`Offres envoyées à ${r.name}`}>
              {r.offers.map((o) => (
                <li key={o.id} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{o.when}</span>
                  <span className="text-slate-600">
                    — {o.statusLabel}
                    {o.status === "open" ? ` jusqu'à ${o.until}` : ""}
                  </span>
                  {o.whatsapp && (
                    <a href={o.whatsapp} target="_blank" rel="noreferrer" className={`${TAP} bg-emerald-50 text-emerald-900 ring-emerald-600/40`}>
                      <MessageCircle aria-hidden className="h-4 w-4" /> WhatsApp
                    </a>
                  )}
                  {o.sms && (
                    <a href={o.sms} className={`${TAP} bg-white text-navy-900 ring-slate-300`}>
                      <MessageSquareText aria-hidden className="h-4 w-4" /> SMS
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
          {canRemove && (r.status === "waiting" || r.status === "offered") && (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="waitlist-remove" />
              <input type="hidden" name="id" value={r.id} />
              <button type="submit" className={`${TAP} bg-white text-red-800 ring-red-300`}>
                Retirer <span className="sr-only">{r.name} de la liste</span>
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <StaffScreenError
      error={error}
      path="/admin/liste-attente"
      title="Impossible de charger la liste d'attente."
      text="La liste d'attente n'a pas pu être lue. Vérifiez la connexion puis réessayez ; si le problème persiste, prévenez la personne qui gère le site."
    />
  );
}
