import { CalendarOff, Clock, Loader2, MousePointerClick } from "~/components/admin/icons";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { firstMessage, type FrontDeskResult } from "~/components/admin/front-desk/types";
import { useCan } from "~/components/admin/permissions";
import { useToast } from "~/components/toaster";
import { Alert } from "~/components/ui/Alert";
import type { ClinicNow } from "~/lib/clinic-time";
import { formatRanges } from "~/lib/schedule";
import { AgendaCard } from "./AgendaCard";
import { AgendaLines } from "./AgendaLines";
import { DayGrid, type PendingMove } from "./DayGrid";
import { dayGrid, type GridFree } from "./grid";
import type { AgendaCardAnswer, AgendaDay, AgendaEntry } from "./model";
import { MoveToTimes } from "./MoveToTimes";
import { PrintDay } from "./PrintDay";

/** From 768 px the day is a grid with its panel; below, the compact list. Known after hydration (the server draws the blocks once, CSS lays them out). */
function useWide(): boolean {
  const [wide, setWide] = useState(true);
  useEffect(() => {
    const query = window.matchMedia("(min-width: 768px)");
    const follow = () => setWide(query.matches);
    follow();
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  return wide;
}

/**
 * The day (docs/product.md, "Staff: agenda"): the grid and, beside it, the selected
 * appointment's actions (AgendaCard) above the booking form (`aside`); on a phone the compact
 * list (the grid's blocks, laid out as lines by CSS), a line opening its actions under it. A drop on the grid and 'Déplacer vers…' post the
 * 'move' intent on one fetcher: a refusal puts the block back and says the server's reason.
 * The cancelled ones are listed apart; printed, the day is a plain list.
 */
export function DayScreen({
  day,
  items,
  chairs,
  now,
  aside,
  onPickFree,
}: {
  day: AgendaDay;
  items: AgendaEntry[];
  chairs: number;
  now: ClinicNow;
  aside?: React.ReactNode;
  onPickFree?: (free: GridFree) => void;
}) {
  const wide = useWide();
  const [selected, setSelected] = useState<number | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const canMove = useCan("appointment:update");
  const active = useMemo(() => items.filter((i) => i.status !== "cancelled"), [items]);
  const cancelled = items.filter((i) => i.status === "cancelled");
  const grid = useMemo(() => dayGrid(day, active, chairs, now), [day, active, chairs, now]);
  const several = grid.chairs.length > 1;
  const current = items.find((i) => i.id === selected) ?? null;

  const mover = useFetcher<FrontDeskResult>({ key: "agenda:drop" });
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [refusal, setRefusal] = useState<{ name: string; text: string } | null>(null);
  useToast(mover.state === "idle" && mover.data?.ok ? mover.data.toast : undefined);
  useEffect(() => {
    if (mover.state !== "idle") return;
    setPending(null);
    const answer = mover.data;
    if (answer && !answer.ok) setRefusal({ name: items.find((i) => i.id === answer.id)?.name ?? "", text: firstMessage(answer.result) ?? "Déplacement refusé." });
    // items: the name only; the answer is what changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mover.state, mover.data]);

  const move = useCallback(
    (item: AgendaEntry, to: { time: string; chair?: number }, steps?: { rows: number; columns: number }) => {
      setRefusal(null);
      if (steps && to.chair !== undefined) setPending({ id: item.id, time: to.time, chair: to.chair, ...steps });
      const form: Record<string, string> = { intent: "move", id: String(item.id), date: item.date, time: to.time };
      if (to.chair !== undefined) form.chair = String(to.chair);
      void mover.submit(form, { method: "post" });
    },
    [mover],
  );

  const select = useCallback(
    (id: number) => {
      setSelected((s) => (s === id && !wide ? null : id));
      // beside the grid: the card takes the focus (a keyboard goes on in it) and comes into view
      if (wide)
        requestAnimationFrame(() => {
          panel.current?.focus({ preventScroll: true });
          panel.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
        });
    },
    [wide],
  );

  // a week's block or a link opens the day at its appointment (#rdv-12)
  useEffect(() => {
    const m = /^#rdv-(\d+)$/.exec(window.location.hash);
    if (m && items.some((i) => i.id === Number(m[1]))) setSelected(Number(m[1]));
    // on arrival only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [day.date]);

  // the opened card's details: loaded when it opens, and again whenever the day is read again
  // (after an action, or a navigation to the same day), so that the card says what the grid says
  const details = useFetcher<AgendaCardAnswer>({ key: "agenda:card" });
  const asked = useRef<{ id: number; items: AgendaEntry[] } | null>(null);
  useEffect(() => {
    if (selected === null || (asked.current?.id === selected && asked.current.items === items)) return;
    asked.current = { id: selected, items };
    void details.load(`/admin/agenda/rdv/${selected}`);
    // details.load is stable enough: a new fetcher object each render must not load again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, items]);

  const card = (item: AgendaEntry) => {
    const answer = details.data;
    if (answer?.ok && answer.item.id === item.id) {
      return (
        <AgendaCard
          item={answer.item}
          history={answer.history}
          showChair={several}
          moveTo={canMove ? <MoveToTimes item={item} busy={mover.state !== "idle"} onMove={(time) => move(item, { time })} /> : undefined}
        />
      );
    }
    if (answer && !answer.ok && details.state === "idle" && asked.current?.id === item.id) {
      return (
        <p role="alert" className="rounded-xl bg-white px-4 py-5 text-sm text-red-800 shadow-sm ring-1 ring-red-200">
          {answer.message}
        </p>
      );
    }
    return (
      <p role="status" className="flex items-center gap-2 rounded-xl bg-white px-4 py-5 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
        <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
        Chargement du rendez-vous de {item.name}…
      </p>
    );
  };

  return (
    <section aria-labelledby="day-title" className="min-w-0">
      <h2 id="day-title" className="sr-only">
        Rendez-vous du jour
      </h2>
      <DayHoursLine day={day} />
      {refusal && (
        <Alert tone="error" className="mt-3 print:hidden" onClose={() => setRefusal(null)} focusKey={refusal}>
          Le rendez-vous de {refusal.name} n'a pas été déplacé : {refusal.text}
        </Alert>
      )}

      <div className={`mt-3 grid items-start gap-4 max-md:mt-0 print:hidden ${wide ? "lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem] xl:gap-6" : ""}`}>
        {/* the grid from 768 px; on a phone its blocks are the day's list (DayGrid), or 'Aucun rendez-vous' */}
        <div className={active.length > 0 ? "min-w-0" : "hidden min-w-0 md:block"}>
          <DayGrid
            grid={grid}
            selected={selected}
            pending={pending}
            canMove={canMove && wide}
            onSelect={select}
            onPickFree={onPickFree}
            onDrop={(b, slot, steps) => move(b.item, slot, steps)}
            renderOpen={wide ? undefined : (b) => card(b.item)}
          />
          <p className="mt-2 flex items-center gap-1.5 text-xs text-slate-500 max-md:hidden">
            <MousePointerClick aria-hidden className="h-3.5 w-3.5" />
            Cliquez un rendez-vous pour ses actions ; glissez-le vers un autre horaire ou fauteuil pour le déplacer.
          </p>
        </div>
        {active.length === 0 && (
          <div className="min-w-0 md:hidden">
            <Empty closed={day.closed} />
          </div>
        )}
        <div className="grid min-w-0 gap-4 lg:sticky lg:top-4">
          {wide && (
            <div
              ref={panel}
              id="agenda-selection"
              tabIndex={-1}
              aria-label="Rendez-vous sélectionné"
              role="region"
              className="scroll-mt-4 rounded-xl focus:outline-none"
              onKeyDown={(e) => {
                // Escape: back to the block on the grid (a form's own Escape aside)
                if (e.key !== "Escape" || !current || e.defaultPrevented) return;
                document.querySelector<HTMLElement>(`[data-block="${current.id}"]`)?.focus();
              }}
            >
              {current ? (
                card(current)
              ) : (
                <p className="hidden rounded-xl border border-dashed border-slate-300 bg-white px-4 py-5 text-sm text-slate-600 md:block">
                  Sélectionnez un rendez-vous dans la grille pour voir ses actions : confirmer, honoré, encaisser, appeler, déplacer…
                </p>
              )}
            </div>
          )}
          {aside}
        </div>
      </div>

      {cancelled.length > 0 && (
        <div className="mt-6 print:hidden">
          <h3 className="font-sans text-sm font-semibold uppercase tracking-wider text-slate-500">Annulés ({cancelled.length})</h3>
          <div className="mt-2 max-w-3xl">
            <AgendaLines items={cancelled} selected={selected} showChair={several} onSelect={select} renderOpen={wide ? undefined : card} label="Rendez-vous annulés" />
          </div>
        </div>
      )}
      {/* Without JavaScript a block cannot open its card: the day's cards, whose forms post as
          plain forms, are on the appointments list of that day (one link, not 40 cards in every
          page: the day's HTML stays light). */}
      <noscript>
        <p className="mt-6 print:hidden">
          <a href={`/admin/appointments?date=${day.date}`} className="font-semibold text-navy-800 underline">
            Les actions des rendez-vous de ce jour, sans JavaScript : la liste des rendez-vous
          </a>
        </p>
      </noscript>
      <PrintDay items={active} showChair={several} />
    </section>
  );
}

function Empty({ closed }: { closed: boolean }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
      <CalendarOff aria-hidden className="mx-auto h-8 w-8 text-slate-400" />
      <p className="mt-2 font-medium text-slate-700">{closed ? "La clinique est fermée ce jour-là." : "Aucun rendez-vous ce jour-là."}</p>
    </div>
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
    <p className={`flex-wrap items-center gap-x-2 gap-y-1 text-sm ${day.special ? "flex" : "hidden md:flex"} ${day.special ? "rounded-lg bg-violet-50 px-3 py-2 text-violet-900 ring-1 ring-violet-600/20" : "text-slate-600"}`}>
      <Clock aria-hidden className="h-4 w-4" />
      {day.special ? <span className="font-semibold">Horaires spéciaux — {day.label} :</span> : <span>Ouvert :</span>}
      <span className="font-medium tabular-nums">{formatRanges(day.ranges)}</span>
    </p>
  );
}
