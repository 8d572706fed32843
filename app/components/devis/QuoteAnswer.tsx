/**
 * The patient's answer to a proposed quote (docs/product.md, "Patients: answering a quote"): the
 * option (when there are several), 'Nom et prénom', 'J'accepte ce devis' and 'Accepter le devis';
 * apart, 'Refuser ce devis' with an optional reason. Plain forms, posted by the browser: the page
 * works without JavaScript; errors are said next to their field and nothing typed is lost.
 */
import { formatDA } from "~/lib/money";
import type { DevisErrors, DevisFields } from "~/lib/devis-schema";

function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {text}
    </p>
  ) : null;
}

export function QuoteAnswer({ options, fields, errors, intent }: { options: { option: string; total: number }[]; fields?: DevisFields; errors?: DevisErrors; intent?: "accept" | "refuse" }) {
  const e = intent === "accept" ? (errors ?? {}) : {};
  const r = intent === "refuse" ? (errors ?? {}) : {};
  return (
    <div className="space-y-6">
      <section aria-labelledby="accept-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="accept-title" className="text-2xl font-bold">
          Donner votre accord
        </h2>
        <form method="post" className="mt-4 space-y-5" noValidate>
          <input type="hidden" name="intent" value="accept" />
          {options.length > 0 && (
            <fieldset aria-describedby={e.option ? "option-error" : undefined}>
              <legend className="field-label">L'option que vous choisissez</legend>
              <div className="mt-1 grid gap-2">
                {options.map((o) => (
                  <label key={o.option} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-300 has-checked:bg-teal-50 has-checked:ring-2 has-checked:ring-teal-700">
                    <input type="radio" name="option" value={o.option} defaultChecked={fields?.option === o.option} className="h-5 w-5 accent-teal-700" />
                    <span className="grow font-medium text-navy-900">{o.option}</span>
                    <span className="font-semibold tabular-nums text-teal-800">{formatDA(o.total)}</span>
                  </label>
                ))}
              </div>
              <FieldError id="option-error" text={e.option} />
            </fieldset>
          )}
          <div>
            <label htmlFor="devis-name" className="field-label">
              Nom et prénom
            </label>
            <input
              id="devis-name"
              name="name"
              autoComplete="name"
              maxLength={120}
              defaultValue={fields?.name ?? ""}
              aria-invalid={e.name ? true : undefined}
              aria-describedby={e.name ? "name-error" : undefined}
              className="field-input min-h-12"
            />
            <FieldError id="name-error" text={e.name} />
          </div>
          <div>
            <label className="flex items-start gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <input type="checkbox" name="consent" defaultChecked={fields?.consent} aria-describedby={e.consent ? "consent-error" : undefined} className="mt-0.5 h-5 w-5 accent-teal-700" />
              <span className="font-medium text-navy-900">J'accepte ce devis</span>
            </label>
            <FieldError id="consent-error" text={e.consent} />
          </div>
          {e.form && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
              {e.form}
            </p>
          )}
          <button type="submit" className="btn-primary min-h-12 w-full sm:w-auto">
            Accepter le devis
          </button>
          <p className="text-xs text-slate-500">Votre accord est enregistré avec votre nom, la date et l'heure, et l'empreinte du devis tel que vous le lisez.</p>
        </form>
      </section>
      <section aria-labelledby="refuse-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="refuse-title" className="text-xl font-bold">
          Refuser ce devis
        </h2>
        <form method="post" className="mt-3 space-y-3" noValidate>
          <input type="hidden" name="intent" value="refuse" />
          <div>
            <label htmlFor="devis-reason" className="field-label">
              Raison (facultatif)
            </label>
            <textarea id="devis-reason" name="reason" rows={3} maxLength={500} defaultValue={fields && intent === "refuse" ? fields.reason : ""} aria-describedby={r.reason ? "reason-error" : undefined} className="field-input" />
            <FieldError id="reason-error" text={r.reason} />
          </div>
          {r.form && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
              {r.form}
            </p>
          )}
          <button type="submit" className="btn-outline min-h-12">
            Refuser ce devis
          </button>
        </form>
      </section>
    </div>
  );
}
