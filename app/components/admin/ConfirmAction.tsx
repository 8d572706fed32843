import type { StaffIcon } from "~/components/admin/icons";
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/**
 * A change that needs a confirmation step (disable an account, reset its password or two-factor
 * sign-in; withdraw a consent, delete a case or a review), without JavaScript as with it: a native
 * disclosure that first says what will happen, then the button that posts `intent` and `id`. As
 * the erasure of a patient record confirms (app/routes/admin.patients.$id.tsx).
 */
export function ConfirmAction({
  id,
  intent,
  summary,
  icon: Icon,
  danger = false,
  className = "",
  children,
  confirmLabel,
  busyLabel,
}: {
  id: number;
  intent: string;
  summary: string;
  icon: StaffIcon;
  danger?: boolean;
  /** extra classes of the disclosure (its width in a row of actions) */
  className?: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("id") === String(id);
  const ring = danger ? "ring-red-200 open:bg-red-50/40" : "ring-slate-200 open:bg-slate-50";
  const text = danger ? "text-red-800 hover:bg-red-50" : "text-navy-900 hover:bg-slate-50";
  const button = danger ? "bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-800" : "bg-navy-900 text-white hover:bg-navy-800";
  return (
    <details className={`group rounded-xl ring-1 ${ring} ${className}`}>
      <summary className={`flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 text-sm font-semibold ${text} [&::-webkit-details-marker]:hidden`}>
        <Icon aria-hidden className="h-4 w-4 shrink-0" />
        {summary}
      </summary>
      <div className="space-y-3 px-4 pb-4 pt-1 text-sm text-slate-700">
        {children}
        <Form method="post">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id} />
          <button type="submit" disabled={busy} className={`btn w-full shadow-sm sm:w-auto ${button}`}>
            <Icon aria-hidden className="h-4 w-4 shrink-0" />
            <span className="[overflow-wrap:anywhere]">{busy ? busyLabel : confirmLabel}</span>
          </button>
        </Form>
      </div>
    </details>
  );
}
