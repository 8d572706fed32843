import { UserMinus } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { formatDateTime } from "~/lib/format";
import { canWithdraw, waitlistStateLabel, type WaitlistState } from "~/lib/formation-waitlist-view";

/** One person on a session's waiting list as staff see it. */
export interface WaitlistRowView {
  id: number;
  session_id: number;
  position: number;
  name: string;
  email: string;
  phone: string;
  created_at: string;
  offer_expires_at: string | null;
  state: WaitlistState;
}

const TONE: Record<WaitlistState, string> = {
  waiting: "bg-slate-100 text-slate-800",
  offered: "bg-amber-50 text-amber-900 ring-1 ring-amber-200",
  expired: "bg-slate-100 text-slate-600",
  claimed: "bg-teal-50 text-teal-900 ring-1 ring-teal-200",
};

/**
 * 'Liste d'attente' of a session (issue 31): each person in order, how to reach them, when they
 * joined and where their offer stands; 'Retirer' (with `canEdit`) for one still waiting or offered.
 */
export function SessionWaitlist({ sessionId, rows, canEdit }: { sessionId: number; rows: WaitlistRowView[]; canEdit: boolean }) {
  const navigation = useNavigation();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={`waitlist-${sessionId}`} className="mt-4">
      <h3 id={`waitlist-${sessionId}`} className="text-base font-bold text-navy-900">
        Liste d'attente ({rows.length})
      </h3>
      <ol className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
        {rows.map((w) => {
          const busy = navigation.state === "submitting" && navigation.formData?.get("entry_id") === String(w.id);
          return (
            <li key={w.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold">
                  <span className="mr-1 tabular-nums text-slate-500">{w.position}.</span>
                  {w.name}
                </p>
                <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
                  <a href={`mailto:${w.email}`} className="underline">
                    {w.email}
                  </a>
                  {" · "}
                  <a href={`tel:${w.phone.replace(/\s/g, "")}`} className="whitespace-nowrap underline">
                    {w.phone}
                  </a>
                </p>
                <p className="text-sm text-slate-600">Inscrit(e) le {formatDateTime(w.created_at)}</p>
                <p className={`mt-1 inline-block rounded-lg px-2.5 py-0.5 text-sm font-medium ${TONE[w.state]}`}>{waitlistStateLabel(w.state, w.offer_expires_at)}</p>
              </div>
              {canEdit && canWithdraw(w.state) && (
                <Form
                  method="post"
                  className="shrink-0"
                  onSubmit={(e) => {
                    if (!window.confirm(`Retirer ${w.name} de la liste d'attente ?${w.state === "offered" ? " Son offre sera annulée et la place proposée à la personne suivante." : ""}`)) e.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="withdraw" />
                  <input type="hidden" name="session_id" value={sessionId} />
                  <input type="hidden" name="entry_id" value={w.id} />
                  <button type="submit" disabled={busy} className="btn-outline min-h-11 w-full text-red-800 sm:w-auto" aria-label={`Retirer ${w.name} de la liste d'attente`}>
                    <UserMinus aria-hidden className="h-4 w-4" />
                    Retirer
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
