import { AlertCircle, CheckCircle2, Info, X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";

const TONES = {
  error: { role: "alert", box: "border-red-300 bg-red-50 text-red-800", icon: AlertCircle, close: "text-red-800 hover:bg-red-100" },
  success: { role: "status", box: "border-green-300 bg-green-50 text-green-900", icon: CheckCircle2, close: "text-green-800 hover:bg-green-100" },
  info: { role: "status", box: "border-teal-200 bg-teal-50 text-teal-800", icon: Info, close: "text-teal-800 hover:bg-teal-100" },
} as const;

/**
 * The inline message block of the site (a form's result, a page-level error). Errors are
 * announced as alerts, the others as status. `focusKey`: when it changes (and is set), the block
 * takes the focus, so that a keyboard or screen-reader user lands on the message.
 */
export function Alert({
  tone,
  children,
  onClose,
  closeLabel = "Fermer",
  focusKey,
  className = "",
  id,
  role,
}: {
  tone: keyof typeof TONES;
  children: ReactNode;
  /** a function (React), or "script": a close button the site's script handles on a page that is not hydrated */
  onClose?: (() => void) | "script";
  /** the close button's accessible name */
  closeLabel?: string;
  focusKey?: unknown;
  className?: string;
  id?: string;
  /** overrides the tone's role: a success shown while the focus stays elsewhere may be an alert */
  role?: "alert" | "status";
}) {
  const t = TONES[tone];
  const Icon = t.icon;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusKey === undefined || focusKey === null || focusKey === false) return;
    ref.current?.scrollIntoView?.({ block: "center", behavior: "smooth" });
    ref.current?.focus({ preventScroll: true });
  }, [focusKey]);
  return (
    // data-focus: on a page that is not hydrated, the page chrome gives it the focus at load (app/site/messages.ts)
    <div ref={ref} id={id} tabIndex={-1} role={role ?? t.role} data-alert data-focus={focusKey === undefined || focusKey === null || focusKey === false ? undefined : ""} className={`flex items-start gap-3 rounded-xl border p-4 text-sm font-medium outline-none ${t.box} ${className}`}>
      <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
      {onClose && (
        <button type="button" onClick={onClose === "script" ? undefined : onClose} data-alert-close={onClose === "script" ? "" : undefined} className={`-m-1.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${t.close}`} aria-label={closeLabel}>
          <X aria-hidden className="h-5 w-5" />
        </button>
      )}
    </div>
  );
}
