import { BellRing, Check, Loader2 } from "~/components/admin/icons";
import { useId } from "react";
import { REMINDER_ACTION } from "~/lib/front-desk-contact";
import { REMINDER_CHANNEL_LABELS, REMINDER_CHANNELS } from "~/lib/reminder-template";
import type { useReminderMark } from "./use-reminder-mark";

/** The choices of the form: a phone call first (a tap on WhatsApp or SMS marks itself with JavaScript). */
const ORDER = ["appel", ...REMINDER_CHANNELS.filter((c) => c !== "appel")] as const;

/**
 * 'Marquer comme envoyé': records by hand that the patient was reminded, and how (a phone call,
 * or WhatsApp / SMS sent without JavaScript, where the tap cannot mark itself). A plain form
 * posting intent "reminded" to /admin/rappels: with JavaScript through the appointment's fetcher,
 * without it a post that comes back to this page.
 */
export function MarkReminderForm({
  id,
  name,
  state,
  size = "md",
  className = "",
}: {
  id: number;
  name: string;
  state: ReturnType<typeof useReminderMark>;
  size?: "md" | "lg";
  className?: string;
}) {
  const uid = useId();
  const { fetcher, hydrated, busy, back } = state;
  const big = size === "lg";
  return (
    <fetcher.Form method="post" action={REMINDER_ACTION} className={`flex flex-wrap items-center gap-2 ${className}`}>
      <input type="hidden" name="intent" value="reminded" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      {hydrated && <input type="hidden" name="js" value="1" />}
      <label htmlFor={`${uid}-channel`} className="text-sm font-medium text-slate-700">
        Rappel fait par
      </label>
      <select id={`${uid}-channel`} name="channel" defaultValue="appel" className={`field-input min-h-11 w-auto min-w-0 flex-1 py-2 sm:flex-none ${big ? "" : "text-sm"}`}>
        {ORDER.map((c) => (
          <option key={c} value={c}>
            {REMINDER_CHANNEL_LABELS[c]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        disabled={busy}
        className={big ? "btn-mark px-4" : "btn-mark"}
      >
        {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : big ? <Check aria-hidden className="h-4 w-4 text-teal-700" /> : <BellRing aria-hidden className="h-4 w-4 text-teal-700" />}
        Marquer comme envoyé
        <span className="sr-only"> (rappel de {name})</span>
      </button>
    </fetcher.Form>
  );
}
