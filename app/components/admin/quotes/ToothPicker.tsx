/**
 * ToothPicker: the FDI chart (docs/product.md, "Staff: quotes") as toggle buttons, upper teeth
 * 18→11 | 21→28 above, lower 48→41 | 31→38 below, as the dentist faces the patient; the arrow keys
 * move along the chart (one tab stop: a roving focus), Space or Enter picks a tooth; 'Arcade
 * supérieure', 'Arcade inférieure' and 'Bouche entière' pick a whole. The value is the stored text.
 */
import { useRef, useState } from "react";
import { CHART, chartMove, toggleTooth, WHOLE, type Whole } from "~/lib/teeth";

export function ToothPicker({ value, onChange, label }: { value: string | null; onChange: (v: string | null) => void; label: string }) {
  const [focus, setFocus] = useState<number>(11);
  const refs = useRef(new Map<number, HTMLButtonElement>());
  const picked = new Set(value && !(value in WHOLE) ? value.split(",").map(Number) : []);
  const move = (tooth: number, key: string) => {
    const next = chartMove(tooth, key);
    if (next === null) return false;
    setFocus(next);
    refs.current.get(next)?.focus();
    return true;
  };
  return (
    <div role="group" aria-label={label} className="space-y-2">
      <div role="grid" aria-label={`${label} : schéma dentaire`} className="inline-grid gap-1 rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200">
        {CHART.map((row, r) => (
          <div role="row" key={r} className={`grid grid-cols-[repeat(16,minmax(0,1fr))] gap-1 ${r === 0 ? "border-b border-dashed border-slate-300 pb-1" : ""}`}>
            {row.map((tooth, c) => (
              <span role="gridcell" key={tooth} className={c === 8 ? "border-l border-dashed border-slate-300 pl-1" : undefined}>
                <button
                  ref={(el) => {
                    if (el) refs.current.set(tooth, el);
                    else refs.current.delete(tooth);
                  }}
                  type="button"
                  aria-pressed={picked.has(tooth)}
                  aria-label={`Dent ${tooth}`}
                  tabIndex={tooth === focus ? 0 : -1}
                  onFocus={() => setFocus(tooth)}
                  onClick={() => onChange(toggleTooth(value, tooth))}
                  onKeyDown={(e) => {
                    if (move(tooth, e.key)) e.preventDefault();
                  }}
                  className="h-9 w-full min-w-7 rounded-md bg-white text-xs font-semibold tabular-nums text-slate-700 ring-1 ring-slate-300 hover:bg-teal-50 aria-pressed:bg-teal-700 aria-pressed:text-white aria-pressed:ring-teal-700 sm:h-10 sm:min-w-9 sm:text-sm"
                >
                  {tooth}
                </button>
              </span>
            ))}
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(WHOLE) as Whole[]).map((w) => (
          <button
            key={w}
            type="button"
            aria-pressed={value === w}
            onClick={() => onChange(value === w ? null : w)}
            className="min-h-11 rounded-lg bg-white px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-teal-50 aria-pressed:bg-teal-700 aria-pressed:text-white aria-pressed:ring-teal-700"
          >
            {WHOLE[w]}
          </button>
        ))}
      </div>
    </div>
  );
}
