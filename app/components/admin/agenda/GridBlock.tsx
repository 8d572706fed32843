import { TriangleAlert } from "~/components/admin/icons";
import { useRef, useState, type CSSProperties, type PointerEvent } from "react";
import { STATUS_LABELS, type AppointmentStatus } from "~/lib/appointment-status";
import { formatDA } from "~/lib/money";
import { dragSteps, type GridBlock as Block } from "./grid";

/** A block's (or a line's) tint and its stripe on the inline start, by status (staff.css; the label is always written too). */
export const toneOf = (status: AppointmentStatus) => `tone-${status}`;

export interface DragGeometry {
  rowPx: number;
  columnPx: number;
}

/**
 * One appointment of the day, drawn once for both layouts (staff.css): from 768 px a block on the
 * grid, as tall as its visit, its buffer under it lighter; on a phone a line of the day's list
 * (44 px, a thumb's target). A button (Enter or a tap opens its actions): time, patient,
 * service, the status in words and 'Reste dû' when a balance is due. A mouse drags it at once; a finger drags it once it is selected (so that a
 * finger on the grid still scrolls the page). The drop is handed to `onDrop` in rows and chairs.
 */
export function GridBlock({
  block,
  column,
  selected,
  showChair,
  target,
  movable,
  geometry,
  preview,
  onSelect,
  onDrop,
  controls,
}: {
  block: Block;
  column: number;
  selected: boolean;
  showChair: boolean;
  /** where it is being moved to (during a drag, and while the move is posted) */
  target: { time: string; chair: number; rows: number; columns: number } | null;
  movable: boolean;
  geometry: () => DragGeometry;
  /** where a move by these steps would land (null: where it is) */
  preview: (block: Block, steps: { rows: number; columns: number }) => { time: string; chair: number } | null;
  onSelect: (id: number) => void;
  onDrop: (block: Block, steps: { rows: number; columns: number }) => void;
  /** the panel its actions open in (beside the grid); none when they open under the line */
  controls?: string;
}) {
  const { item } = block;
  const drag = useRef<{ x: number; y: number; moved: boolean; g: DragGeometry } | null>(null);
  const justDropped = useRef(false);
  const [offset, setOffset] = useState<{ rows: number; columns: number } | null>(null);
  // the last drag's geometry: the block stays drawn where it was dropped while the move is posted
  const [g, setG] = useState<DragGeometry | null>(null);
  const total = block.span + block.bufferSpan;
  const compact = block.span < 2;
  const shift = offset ?? (target ? { rows: target.rows, columns: target.columns } : null);
  // its place on the grid (from 768 px; a phone lists the blocks in their order, staff.css): the
  // rows, the chair, the visit's share of the height and, side by side with an overlapping one
  // of its chair, its lane; alone, the class's full width
  const style = {
    gridRow: `${block.row + 1} / span ${total}`,
    gridColumn: column,
    ...(total !== block.span ? { "--visit": `${(100 * block.span) / total}%` } : {}),
    ...(block.lanes > 1 ? { "--lanes": block.lanes, "--lane": block.lane } : {}),
    transform: shift && g ? `translate(${shift.columns * g.columnPx}px, ${shift.rows * g.rowPx}px)` : undefined,
  } as CSSProperties;

  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    if (!movable || e.button !== 0 || (e.pointerType !== "mouse" && !selected)) return;
    const measured = geometry();
    drag.current = { x: e.clientX, y: e.clientY, moved: false, g: measured };
    setG(measured);
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < 6) return;
    d.moved = true;
    setOffset(dragSteps(dx, dy, d.g.rowPx, d.g.columnPx));
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    drag.current = null;
    setOffset(null);
    if (!d?.moved) return;
    justDropped.current = true;
    onDrop(block, dragSteps(e.clientX - d.x, e.clientY - d.y, d.g.rowPx, d.g.columnPx));
  };
  const moving = offset !== null || target !== null;
  const muted = item.status === "no_show";
  const landing = offset ? preview(block, offset) : target;

  return (
    <button
      type="button"
      data-block={item.id}
      aria-expanded={selected}
      aria-controls={controls}
      onClick={() => {
        if (justDropped.current) {
          justDropped.current = false;
          return;
        }
        onSelect(item.id);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
        setOffset(null);
      }}
      style={style}
      className={`agenda-block ${toneOf(item.status)} ${
        selected ? "max-md:bg-slate-50 md:z-20 md:shadow-md md:ring-2 md:ring-navy-900 md:touch-none" : ""
      } ${moving ? "z-30 cursor-grabbing opacity-90 shadow-lg" : movable ? "cursor-grab" : ""}`}
    >
      <span className="agenda-visit">
        <span className="agenda-head">
          <span className={muted ? "agenda-time line-through decoration-1" : "agenda-time"}>{item.time}</span>
          <span className="sr-only">{` à ${item.end}, `}</span>
          <span className="agenda-name">{item.name}</span>
        </span>
        <span className={compact ? "agenda-sub md:sr-only" : "agenda-sub"}>
          <span className="sr-only">, </span>
          {item.service}
          {showChair && <span className="agenda-chair">{` · Fauteuil ${block.chair}`}</span>}
        </span>
        <span className={compact ? "agenda-tags md:sr-only" : "agenda-tags"}>
          <span className="sr-only">, </span>
          <span className="agenda-tag" data-status={item.status}>
            {STATUS_LABELS[item.status]}
          </span>
          {item.forced && (
            <span className="agenda-tag agenda-forced">
              <TriangleAlert aria-hidden className="h-3 w-3" />
              <span className="sr-only">, </span>Hors règles
            </span>
          )}
          {item.due !== null && item.due > 0 && (
            <span className="agenda-due" title={`Reste à payer : ${formatDA(item.due)}`}>
              <span className="sr-only">, </span>Reste dû<span className="sr-only">{` ${formatDA(item.due)}`}</span>
            </span>
          )}
        </span>
        {moving && landing && (
          <span className="mt-0.5 block whitespace-nowrap text-[11px] font-bold text-navy-900">
            → {landing.time}
            {showChair ? ` · Fauteuil ${landing.chair}` : ""}
          </span>
        )}
      </span>
      {block.bufferSpan > 0 && <span aria-hidden title="Temps de préparation" className="agenda-buffer" />}
    </button>
  );
}
