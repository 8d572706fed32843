import { Fragment, type ReactNode } from "react";
import { StatusBadge } from "~/components/admin/front-desk/StatusBadge";
import { formatDA } from "~/lib/money";
import { toneOf } from "./GridBlock";
import type { AgendaEntry } from "./model";

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
  items: AgendaEntry[];
  selected: number | null;
  showChair: boolean;
  onSelect: (id: number) => void;
  renderOpen?: (item: AgendaEntry) => ReactNode;
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
                className={`agenda-line ${toneOf(i.status)}${open ? " bg-slate-50" : ""}`}
              >
                <span className={muted ? "line-time text-slate-500 line-through decoration-1" : "line-time"}>{i.time}</span>
                <span className="min-w-0 flex-1">
                  <span className="sr-only">, </span>
                  <span className="line-name">{i.name}</span>
                  <span className="line-sub">
                    <span className="sr-only">, </span>
                    {i.service}
                    {showChair && <> · Fauteuil {i.chair}</>}
                  </span>
                </span>
                <span className="line-end">
                  <span className="sr-only">, </span>
                  <StatusBadge status={i.status} size="sm" />
                  {i.due !== null && i.due > 0 && (
                    <span className="line-due">
                      <span className="sr-only">, </span>Reste dû<span className="sr-only"> {formatDA(i.due)}</span>
                    </span>
                  )}
                </span>
              </button>
            </li>
            {open && renderOpen && <li className="bg-slate-50 p-2">{renderOpen(i)}</li>}
          </Fragment>
        );
      })}
    </ol>
  );
}
