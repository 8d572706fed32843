/**
 * The catalogue of acts by category (docs/product.md, "Staff: acts and prices"): each act with its
 * code, label, price and state, 'Modifier' opening its form in place; the acts of the demo list
 * are marked until they are edited. And which act each booking service stands for.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Save } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { ACT_CATEGORIES, ACT_CATEGORY_LABELS } from "~/lib/acts";
import { formatDA } from "~/lib/money";
import { ActForm, type ActValues } from "./ActForm";

export function ActsCatalogue({ acts, category, failed }: { acts: (ActValues & { demo: number })[]; category: string | null; failed?: { id: number; result: SubmissionResult<string[]> } }) {
  const shown = ACT_CATEGORIES.filter((c) => !category || c === category);
  return (
    <div className="space-y-6">
      {shown.map((c) => {
        const mine = acts.filter((a) => a.category === c);
        if (mine.length === 0) return null;
        return (
          <section key={c} aria-labelledby={`cat-${c}`} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <h2 id={`cat-${c}`} className="border-b border-slate-100 px-4 py-3 font-sans text-base font-semibold text-navy-900">
              {ACT_CATEGORY_LABELS[c]} <span className="font-normal text-slate-500">({mine.length})</span>
            </h2>
            <ul className="divide-y divide-slate-100">
              {mine.map((a) => (
                <li key={a.id} className="px-4 py-2.5">
                  <details open={failed?.id === a.id}>
                    <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 [&::-webkit-details-marker]:hidden">
                      <span className="w-20 shrink-0 font-mono text-sm font-semibold text-slate-700">{a.code}</span>
                      <span className={`min-w-0 grow ${a.active ? "text-navy-900" : "text-slate-400 line-through"}`}>{a.label}</span>
                      {a.demo === 1 && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Démo</span>}
                      {!a.active && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600">Inactif</span>}
                      <span className="font-semibold tabular-nums text-navy-900">{formatDA(a.price)}</span>
                      <span className="text-sm font-medium text-teal-800 underline underline-offset-2">Modifier</span>
                    </summary>
                    <div className="mt-3 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
                      <ActForm act={a} lastResult={failed?.id === a.id ? failed.result : undefined} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

export function ServiceActsForm({ services, acts, map }: { services: readonly string[]; acts: ActValues[]; map: Record<string, number | null> }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="service-acts" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 id="service-acts" className="font-sans text-base font-semibold text-navy-900">
        Services de réservation
      </h2>
      <p className="mt-1 text-sm text-slate-600">L'acte que chaque service représente : un nouveau devis commence par l'acte du dernier rendez-vous du patient.</p>
      <Form method="post" id="service-acts-form" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="services" />
        {services.map((s) => (
          <div key={s}>
            <label htmlFor={`svc-${s}`} className="field-label">
              {s}
            </label>
            <select id={`svc-${s}`} name={`service:${s}`} defaultValue={map[s] ?? ""} className="field-input min-h-11">
              <option value="">Aucun</option>
              {acts
                .filter((a) => a.active)
                .map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.code} — {a.label}
                  </option>
                ))}
            </select>
          </div>
        ))}
        <div>
          <button type="submit" disabled={busy} className="btn-outline">
            <Save aria-hidden className="h-4 w-4" />
            Enregistrer les correspondances
          </button>
        </div>
      </Form>
    </section>
  );
}
