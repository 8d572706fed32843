import { TriangleAlert } from "~/components/admin/icons";
import { useRef, useState, type CSSProperties, type PointerEvent } from "react";
import { STATUS_STYLES } from "~/components/admin/front-desk/StatusBadge";
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
 * One appointment on the grid: a button (Enter or a tap opens its actions) as tall as its visit,
 * its buffer under it lighter; time, patient, service, the status in words and 'Reste dû' when
 * a balance is due. A mouse drags it at once; a finger drags it once it is selected (so that a
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
}) {
  const { item } = block;
  const drag = useRef<{ x: number; y: number; moved: boolean; g: DragGeometry } | null>(null);
  const justDropped = useRef(false);
  const [offset, setOffset] = useState<{ rows: number; columns: number } | null>(null);
  // the last drag's geometry: the block stays drawn where it was dropped while the move is posted
  const [g, setG] = useState<DragGeometry | null>(null);
  const { icon: Icon } = STATUS_STYLES[item.status];
  const total = block.span + block.bufferSpan;
  const compact = block.span < 2;
  const shift = offset ?? (target ? { rows: target.rows, columns: target.columns } : null);
  const style: CSSProperties = {
    gridRow: `${block.row + 1} / span ${total}`,
    gridColumn: column,
    // side by side (overlapping appointments of one chair): its lane; alone, the class's full width
    ...(block.lanes > 1 ? { width: `calc(100% / ${block.lanes} - 4px)`, marginInlineStart: `calc(100% * ${block.lane} / ${block.lanes} + 2px)` } : {}),
    transform: shift && g ? `translate(${shift.columns * g.columnPx}px, ${shift.rows * g.rowPx}px)` : undefined,
  };

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
      aria-controls="agenda-selection"
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
        selected ? "z-20 shadow-md ring-2 ring-navy-900 touch-none" : ""
      } ${moving ? "z-30 cursor-grabbing opacity-90 shadow-lg" : movable ? "cursor-grab" : ""}`}
    >
      <span data-part="visit" className="agenda-visit" style={{ height: `${(100 * block.span) / total}%` }}>
        <span className="agenda-head">
          <span className={muted ? "agenda-time line-through decoration-1" : "agenda-time"}>{item.time}</span>
          <span className="sr-only"> à {item.end}, </span>
          <span className="truncate font-semibold">{item.name}</span>
        </span>
        {!compact && (
          <span className="agenda-sub">
            <span className="sr-only">, </span>
            {item.service}
            {showChair && <span className="sr-only">, Fauteuil {block.chair}</span>}
          </span>
        )}
        <span className={compact ? "agenda-tags sr-only" : "agenda-tags"}>
          <span className="sr-only">, </span>
          <span className="agenda-tag">
            <Icon aria-hidden className="h-3 w-3 shrink-0" />
            {STATUS_LABELS[item.status]}
          </span>
          {item.forced && (
            <span className="agenda-tag text-orange-800">
              <TriangleAlert aria-hidden className="h-3 w-3" />
              <span className="sr-only">, </span>Hors règles
            </span>
          )}
          {item.due !== null && item.due > 0 && (
            <span className="agenda-due" title={`Reste à payer : ${formatDA(item.due)}`}>
              <span className="sr-only">, </span>Reste dû<span className="sr-only"> {formatDA(item.due)}</span>
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
      {block.bufferSpan > 0 && (
        <span
          aria-hidden
          title="Temps de préparation"
          className="agenda-buffer"
        />
      )}
    </button>
  );
}
