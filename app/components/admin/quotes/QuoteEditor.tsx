/**
 * QuoteEditor: a draft quote's editor (docs/product.md, "Staff: quotes"): its lines (act, label,
 * teeth with the chart, quantity, unit price, the line's discount, phase, option), the overall
 * discount, the validity and a note, with the totals of each option and phase computed as typed by
 * app/lib/money.ts (the same functions the server stores them with). 'Enregistrer' keeps the
 * draft; 'Proposer au patient' saves it and sends it to the patient's link.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Plus, Save, Send, Smile, Trash2 } from "~/components/admin/icons";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field, TextareaField, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { centimesToInput, formatDA, quoteTotals } from "~/lib/money";
import { overallDiscount, quoteFormSchema, readLines, type LineDraft } from "~/lib/quote-schema";
import { teethLabel } from "~/lib/teeth";
import { ToothPicker } from "./ToothPicker";

export interface ActChoice {
  id: number;
  code: string;
  label: string;
  price: number;
}

const EMPTY: LineDraft = { actId: null, label: "", teeth: "", quantity: "1", unitPrice: "", discount: "", phase: "", option: "" };

export function QuoteEditor({
  acts,
  initial,
  lastResult,
}: {
  acts: ActChoice[];
  initial: { title: string; validUntil: string; note: string; discount: string; lines: LineDraft[] };
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [lines, setLines] = useState<LineDraft[]>(initial.lines.length ? initial.lines : [EMPTY]);
  const [chartOf, setChartOf] = useState<number | null>(null);
  const [form, fields] = useAppForm({ id: "quote-editor", schema: quoteFormSchema, lastResult, defaultValue: { title: initial.title, validUntil: initial.validUntil, note: initial.note, discount: initial.discount } });
  const busy = useNavigation().state === "submitting";
  const set = (i: number, patch: Partial<LineDraft>) => setLines((ls) => ls.map((l, k) => (k === i ? { ...l, ...patch } : l)));
  const { lines: valid, errors } = readLines(lines);
  const discount = overallDiscount(String(fields.discount.value ?? ""), valid);
  const totals = quoteTotals(
    valid.map((l) => ({ option: l.option, phase: l.phase, total: l.total })),
    discount.ok ? discount.centimes : 0,
  );
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="lines" value={JSON.stringify(lines)} />
      <datalist id="quote-phases">
        <option value="Phase 1 : chirurgie" />
        <option value="Phase 2 : prothèse" />
        <option value="Phase 3 : esthétique" />
      </datalist>
      <datalist id="quote-options">
        <option value="Option A : bridge" />
        <option value="Option B : implant" />
      </datalist>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <Field meta={fields.title} label="Titre" optional maxLength={120} autoComplete="off" placeholder="Exemple : remplacement de la 36" />
        <Field meta={fields.validUntil} type="date" label="Valable jusqu'au" required />
      </div>
      <section aria-labelledby="lines-title" className="space-y-3">
        <h2 id="lines-title" className="font-sans text-lg font-semibold text-navy-900">
          Lignes du devis
        </h2>
        <ol className="space-y-3">
          {lines.map((l, i) => {
            const v = readLines([l]).lines[0];
            const n = i + 1;
            return (
              <li key={i} aria-label={`Ligne ${n}`} className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
                <div className="grid gap-3 md:grid-cols-[14rem_minmax(0,1fr)]">
                  <div>
                    <label className="field-label" htmlFor={`act-${i}`}>
                      Acte (ligne {n})
                    </label>
                    <select
                      id={`act-${i}`}
                      className="field-input min-h-11"
                      value={l.actId ?? ""}
                      onChange={(e) => {
                        const act = acts.find((a) => a.id === Number(e.target.value));
                        set(i, act ? { actId: act.id, label: act.label, unitPrice: centimesToInput(act.price) } : { actId: null });
                      }}
                    >
                      <option value="">Acte libre</option>
                      {acts.map((a) => (
                        <option key={a.id} value={a.id}>
                          {a.code} — {a.label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label className="field-label" htmlFor={`label-${i}`}>
                      Libellé (ligne {n})
                    </label>
                    <input id={`label-${i}`} className="field-input" maxLength={200} value={l.label} onChange={(e) => set(i, { label: e.target.value })} />
                  </div>
                </div>
                <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_5rem_9rem_9rem_9rem]">
                  <div className="col-span-2 sm:col-span-1">
                    <label className="field-label" htmlFor={`teeth-${i}`}>
                      Dents (ligne {n})
                    </label>
                    <div className="flex gap-2">
                      <input id={`teeth-${i}`} className="field-input" placeholder="Exemple : 36 ou 11, 21" value={l.teeth} onChange={(e) => set(i, { teeth: e.target.value })} />
                      <button type="button" className="btn-outline shrink-0 px-3" aria-expanded={chartOf === i} aria-controls={`chart-${i}`} onClick={() => setChartOf(chartOf === i ? null : i)}>
                        <Smile aria-hidden className="h-4 w-4" />
                        Schéma
                      </button>
                    </div>
                  </div>
                  <div>
                    <label className="field-label" htmlFor={`qty-${i}`}>
                      Qté
                    </label>
                    <input id={`qty-${i}`} className="field-input tabular-nums" inputMode="numeric" value={l.quantity} onChange={(e) => set(i, { quantity: e.target.value })} />
                  </div>
                  <div>
                    <label className="field-label" htmlFor={`price-${i}`}>
                      Prix unitaire (DA)
                    </label>
                    <input id={`price-${i}`} className="field-input tabular-nums" inputMode="decimal" value={l.unitPrice} onChange={(e) => set(i, { unitPrice: e.target.value })} />
                  </div>
                  <div>
                    <label className="field-label" htmlFor={`disc-${i}`}>
                      Remise (DA)
                    </label>
                    <input id={`disc-${i}`} className="field-input tabular-nums" inputMode="decimal" value={l.discount} onChange={(e) => set(i, { discount: e.target.value })} />
                  </div>
                  <div className="flex flex-col justify-end">
                    <span className="field-label">Total</span>
                    <output className="min-h-11 py-2.5 text-right font-semibold tabular-nums text-navy-900">{v ? formatDA(v.total) : "—"}</output>
                  </div>
                </div>
                {chartOf === i && (
                  <div id={`chart-${i}`} className="mt-3 overflow-x-auto">
                    <ToothPicker label={`Dents de la ligne ${n}`} value={readLines([{ ...l, label: "x" }]).lines[0]?.teeth ?? null} onChange={(t) => set(i, { teeth: t ? (teethLabel(t).startsWith("Dent") ? t.replaceAll(",", ", ") : t) : "" })} />
                  </div>
                )}
                <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
                  <div>
                    <label className="field-label" htmlFor={`phase-${i}`}>
                      Phase <span className="font-normal text-slate-500">(facultatif)</span>
                    </label>
                    <input id={`phase-${i}`} className="field-input" list="quote-phases" maxLength={80} value={l.phase} onChange={(e) => set(i, { phase: e.target.value })} />
                  </div>
                  <div>
                    <label className="field-label" htmlFor={`option-${i}`}>
                      Option <span className="font-normal text-slate-500">(vide : commune à toutes)</span>
                    </label>
                    <input id={`option-${i}`} className="field-input" list="quote-options" maxLength={80} value={l.option} onChange={(e) => set(i, { option: e.target.value })} />
                  </div>
                  <button type="button" className="btn-ghost text-red-800" onClick={() => setLines((ls) => (ls.length > 1 ? ls.filter((_, k) => k !== i) : [EMPTY]))}>
                    <Trash2 aria-hidden className="h-4 w-4" />
                    Retirer la ligne {n}
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <button type="button" className="btn-outline" onClick={() => setLines((ls) => [...ls, { ...EMPTY, phase: ls.at(-1)?.phase ?? "", option: ls.at(-1)?.option ?? "" }])}>
          <Plus aria-hidden className="h-4 w-4" />
          Ajouter une ligne
        </button>
        {errors.length > 0 && (
          <ul className="space-y-1 text-sm text-amber-900" aria-live="polite">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        )}
      </section>
      <div className="grid gap-4 sm:grid-cols-[12rem_minmax(0,1fr)]">
        <Field meta={fields.discount} label="Remise globale" optional autoComplete="off" placeholder="15000 ou 10 %" />
        <TextareaField meta={fields.note} label="Note pour le patient" optional maxLength={2000} rows={3} />
      </div>
      <section aria-labelledby="totals-title" className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <h2 id="totals-title" className="font-sans text-base font-semibold text-navy-900">
          Totaux
        </h2>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {totals.map((t) => (
            <div key={t.option ?? "-"} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
              {t.option && <p className="font-semibold text-navy-900">{t.option}</p>}
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {t.phases.map((p) => (
                  <li key={p.phase ?? "-"} className="flex justify-between gap-3">
                    <span>{p.phase ?? "Sans phase"}</span>
                    <span className="tabular-nums">{formatDA(p.subtotal)}</span>
                  </li>
                ))}
                {t.discount > 0 && (
                  <li className="flex justify-between gap-3">
                    <span>Remise</span>
                    <span className="tabular-nums">− {formatDA(t.discount)}</span>
                  </li>
                )}
              </ul>
              <p className="mt-2 flex justify-between gap-3 border-t border-slate-200 pt-2 font-bold text-teal-800">
                <span>Total</span>
                <span className="tabular-nums">{formatDA(t.total)}</span>
              </p>
            </div>
          ))}
        </div>
      </section>
      {form.errors?.length ? (
        <Alert tone="error" id={form.errorId}>
          <ul>
            {form.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="save" disabled={busy} className="btn-outline">
          <Save aria-hidden className="h-4 w-4" />
          Enregistrer le brouillon
        </button>
        <button type="submit" name="intent" value="propose" disabled={busy} className="btn-primary">
          <Send aria-hidden className="h-4 w-4" />
          Proposer au patient
        </button>
      </div>
    </Form>
  );
}
