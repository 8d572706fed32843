import { CalendarOff, CalendarPlus, Clock } from "lucide-react";
import type { CSSProperties } from "react";
import type { HistoryEntryView } from "~/components/admin/front-desk/types";
import { formatRanges } from "~/lib/schedule";
import { AgendaCard } from "./AgendaCard";
import type { AgendaDay, AgendaItem, FreeGap } from "./model";

/**
 * The day list: the appointments in time order with the free stretches between them
 * ('Libre 11:15 – 12:30', a tap fills the add form), the cancelled ones apart at the end. With
 * several chairs, one column per chair from 992 px; on a phone one list in time order, each
 * card naming its chair. A closed day says so ('Fermé — Aïd el-Fitr').
 */
export function DayView({
  day,
  items,
  history,
  gaps,
  chairs,
  onPickGap,
}: {
  day: AgendaDay;
  items: AgendaItem[];
  history: Record<number, HistoryEntryView[]>;
  gaps: FreeGap[];
  chairs: number;
  onPickGap?: (gap: FreeGap) => void;
}) {
  const active = items.filter((i) => i.status !== "cancelled");
  const cancelled = items.filter((i) => i.status === "cancelled");
  type Entry = { kind: "item"; item: AgendaItem } | { kind: "gap"; gap: FreeGap };
  const entries: Entry[] = [...active.map((item) => ({ kind: "item" as const, item })), ...gaps.map((gap) => ({ kind: "gap" as const, gap }))].sort((a, b) => {
    const ta = a.kind === "item" ? a.item.time : a.gap.from;
    const tb = b.kind === "item" ? b.item.time : b.gap.from;
    return ta.localeCompare(tb) || (a.kind === "item" ? a.item.chair : a.gap.chair) - (b.kind === "item" ? b.item.chair : b.gap.chair);
  });
  const columns = chairs > 1;
  const place = (chair: number): CSSProperties | undefined => (columns ? ({ "--chair": String(chair) } as CSSProperties) : undefined);

  return (
    <section aria-labelledby="day-list-title" className="min-w-0">
      <h2 id="day-list-title" className="sr-only">
        Rendez-vous du jour
      </h2>
      <DayHoursLine day={day} />

      {entries.length === 0 ? (
        <div className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <CalendarOff aria-hidden className="mx-auto h-8 w-8 text-slate-400" />
          <p className="mt-2 font-medium text-slate-700">{day.closed ? "La clinique est fermée ce jour-là." : "Aucun rendez-vous ce jour-là."}</p>
        </div>
      ) : (
        <ol
          className={`mt-3 grid grid-cols-1 gap-3 ${columns ? "lg:grid-flow-dense lg:gap-x-4 lg:[grid-template-columns:repeat(var(--chairs),minmax(0,1fr))]" : ""}`}
          style={columns ? ({ "--chairs": String(chairs) } as CSSProperties) : undefined}
        >
          {columns &&
            Array.from({ length: chairs }, (_, i) => (
              <li key={`h${i}`} aria-hidden className="hidden text-xs font-semibold uppercase tracking-wider text-slate-500 lg:block lg:[grid-column:var(--chair)]" style={place(i + 1)}>
                Fauteuil {i + 1}
              </li>
            ))}
          {entries.map((e) =>
            e.kind === "item" ? (
              <li key={e.item.id} className={`min-w-0 ${columns ? "lg:[grid-column:var(--chair)]" : ""}`} style={place(e.item.chair)}>
                <AgendaCard item={e.item} history={history[e.item.id] ?? []} showChair={columns} />
              </li>
            ) : (
              <li key={`g${e.gap.chair}-${e.gap.from}`} className={`min-w-0 print:hidden ${columns ? "lg:[grid-column:var(--chair)]" : ""}`} style={place(e.gap.chair)}>
                <GapRow gap={e.gap} showChair={columns} onPick={onPickGap} />
              </li>
            ),
          )}
        </ol>
      )}

      {cancelled.length > 0 && (
        <div className="mt-6">
          <h3 className="font-sans text-sm font-semibold uppercase tracking-wider text-slate-500">Annulés ({cancelled.length})</h3>
          <ol className="mt-2 grid gap-3">
            {cancelled.map((item) => (
              <li key={item.id} className="min-w-0">
                <AgendaCard item={item} history={history[item.id] ?? []} showChair={columns} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

function DayHoursLine({ day }: { day: AgendaDay }) {
  if (day.closed) {
    return (
      <p className="flex items-center gap-2 rounded-lg bg-slate-800 px-3 py-2 text-sm font-semibold text-white" role="note">
        <CalendarOff aria-hidden className="h-4 w-4" />
        Fermé{day.label ? ` — ${day.label}` : ""}
      </p>
    );
  }
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${day.special ? "rounded-lg bg-violet-50 px-3 py-2 text-violet-900 ring-1 ring-violet-600/20" : "text-slate-600"}`}>
      <Clock aria-hidden className="h-4 w-4" />
      {day.special ? <span className="font-semibold">Horaires spéciaux — {day.label} :</span> : <span>Ouvert :</span>}
      <span className="font-medium tabular-nums">{formatRanges(day.ranges)}</span>
    </p>
  );
}

function GapRow({ gap, showChair, onPick }: { gap: FreeGap; showChair: boolean; onPick?: (gap: FreeGap) => void }) {
  const text = (
    <>
      <span className="font-semibold text-emerald-800">Libre</span>
      <span className="tabular-nums text-slate-700">
        {gap.from} – {gap.to}
      </span>
      {showChair && <span className="text-slate-500">· Fauteuil {gap.chair}</span>}
    </>
  );
  return (
    <div className="flex min-h-11 items-center justify-between gap-2 rounded-xl border border-dashed border-emerald-300 bg-emerald-50/50 px-3 text-sm">
      <p className="flex flex-wrap items-center gap-x-2">{text}</p>
      {onPick && (
        <button type="button" onClick={() => onPick(gap)} className="inline-flex min-h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-emerald-800 hover:bg-emerald-100">
          <CalendarPlus aria-hidden className="h-4 w-4" />
          Ajouter ici
          <span className="sr-only">
            {" "}
            à {gap.from}
          </span>
        </button>
      )}
    </div>
  );
}
