import { Loader2 } from "~/components/admin/icons";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { freeTimesUrl } from "~/components/admin/front-desk/MoveForm";
import type { FreeTimesAnswer } from "~/components/admin/front-desk/types";
import type { AgendaEntry } from "./model";

/**
 * 'Déplacer vers…': the keyboard and touch path of a drag (ADR 023). The free start times of
 * the appointment's day for its service (/admin/creneaux, the staff's rules, its own slot
 * counting as free), each a button that posts the same 'move' intent as a drop. Another day:
 * the 'Déplacer' form below.
 */
export function MoveToTimes({ item, busy, onMove }: { item: AgendaEntry; busy: boolean; onMove: (time: string) => void }) {
  const slots = useFetcher<FreeTimesAnswer>();
  const { load } = slots;
  useEffect(() => {
    void load(freeTimesUrl(item.service, item.date, item.id));
  }, [load, item.service, item.date, item.id]);
  const times = slots.data?.date === item.date ? slots.data.times.filter((t) => t !== item.time) : null;
  if (times === null) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
        Recherche des horaires libres…
      </p>
    );
  }
  if (times.length === 0) return <p className="text-sm text-slate-600">Aucun autre horaire libre ce jour-là : utilisez « Déplacer » pour un autre jour.</p>;
  return (
    <ul aria-label={`Horaires libres pour ${item.name}`} className="flex flex-wrap gap-1.5">
      {times.map((t) => (
        <li key={t}>
          <button
            type="button"
            disabled={busy}
            onClick={() => onMove(t)}
            className="inline-flex min-h-11 min-w-16 items-center justify-center rounded-lg bg-white px-3 text-sm font-semibold tabular-nums text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-teal-50 hover:ring-teal-600 disabled:opacity-60"
          >
            {t}
          </button>
        </li>
      ))}
    </ul>
  );
}
