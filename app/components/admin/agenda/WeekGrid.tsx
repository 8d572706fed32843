import { CalendarOff } from "~/components/admin/icons";
import { useState, type CSSProperties } from "react";
import { Link, useNavigate } from "react-router";
import { STATUS_LABELS } from "~/lib/appointment-status";
import type { ClinicNow } from "~/lib/clinic-time";
import { formatDayLong } from "~/lib/front-desk-contact";
import { AgendaLines } from "./AgendaLines";
import { weekGrid } from "./grid";
import { toneOf } from "./GridBlock";
import { agendaHref, type AgendaDay, type AgendaEntry } from "./model";

const ROW = "1.375rem";
const AXIS = "3.25rem";
const dayName = new Intl.DateTimeFormat("fr-FR", { weekday: "short", timeZone: "UTC" });
const dayNumber = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", timeZone: "UTC" });
const utc = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

/**
 * The week, Saturday to Friday (ADR 023): from 768 px one grid on the day's time axis, a column
 * per day and, inside a day, the chairs side by side; each block (time, patient, status in
 * words) opens the day at that appointment, a day's heading opens the day. Below 768 px: a row of
 * seven day buttons over that day's compact list.
 */
export function WeekGrid({ days, items, chairs, today, now }: { days: AgendaDay[]; items: AgendaEntry[]; chairs: number; today: string; now: ClinicNow }) {
  const w = weekGrid(days, items, chairs, now);
  const per = w.chairs.length;
  const inWeek = days.some((d) => d.date === today);
  const [picked, setPicked] = useState(inWeek ? today : days[0].date);
  const columns = `${AXIS} repeat(${days.length * per}, minmax(0, 1fr))`;
  const countOf = (date: string) => items.filter((i) => i.date === date && i.status !== "cancelled").length;

  return (
    <section aria-label="Semaine">
      <div className="hidden overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 md:block">
        <div className="grid border-b border-slate-200 bg-slate-50" style={{ gridTemplateColumns: columns }}>
          <span aria-hidden />
          {w.days.map(({ day }, k) => {
            const isToday = day.date === today;
            return (
              <h2 key={day.date} className="min-w-0 border-s border-slate-200 font-sans" style={{ gridColumn: `${k * per + 2} / span ${per}` }}>
                <Link
                  to={agendaHref(day.date, "jour")}
                  data-day={day.date}
                  aria-label={`${formatDayLong(day.date)}${isToday ? " (aujourd'hui)" : ""} : ${day.closed ? "fermé" : `${countOf(day.date)} rendez-vous`}`}
                  className={`block px-1 py-1.5 text-center hover:bg-white ${isToday ? "bg-teal-50 text-teal-800" : "text-navy-900"}`}
                >
                  <span className="block text-xs font-semibold uppercase tracking-wide first-letter:uppercase">{dayName.format(utc(day.date))}</span>
                  <span className="block text-sm font-bold">{dayNumber.format(utc(day.date))}</span>
                  {per > 1 && (
                    <span aria-hidden className="mt-0.5 grid text-[10px] font-medium text-slate-500" style={{ gridTemplateColumns: `repeat(${per}, minmax(0, 1fr))` }}>
                      {w.chairs.map((c) => (
                        <span key={c}>F{c}</span>
                      ))}
                    </span>
                  )}
                </Link>
              </h2>
            );
          })}
        </div>
        <div className="relative grid" style={{ gridTemplateColumns: columns, gridTemplateRows: `repeat(${w.rows}, ${ROW})`, "--row": ROW } as CSSProperties}>
          {w.hours.map((h) => (
            <span key={h.label} aria-hidden className="px-1.5 pt-0.5 text-end text-[11px] font-medium tabular-nums text-slate-500" style={{ gridRow: h.row + 1, gridColumn: 1 }}>
              {h.label}
            </span>
          ))}
          {w.days.map(({ day, blocks, closed }, k) => (
            <div key={day.date} className="contents" data-week-day={day.date}>
              <div
                aria-hidden
                className={`border-s border-slate-200 ${day.date === today ? "bg-teal-50/40" : ""}`}
                style={{
                  gridRow: "1 / -1",
                  gridColumn: `${k * per + 2} / span ${per}`,
                  backgroundImage: "linear-gradient(to bottom, rgb(203 213 225) 1px, transparent 1px)",
                  backgroundSize: "100% calc(var(--row) * 4)",
                  backgroundPosition: `0 calc(var(--row) * ${w.hours[0]?.row ?? 0})`,
                }}
              />
              {closed.map((band) => (
                <div
                  key={`c${band.row}`}
                  className="flex items-start justify-center overflow-hidden border-s border-slate-200 bg-[repeating-linear-gradient(135deg,rgb(241_245_249)_0_6px,rgb(226_232_240)_6px_12px)]"
                  style={{ gridRow: `${band.row + 1} / span ${band.span}`, gridColumn: `${k * per + 2} / span ${per}` }}
                >
                  {band.span >= 3 && (
                    <span className={`mt-1 inline-flex items-center gap-1 rounded bg-white/90 px-1.5 py-0.5 text-[11px] font-semibold text-slate-700 ring-1 ring-slate-300 ${day.closed ? "" : "sr-only"}`}>
                      {day.closed && <CalendarOff aria-hidden className="h-3 w-3" />}
                      {band.label}
                    </span>
                  )}
                </div>
              ))}
              {blocks.map((b) => {
                return (
                  <Link
                    key={b.item.id}
                    to={agendaHref(day.date, "jour", `#rdv-${b.item.id}`)}
                    data-block={b.item.id}
                    title={`${b.item.time} – ${b.item.end} · ${b.item.name} · ${b.item.service} · ${STATUS_LABELS[b.item.status]}`}
                    className={`week-block ${toneOf(b.item.status)}`}
                    style={{
                      gridRow: `${b.row + 1} / span ${Math.max(1, b.span)}`,
                      gridColumn: k * per + b.chair + 1,
                      // side by side: its lane; alone, the class's full width
                      ...(b.lanes > 1 ? { width: `calc(100% / ${b.lanes} - 2px)`, marginInlineStart: `calc(100% * ${b.lane} / ${b.lanes} + 1px)` } : {}),
                    }}
                  >
                    {/* narrow (several chairs): the name first, the time left to the axis and the accessible name */}
                    <span className="truncate">
                      <span className="week-time">{b.item.time} </span>
                      <span className="font-semibold">{b.item.name}</span>
                    </span>
                    <span className="week-status" data-status={b.item.status}>
                      <span className="sr-only">, </span>
                      <span className="truncate">{STATUS_LABELS[b.item.status]}</span>
                    </span>
                  </Link>
                );
              })}
            </div>
          ))}
          {w.now && (
            <div
              aria-hidden
              className="pointer-events-none absolute z-20 h-0.5 -translate-y-1/2 bg-rose-600"
              style={{
                top: `calc(var(--row) * ${w.now.row})`,
                insetInlineStart: `calc(${AXIS} + (100% - ${AXIS}) * ${w.now.day} / ${days.length})`,
                width: `calc((100% - ${AXIS}) / ${days.length})`,
              }}
            />
          )}
        </div>
      </div>

      <div className="md:hidden">
        <div role="group" aria-label="Jour de la semaine" className="grid grid-cols-7 gap-1">
          {days.map((d) => {
            const on = d.date === picked;
            return (
              <button
                key={d.date}
                type="button"
                aria-pressed={on}
                aria-label={`${formatDayLong(d.date)} : ${d.closed ? "fermé" : `${countOf(d.date)} rendez-vous`}`}
                onClick={() => setPicked(d.date)}
                className={`flex min-h-14 flex-col items-center justify-center rounded-lg text-xs ring-1 ring-inset ${
                  on ? "bg-navy-900 text-white ring-navy-900" : d.closed ? "bg-slate-100 text-slate-700 ring-slate-200" : "bg-white text-navy-900 ring-slate-200"
                } ${d.date === today && !on ? "ring-2 ring-teal-600" : ""}`}
              >
                <span className="font-semibold first-letter:uppercase">{dayName.format(utc(d.date)).replace(".", "")}</span>
                <span className="text-base font-bold tabular-nums leading-5">{utc(d.date).getUTCDate()}</span>
              </button>
            );
          })}
        </div>
        <PickedDay day={days.find((d) => d.date === picked)!} items={items.filter((i) => i.date === picked && i.status !== "cancelled")} showChair={per > 1} />
      </div>
    </section>
  );
}

function PickedDay({ day, items, showChair }: { day: AgendaDay; items: AgendaEntry[]; showChair: boolean }) {
  const navigate = useNavigate();
  return (
    <div className="mt-3">
      <p className="mb-2 flex items-center justify-between gap-2 text-sm font-semibold text-navy-900">
        <span className="first-letter:uppercase">{formatDayLong(day.date)}</span>
        <Link to={agendaHref(day.date, "jour")} className="inline-flex min-h-11 items-center rounded-lg px-2 text-teal-700 hover:bg-teal-50">
          Ouvrir le jour
        </Link>
      </p>
      {day.closed ? (
        <p className="flex items-center gap-2 rounded-lg bg-slate-800 px-3 py-2 text-sm font-semibold text-white">
          <CalendarOff aria-hidden className="h-4 w-4" />
          Fermé{day.label ? ` — ${day.label}` : ""}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">Aucun rendez-vous ce jour-là.</p>
      ) : (
        <AgendaLines items={items} selected={null} showChair={showChair} onSelect={(id) => navigate(agendaHref(day.date, "jour", `#rdv-${id}`))} label={`Rendez-vous du ${formatDayLong(day.date)}`} />
      )}
    </div>
  );
}
