import { Plus } from "~/components/admin/icons";
import { Fragment, useCallback, useMemo, useRef, type CSSProperties, type ReactNode } from "react";
import { dropSlot, type DayGrid as Grid, type GridBlock as Block, type GridFree } from "./grid";
import { GridBlock } from "./GridBlock";

/** The height of a 15-minute row. */
export const ROW = "1.875rem";
const AXIS = "3.75rem";

export interface PendingMove {
  id: number;
  time: string;
  chair: number;
  rows: number;
  columns: number;
}

/**
 * The day as a grid (ADR 023): one column per chair, one 15-minute row per unit from the day's
 * opening to its closing (CSS grid; logical properties, so it turns with `dir="rtl"`), the hours
 * on the axis, the closed stretches shaded with their label, the free stretches as buttons that
 * open the booking form there, the appointments as blocks, and the 'now' line. Below 768 px the
 * same blocks are the day's list, in time order (the grid's other parts hidden): each
 * appointment is drawn once, not once per layout (issue 33, item 4); `renderOpen` draws a
 * selected line's actions under it.
 */
export function DayGrid({
  grid,
  selected,
  pending,
  canMove,
  onSelect,
  onPickFree,
  onDrop,
  renderOpen,
}: {
  grid: Grid;
  selected: number | null;
  pending: PendingMove | null;
  canMove: boolean;
  onSelect: (id: number) => void;
  onPickFree?: (free: GridFree) => void;
  onDrop: (block: Block, slot: { date: string; time: string; chair: number }, steps: { rows: number; columns: number }) => void;
  renderOpen?: (block: Block) => ReactNode;
}) {
  const body = useRef<HTMLDivElement>(null);
  const several = grid.chairs.length > 1;
  const columns = `${AXIS} repeat(${grid.chairs.length}, minmax(0, 1fr))`;
  const geometry = useCallback(() => {
    const el = body.current;
    const column = el?.querySelector<HTMLElement>("[data-chair-column]");
    return { rowPx: el ? el.getBoundingClientRect().height / grid.rows : 0, columnPx: column?.getBoundingClientRect().width ?? 0 };
  }, [grid.rows]);
  const preview = useCallback((b: Block, steps: { rows: number; columns: number }) => dropSlot(grid, b, steps), [grid]);
  const firstHour = grid.hours[0]?.row ?? 0;
  // in time order (then chair): the list's order on a phone, and the keyboard's on the grid
  const blocks = useMemo(() => [...grid.blocks].sort((a, b) => a.item.time.localeCompare(b.item.time) || a.chair - b.chair), [grid.blocks]);

  return (
    <div role="region" aria-label="Grille du jour" data-grid-day={grid.date} className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="hidden border-b border-slate-200 bg-slate-50 md:grid" style={{ gridTemplateColumns: columns }}>
        <span aria-hidden />
        {grid.chairs.map((c) => (
          <p key={c} className="truncate border-s border-slate-200 px-2 py-2 text-center text-xs font-semibold uppercase tracking-wider text-slate-600 first-of-type:border-s-0">
            Fauteuil {c}
          </p>
        ))}
      </div>
      <div
        ref={body}
        data-grid-body
        data-rows={grid.rows}
        data-start={grid.start}
        className="relative flex flex-col md:grid"
        style={{ gridTemplateColumns: columns, gridTemplateRows: `repeat(${grid.rows}, ${ROW})`, "--row": ROW, "--first-hour": firstHour } as CSSProperties}
      >
        {grid.hours.map((h) => (
          <span key={h.label} aria-hidden className="agenda-hour" style={{ gridRow: h.row + 1 }}>
            {h.label}
          </span>
        ))}
        {grid.chairs.map((c, k) => (
          <div
            key={c}
            aria-hidden
            data-chair-column={c}
            className="agenda-column"
            style={{ gridColumn: k + 2 }}
          />
        ))}
        {grid.closed.map((band) => (
          <div
            key={`c${band.row}`}
            className="z-0 flex items-start justify-center max-md:hidden border-s border-slate-200 bg-[repeating-linear-gradient(135deg,rgb(241_245_249)_0_6px,rgb(226_232_240)_6px_12px)]"
            style={{ gridRow: `${band.row + 1} / span ${band.span}`, gridColumn: "2 / -1" }}
          >
            {band.span >= 2 && <span className="mt-1 rounded bg-white/90 px-2 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">{band.label}</span>}
          </div>
        ))}
        {onPickFree &&
          grid.free.map((f) => (
            <button
              key={`f${f.chair}-${f.from}`}
              type="button"
              onClick={() => onPickFree(f)}
              className="agenda-free group"
              style={{ gridRow: `${f.row + 1} / span ${f.span}`, gridColumn: grid.chairs.indexOf(f.chair) + 2 }}
            >
              <span className="font-medium">
                Libre <span className="tabular-nums">{f.from} – {f.to}</span>
                {several && <span className="sr-only">, Fauteuil {f.chair}</span>}
                <span className="sr-only"> : ajouter un rendez-vous</span>
              </span>
              <Plus aria-hidden className="h-4 w-4 shrink-0 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100" />
            </button>
          ))}
        {blocks.map((b) => (
          <Fragment key={b.item.id}>
            <GridBlock
              block={b}
              column={grid.chairs.indexOf(b.chair) + 2}
              selected={selected === b.item.id}
              showChair={several}
              target={pending?.id === b.item.id ? pending : null}
              movable={canMove && (b.item.status === "requested" || b.item.status === "confirmed")}
              geometry={geometry}
              preview={preview}
              onSelect={onSelect}
              controls={renderOpen ? undefined : "agenda-selection"}
              onDrop={(block, steps) => {
                const slot = dropSlot(grid, block, steps);
                if (slot) onDrop(block, slot, steps);
              }}
            />
            {renderOpen && selected === b.item.id && <div className="bg-slate-50 p-2 md:hidden">{renderOpen(b)}</div>}
          </Fragment>
        ))}
        {grid.now !== null && (
          <div aria-hidden data-now className="pointer-events-none absolute z-40 flex items-center max-md:hidden" style={{ top: `calc(var(--row) * ${grid.now})`, insetInlineStart: `calc(${AXIS} - 0.375rem)`, insetInlineEnd: 0 }}>
            <span className="h-3 w-3 -translate-y-1/2 rounded-full bg-rose-600" />
            <span className="h-0.5 flex-1 -translate-y-1/2 bg-rose-600" />
          </div>
        )}
      </div>
      {grid.now !== null && <p className="sr-only max-md:hidden">La ligne rouge marque l'heure actuelle.</p>}
    </div>
  );
}
