/**
 * The payment plan of an accepted quote (docs/product.md, "Staff: payment plans"): 'Acompte (DA)',
 * 'Nombre d'échéances', 'Première échéance' and 'Calculer' give equal lines a month apart (money.ts),
 * each line stays editable, and the sum is shown against the quote's total before 'Enregistrer
 * l'échéancier'. Then the instalments with what the payments cover, oldest first.
 */
import { Calculator, Save } from "~/components/admin/icons";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { formatCalendarDate } from "~/lib/format";
import { centimesToInput, formatDA, parseAmount, type AllocatedInstalment } from "~/lib/money";
import { computePlan, type PlanRow } from "~/lib/plan-schema";

const STATE_LABELS = { paid: "Payée", partial: "Partiellement payée", due: "À venir", late: "En retard" } as const;
const STATE_TONES = { paid: "bg-emerald-50 text-emerald-800", partial: "bg-amber-50 text-amber-900", due: "bg-slate-100 text-slate-700", late: "bg-red-50 text-red-800" } as const;

export function PlanTable({ instalments }: { instalments: AllocatedInstalment[] }) {
  return (
    <ol aria-label="Échéances" className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {instalments.map((i, k) => (
        <li key={k} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
          <span className="w-28 font-medium text-navy-900">{k === 0 && instalments.length > 1 ? "Acompte" : `Échéance ${k}`}</span>
          <span className="grow text-slate-700">{formatCalendarDate(i.dueDay)}</span>
          <span className="tabular-nums font-semibold text-navy-900">{formatDA(i.amount)}</span>
          <span className="w-44 text-right text-sm tabular-nums text-slate-600">payé {formatDA(i.paid)}</span>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATE_TONES[i.state]}`}>{STATE_LABELS[i.state]}</span>
        </li>
      ))}
    </ol>
  );
}

export function PlanEditor({ total, initial, today, error }: { total: number; initial: PlanRow[]; today: string; error?: string | null }) {
  const [rows, setRows] = useState<PlanRow[]>(initial);
  const [down, setDown] = useState("");
  const [count, setCount] = useState("6");
  const [first, setFirst] = useState(today);
  const [hint, setHint] = useState<string | null>(null);
  const busy = useNavigation().state === "submitting";
  const sum = rows.reduce((s, r) => {
    const a = parseAmount(r.amount);
    return s + (a.ok && a.centimes ? a.centimes : 0);
  }, 0);
  return (
    <div className="space-y-4">
      <section aria-labelledby="plan-compute" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="plan-compute" className="font-sans text-base font-semibold text-navy-900">
          Calculer un échéancier
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-[10rem_10rem_12rem_auto] sm:items-end">
          <div>
            <label htmlFor="plan-down" className="field-label">
              Acompte (DA)
            </label>
            <input id="plan-down" className="field-input tabular-nums" inputMode="decimal" value={down} onChange={(e) => setDown(e.target.value)} />
          </div>
          <div>
            <label htmlFor="plan-count" className="field-label">
              Nombre d'échéances
            </label>
            <input id="plan-count" className="field-input tabular-nums" inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
          </div>
          <div>
            <label htmlFor="plan-first" className="field-label">
              Première échéance
            </label>
            <input id="plan-first" type="date" className="field-input" value={first} onChange={(e) => setFirst(e.target.value)} />
          </div>
          <button
            type="button"
            className="btn-outline"
            onClick={() => {
              const r = computePlan(total, down, count, first);
              if ("error" in r) return setHint(r.error);
              setHint(null);
              setRows(r.rows.map((x) => ({ dueDay: x.dueDay, amount: centimesToInput(x.amount) })));
            }}
          >
            <Calculator aria-hidden className="h-4 w-4" />
            Calculer
          </button>
        </div>
        {hint && <p className="mt-2 text-sm font-medium text-red-700">{hint}</p>}
      </section>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="rows" value={JSON.stringify(rows)} />
        <ol aria-label="Lignes de l'échéancier" className="space-y-2">
          {rows.map((r, i) => (
            <li key={i} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-2 rounded-xl bg-white p-3 ring-1 ring-slate-200 sm:grid-cols-[8rem_12rem_12rem]">
              <span className="col-span-2 self-center font-medium text-navy-900 sm:col-span-1">{i === 0 && rows.length > 1 ? "Acompte" : `Échéance ${i}`}</span>
              <label className="sr-only" htmlFor={`row-day-${i}`}>
                Date de la ligne {i + 1}
              </label>
              <input id={`row-day-${i}`} type="date" className="field-input" value={r.dueDay} onChange={(e) => setRows((rs) => rs.map((x, k) => (k === i ? { ...x, dueDay: e.target.value } : x)))} />
              <label className="sr-only" htmlFor={`row-amount-${i}`}>
                Montant de la ligne {i + 1} (DA)
              </label>
              <input id={`row-amount-${i}`} className="field-input tabular-nums" inputMode="decimal" value={r.amount} onChange={(e) => setRows((rs) => rs.map((x, k) => (k === i ? { ...x, amount: e.target.value } : x)))} />
            </li>
          ))}
        </ol>
        <p className={`text-sm font-medium ${sum === total ? "text-emerald-800" : "text-amber-900"}`} aria-live="polite">
          Somme des échéances : {formatDA(sum)} sur {formatDA(total)}
          {sum === total ? " — le compte est bon." : "."}
        </p>
        {error && <Alert tone="error">{error}</Alert>}
        <button type="submit" disabled={busy || rows.length === 0} className="btn-primary">
          <Save aria-hidden className="h-4 w-4" />
          Enregistrer l'échéancier
        </button>
      </Form>
    </div>
  );
}
