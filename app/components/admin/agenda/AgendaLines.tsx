import { ChevronDown } from "~/components/admin/icons";
import { Fragment, type ReactNode } from "react";
import { StatusBadge } from "~/components/admin/front-desk/StatusBadge";
import { formatDA } from "~/lib/money";
import { BLOCK_TONE } from "./GridBlock";
import type { AgendaItem } from "./model";

/**
 * The compact list of a day (a phone, and the cancelled ones under the grid): one line per
 * appointment — time, patient, service, the status in words, 'Reste dû' — 44 px high (a thumb's target), so
 * that a 375 × 812 screen shows eight of them or more. A tap opens the line's actions:
 * `renderOpen` draws them under the line (a phone), or nothing when they open beside (the grid's
 * panel).
 */
export function AgendaLines({
  items,
  selected,
  showChair,
  onSelect,
  renderOpen,
  label,
}: {
  items: AgendaItem[];
  selected: number | null;
  showChair: boolean;
  onSelect: (id: number) => void;
  renderOpen?: (item: AgendaItem) => ReactNode;
  label: string;
}) {
  return (
    <ol aria-label={label} className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {items.map((i) => {
        const open = selected === i.id;
        const muted = i.status === "cancelled" || i.status === "no_show";
        return (
          <Fragment key={i.id}>
            <li data-line={i.id}>
              <button
                type="button"
                aria-expanded={open}
                onClick={() => onSelect(i.id)}
                className={`agenda-line ${BLOCK_TONE[i.status].replace(/bg-\S+-50 /, "bg-white ")} ${open ? "bg-slate-50" : ""}`}
              >
                <span className={`w-11 shrink-0 text-base font-bold tabular-nums text-navy-900 ${muted ? "text-slate-500 line-through decoration-1" : ""}`}>{i.time}</span>
                <span className="min-w-0 flex-1">
                  <span className="sr-only">, </span>
                  <span className="block truncate text-sm font-semibold leading-5 text-navy-900">{i.name}</span>
                  <span className="block truncate text-xs leading-4 text-slate-600">
                    <span className="sr-only">, </span>
                    {i.service}
                    {showChair && <> · Fauteuil {i.chair}</>}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end gap-0.5">
                  <span className="sr-only">, </span>
                  <StatusBadge status={i.status} size="sm" />
                  {i.due !== null && i.due > 0 && (
                    <span className="rounded bg-amber-100 px-1.5 text-[11px] font-semibold text-amber-900">
                      <span className="sr-only">, </span>Reste dû<span className="sr-only"> {formatDA(i.due)}</span>
                    </span>
                  )}
                </span>
                <ChevronDown aria-hidden className={`h-4 w-4 shrink-0 text-slate-400 transition-transform ${open ? "rotate-180" : ""}`} />
              </button>
            </li>
            {open && renderOpen && <li className="bg-slate-50 p-2">{renderOpen(i)}</li>}
          </Fragment>
        );
      })}
    </ol>
  );
}
