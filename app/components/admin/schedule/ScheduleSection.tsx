import { CheckCircle2, type StaffIcon } from "~/components/admin/icons";
import type { ReactNode } from "react";

/**
 * A section of the schedule screen: an anchor, a title with its icon, what it does in plain
 * words for the front desk, then its form.
 */
export function ScheduleSection({
  id,
  title,
  icon: Icon,
  intro,
  children,
}: {
  id: string;
  title: string;
  icon: StaffIcon;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-4 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 border-b border-slate-100 p-4 sm:gap-x-4 sm:p-6">
        <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-600 ring-1 ring-teal-100">
          <Icon className="h-5 w-5" />
        </span>
        <h2 id={`${id}-title`} className="font-sans text-lg font-semibold text-navy-900 sm:text-xl">
          {title}
        </h2>
        <div className="col-span-2 max-w-4xl space-y-1 text-sm leading-relaxed text-slate-600 sm:col-span-1 sm:col-start-2">{intro}</div>
      </header>
      <div className="p-3 sm:p-6">{children}</div>
    </section>
  );
}

/** The save button of a form, and what it does while saving. */
export function SaveButton({ saving, label, savingLabel = "Enregistrement..." }: { saving: boolean; label: string; savingLabel?: string }) {
  return (
    <button type="submit" className="btn-primary w-full sm:w-auto" disabled={saving}>
      {saving ? savingLabel : label}
    </button>
  );
}

/** A save done without JavaScript (no toast then): said beside the button. */
export function SavedNote({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p role="status" className="inline-flex items-center gap-2 text-sm font-medium text-green-800">
      <CheckCircle2 aria-hidden className="h-4 w-4" />
      {text}
    </p>
  );
}
