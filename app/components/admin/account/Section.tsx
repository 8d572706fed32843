import type { StaffIcon } from "~/components/admin/icons";
import type { ReactNode } from "react";

/** One card of Mon compte: an icon, a title (the section's anchor) and its content. */
export function Section({ id, icon: Icon, title, aside, children }: { id: string; icon: StaffIcon; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-600">
          <Icon aria-hidden className="h-5 w-5" />
        </span>
        <h2 id={`${id}-title`} className="min-w-0 flex-1 font-sans text-xl font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
