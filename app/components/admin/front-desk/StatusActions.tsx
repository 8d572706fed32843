/**
 * StatusActions: the one-tap status changes of an appointment, as STATUS_TRANSITIONS allows
 * them from its current status: 'Confirmer', 'Honoré', 'Absent', and 'Annuler…', which opens a
 * small form asking the reason (required) and who cancelled (the patient or the clinic). Each
 * is a POST with intent "status" to the route it is rendered in (a fetcher; a plain post
 * without JavaScript), whose action hands it to `frontDeskIntent`. The result's toast shows
 * through useToast; a refusal is said beside the buttons.
 *
 * 'Encaisser' (ADR 021) sits in the same row on an attended appointment with a balance (`due`),
 * and its form (PaymentForm) opens by itself right after 'Honoré' is pressed on this card.
 *
 *   <StatusActions id={row.id} status={row.status} name={row.name} due={due} />
 */
import { getFormProps } from "@conform-to/react";
import { Ban, Banknote, CalendarCheck2, CircleCheckBig, Loader2, RotateCcw, UserX, X, type StaffIcon } from "~/components/admin/icons";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { ErrorList, useAppForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { Alert } from "~/components/ui/Alert";
import { CANCELLED_BY, CANCELLED_BY_LABELS, STATUS_TRANSITIONS, type AppointmentStatus } from "~/lib/appointment-status";
import { CANCEL_REASON_MAX, statusSchema } from "~/lib/front-desk-schema";
import { PaymentForm } from "./PaymentForm";
import { firstMessage, FRONT_DESK_KEYS, type FrontDeskResult } from "./types";

export interface StatusActionsProps {
  id: number;
  status: AppointmentStatus;
  /** the patient's name, for the buttons' accessible names */
  name: string;
  /** 'Reste à payer' in centimes (null: no price set): 'Encaisser' is offered when attended and above 0 */
  due?: number | null;
  className?: string;
}

type Target = Exclude<AppointmentStatus, "requested">;

const BUTTONS: Record<Target, { label: (from: AppointmentStatus) => string; icon: StaffIcon; className: string }> = {
  confirmed: {
    label: () => "Confirmer",
    icon: CalendarCheck2,
    className: "bg-sky-700 text-white hover:bg-sky-800 ring-sky-700",
  },

  attended: { label: () => "Honoré", icon: CircleCheckBig, className: "bg-emerald-700 text-white hover:bg-emerald-800 ring-emerald-700" },
  no_show: { label: () => "Absent", icon: UserX, className: "bg-white text-rose-800 hover:bg-rose-50 ring-rose-300" },
  cancelled: { label: () => "Annuler…", icon: Ban, className: "bg-white text-slate-700 hover:bg-slate-100 ring-slate-300" },
};

/** Back to 'Confirmé' from 'Honoré', 'Absent' or 'Annulé' (a wrong tap, or booked again): a quiet button. */
const UNDO = { label: () => "Rétablir (Confirmé)", icon: RotateCcw, className: "bg-white text-sky-800 hover:bg-sky-50 ring-slate-300" };

const ORDER: Target[] = ["confirmed", "attended", "no_show", "cancelled"];

/** a desk button's shape (staff.css); its colours beside it */
const BTN = "btn-desk";

/** Shown to who may change an appointment (`appointment:update`); nothing otherwise. */
export function StatusActions(props: StatusActionsProps) {
  return useCan("appointment:update") ? <StatusButtons {...props} /> : null;
}

function StatusButtons({ id, status, name, due = null, className = "" }: StatusActionsProps) {
  // one fetcher for every card (FRONT_DESK_KEYS): this card reads its own results only
  const fetcher = useFetcher<FrontDeskResult>({ key: FRONT_DESK_KEYS.status });
  const [cancelOpen, setCancelOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const pending = busy && fetcher.formData?.get("id") === String(id) ? fetcher.formData.get("to") : null;
  const mine = fetcher.state === "idle" && fetcher.data?.id === id ? fetcher.data : undefined;
  useToast(mine?.toast);
  // 'Encaisser': its result is read here, on the card, so that its toast shows even when a full
  // payment closes the form (FRONT_DESK_KEYS: one fetcher for every card)
  const payFetcher = useFetcher<FrontDeskResult>({ key: FRONT_DESK_KEYS.pay });
  const paid = payFetcher.state === "idle" && payFetcher.data?.id === id && payFetcher.data.ok ? payFetcher.data : undefined;
  useToast(paid?.toast);
  const [payOpen, setPayOpen] = useState(false);
  const canPay = status === "attended" && due !== null && due > 0;
  const allowed = ORDER.filter((to) => STATUS_TRANSITIONS[status].includes(to));
  const refusal = mine && !mine.ok ? firstMessage(mine.result) : undefined;

  useEffect(() => {
    if (mine?.ok) setCancelOpen(false);
  }, [mine]);
  // 'Honoré' pressed on this card: the payment form follows at once (shown once the status is stored)
  useEffect(() => {
    if (pending === "attended") setPayOpen(true);
  }, [pending]);
  useEffect(() => {
    if (paid) setPayOpen(false);
  }, [paid]);

  if (allowed.length === 0) return null;
  return (
    <div className={`print:hidden ${className}`}>
      <fetcher.Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={id} />
        {canPay && (
          <button
            type="button"
            className={`${BTN} bg-emerald-700 text-white ring-emerald-700 hover:bg-emerald-800`}
            aria-expanded={payOpen}
            aria-controls={`pay-${id}`}
            onClick={() => setPayOpen((o) => !o)}
          >
            <Banknote aria-hidden className="h-4 w-4" />
            Encaisser
            <span className="sr-only"> — {name}</span>
          </button>
        )}
        {allowed.map((to) => {
          const { label, icon: Icon, className: tone } = to === "confirmed" && status !== "requested" ? UNDO : BUTTONS[to];
          if (to === "cancelled") {
            return (
              <button key={to} type="button" className={`${BTN} ${tone}`} aria-expanded={cancelOpen} aria-controls={`cancel-${id}`} onClick={() => setCancelOpen((o) => !o)} disabled={busy}>
                <Icon aria-hidden className="h-4 w-4" />
                {label(status)}
                <span className="sr-only"> le rendez-vous de {name}</span>
              </button>
            );
          }
          return (
            <button key={to} type="submit" name="to" value={to} className={`${BTN} ${tone}`} disabled={busy}>
              {pending === to ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Icon aria-hidden className="h-4 w-4" />}
              {label(status)}
              <span className="sr-only"> — {name}</span>
            </button>
          );
        })}
      </fetcher.Form>
      {refusal && !cancelOpen && (
        <Alert tone="error" className="mt-3" focusKey={mine}>
          {refusal}
        </Alert>
      )}
      {cancelOpen && <CancelForm id={id} name={name} fetcher={fetcher} mine={mine} onClose={() => setCancelOpen(false)} />}
      {canPay && payOpen && !cancelOpen && <PaymentForm id={id} name={name} due={due ?? 0} onClose={() => setPayOpen(false)} />}
    </div>
  );
}

function CancelForm({
  id,
  name,
  fetcher,
  mine,
  onClose,
}: {
  id: number;
  name: string;
  fetcher: ReturnType<typeof useFetcher<FrontDeskResult>>;
  mine: FrontDeskResult | undefined;
  onClose: () => void;
}) {
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(id);
  const [form, fields] = useAppForm({
    id: `cancel-${id}-form`,
    schema: statusSchema,
    lastResult: mine?.result,
    defaultValue: { to: "cancelled", cancelled_by: "patient" },
  });
  const formError = form.errors?.[0];
  return (
    <div id={`cancel-${id}`} className="mt-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3" aria-label={`Annuler le rendez-vous de ${name}`}>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="to" value="cancelled" />
        <div>
          <label htmlFor={fields.reason.id} className="field-label">
            Raison de l'annulation
            <span className="ml-0.5 text-red-700" aria-hidden>
              *
            </span>
          </label>
          <textarea
            id={fields.reason.id}
            name={fields.reason.name}
            rows={2}
            maxLength={CANCEL_REASON_MAX}
            required
            aria-invalid={fields.reason.errors ? true : undefined}
            aria-describedby={fields.reason.errors ? fields.reason.errorId : undefined}
            className="field-input resize-y"
            placeholder="Exemple : empêchement, rappelle la semaine prochaine"
          />
          <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
        </div>
        <fieldset>
          <legend className="field-label">Annulé par</legend>
          <div className="flex flex-wrap gap-2">
            {CANCELLED_BY.map((by) => (
              <label key={by} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg bg-white px-3 text-sm font-medium text-slate-800 ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-teal-600">
                <input type="radio" name={fields.cancelled_by.name} value={by} defaultChecked={by === "patient"} className="h-4 w-4 accent-teal-600" />
                {CANCELLED_BY_LABELS[by].charAt(0).toUpperCase() + CANCELLED_BY_LABELS[by].slice(1)}
              </label>
            ))}
          </div>
        </fieldset>
        {formError && (
          <Alert tone="error" id={form.errorId} focusKey={mine}>
            {formError}
          </Alert>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={`${BTN} bg-rose-700 text-white ring-rose-700 hover:bg-rose-800`} disabled={busy}>
            {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Ban aria-hidden className="h-4 w-4" />}
            Annuler le rendez-vous
          </button>
          <button type="button" className={`${BTN} bg-white text-slate-700 ring-slate-300 hover:bg-slate-100`} onClick={onClose}>
            <X aria-hidden className="h-4 w-4" />
            Garder le rendez-vous
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}

