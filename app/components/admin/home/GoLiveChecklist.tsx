import { ArrowRight, CircleAlert, ClipboardCheck, Info } from "~/components/admin/icons";
import { Link } from "react-router";
import { CHECKLIST_GROUP_HINTS, CHECKLIST_GROUP_LABELS, type ChecklistGroup, type ChecklistItem } from "~/lib/go-live-checklist";

const GROUP_ORDER: ChecklistGroup[] = ["legal", "identity", "photos", "prices", "server"];

function ChecklistLine({ item }: { item: ChecklistItem }) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6 sm:px-5">
      <div className="flex min-w-0 gap-3">
        <CircleAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" />
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">{item.label}</p>
          {item.hint && <p className="mt-0.5 text-sm leading-relaxed text-slate-600">{item.hint}</p>}
        </div>
      </div>
      {item.href ? (
        <Link
          to={item.href}
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 self-start rounded-lg bg-white px-4 text-sm font-semibold text-teal-700 ring-1 ring-teal-200 transition hover:bg-teal-50 sm:self-center"
        >
          {item.linkLabel ?? "Corriger"}
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      ) : (
        <p className="inline-flex shrink-0 items-center gap-1.5 self-start text-xs font-medium text-slate-500 sm:self-center">
          <Info aria-hidden className="h-4 w-4" />
          Réglage du serveur
        </p>
      )}
    </li>
  );
}

/**
 * 'Avant la mise en ligne' (docs/product.md, "Staff: clinic identity"): what is still a demo value
 * or not set up, each line with the screen that fixes it, shown to whoever may fix it.
 */
export function GoLiveChecklist({ items }: { items: ChecklistItem[] }) {
  const groups = GROUP_ORDER.map((g) => ({ group: g, items: items.filter((i) => i.group === g) })).filter((g) => g.items.length > 0);
  return (
    <section aria-labelledby="mise-en-ligne-title" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 border-b border-slate-100 p-4 sm:gap-x-4 sm:p-6">
        <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-xl bg-amber-50 text-amber-700 ring-1 ring-amber-100">
          <ClipboardCheck className="h-5 w-5" />
        </span>
        <h2 id="mise-en-ligne-title" className="font-sans text-lg font-semibold text-navy-900 sm:text-xl">
          Avant la mise en ligne
        </h2>
        <p className="col-span-2 text-sm leading-relaxed text-slate-600 sm:col-span-1 sm:col-start-2">
          <span data-testid="checklist-count" className="font-semibold text-navy-900">
            {items.length === 1 ? "1 point" : `${items.length} points`}
          </span>{" "}
          encore à régler : le site montre des valeurs de démonstration tant qu'ils ne le sont pas. Chaque ligne disparaît une fois réglée.
        </p>
      </header>
      <div className="space-y-5 p-3 sm:p-6">
        {groups.map(({ group, items: lines }) => (
          <div key={group}>
            <h3 className="px-1 font-sans text-xs font-semibold uppercase tracking-wider text-slate-500">{CHECKLIST_GROUP_LABELS[group]}</h3>
            {CHECKLIST_GROUP_HINTS[group] && <p className="mt-1 px-1 text-sm text-slate-600">{CHECKLIST_GROUP_HINTS[group]}</p>}
            <ul aria-label={CHECKLIST_GROUP_LABELS[group]} className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
              {lines.map((item) => (
                <ChecklistLine key={item.id} item={item} />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
