import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { STATUS_LABELS } from "~/lib/appointment-status";
import { formatDA } from "~/lib/money";
import type { AgendaEntry } from "./model";

/**
 * True while the page is printed: from `beforeprint` (drawn at once, before the browser lays the
 * page out for paper) and while the print media query matches, until `afterprint`. A list only
 * paper needs is then not in every page's HTML (issue 33, item 4).
 */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const print = window.matchMedia("print");
    const on = () => flushSync(() => setPrinting(true));
    const off = () => setPrinting(false);
    const follow = () => (print.matches ? on() : off());
    window.addEventListener("beforeprint", on);
    window.addEventListener("afterprint", off);
    print.addEventListener("change", follow);
    follow();
    return () => {
      window.removeEventListener("beforeprint", on);
      window.removeEventListener("afterprint", off);
      print.removeEventListener("change", follow);
    };
  }, []);
  return printing;
}

/** The day printed (screen: hidden; drawn only for paper): the appointments in time order with their facts, no buttons. */
export function PrintDay({ items, showChair }: { items: AgendaEntry[]; showChair: boolean }) {
  const printing = usePrinting();
  if (!printing) return null;
  const list = [...items].sort((a, b) => a.time.localeCompare(b.time) || a.chair - b.chair);
  return (
    <ol className="hidden divide-y divide-slate-300 print:block">
      {list.map((i) => (
        <li key={i.id}>
          <article aria-labelledby={`print-${i.id}-name`} data-appointment-id={i.id} className="flex break-inside-avoid gap-4 py-2">
            <p className="w-20 shrink-0 font-bold tabular-nums">
              {i.time} <span className="block text-xs font-normal">→ {i.end}</span>
              {showChair && <span className="block text-xs font-normal">Fauteuil {i.chair}</span>}
            </p>
            <div className="min-w-0 flex-1">
              <h3 id={`print-${i.id}-name`} className="font-sans text-base font-semibold">
                {i.name}
              </h3>
              <p className="text-sm">
                {i.service} · {i.phone} · {STATUS_LABELS[i.status]}
                {i.due !== null && i.due > 0 && <> · Reste à payer : {formatDA(i.due)}</>}
              </p>
              {i.message && <p className="whitespace-pre-line text-sm italic">{i.message}</p>}
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
