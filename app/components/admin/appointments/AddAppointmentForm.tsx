import { AlertCircle, Plus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { SERVICES } from "~/lib/services";
import { Field, fieldA11y, randomKey } from "./Field";
import type { CreateResult } from "./types";

/**
 * The collapsible form to add an appointment by hand (a patient who called, for instance).
 * Every field is required except the tips. Errors: next to each field, and the red
 * dismissible alert 'Erreur lors de l'ajout: {message}'.
 */
export function AddAppointmentForm({ initialKey }: { initialKey: string }) {
  const [open, setOpen] = useState(false);
  const [submissionKey, setSubmissionKey] = useState(initialKey);
  const fetcher = useFetcher<CreateResult>();
  const uid = useId();
  const panelId = `${uid}-panel`;
  const saving = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const [dismissed, setDismissed] = useState<CreateResult | undefined>(undefined);
  const failure = result && !result.ok && dismissed !== result ? result : undefined;
  const fe = failure?.fieldErrors ?? {};
  const alertRef = useRef<HTMLDivElement>(null);
  const handledRef = useRef<CreateResult | undefined>(undefined);

  useEffect(() => {
    if (!result || handledRef.current === result) return;
    handledRef.current = result;
    if (result.ok) {
      toast.success("Rendez-vous ajouté.", { duration: 5000 });
      setSubmissionKey(randomKey()); // a fresh, empty form for the next one
      setOpen(false);
    } else {
      alertRef.current?.focus();
    }
  }, [result]);

  const id = (f: string) => `${uid}-${f}`;

  return (
    <section aria-label="Ajout manuel" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="p-4 sm:p-5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className={open ? "btn-ghost ring-1 ring-slate-300" : "btn-primary"}
        >
          {open ? <X aria-hidden className="h-4 w-4" /> : <Plus aria-hidden className="h-4 w-4" />}
          {open ? "Fermer le formulaire" : "Ajouter un rendez-vous manuellement"}
        </button>
      </div>

      {/* 300 ms collapse; closed content is inert so it is neither focusable nor read. */}
      <div
        id={panelId}
        inert={!open}
        className={`grid transition-[grid-template-rows] duration-300 ease-out ${open ? "grid-rows-[1fr]" : "grid-rows-[0fr]"}`}
      >
        <div className="overflow-hidden">
          <div className="border-t border-slate-100 p-4 sm:p-5">
            {failure && (
              <div
                ref={alertRef}
                tabIndex={-1}
                role="alert"
                className="mb-5 flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800 outline-none"
              >
                <AlertCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
                <p className="flex-1">Erreur lors de l'ajout: {failure.message}</p>
                <button
                  type="button"
                  onClick={() => setDismissed(result)}
                  aria-label="Fermer l'alerte"
                  className="-m-1.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full hover:bg-red-100"
                >
                  <X aria-hidden className="h-4 w-4" />
                </button>
              </div>
            )}

            <p className="mb-4 text-sm text-slate-600">
              Les champs marqués <span className="font-semibold text-red-700">*</span> sont obligatoires. Montants en DA (exemple : 15000 ou 15000,50).
            </p>

            <fetcher.Form method="post" key={submissionKey} noValidate className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              <input type="hidden" name="intent" value="create" />
              <input type="hidden" name="submission_key" value={submissionKey} />
              <Field id={id("name")} label="Nom complet" required error={fe.name}>
                <input id={id("name")} name="name" type="text" required maxLength={120} autoComplete="off" className="field-input" {...fieldA11y(id("name"), fe.name)} />
              </Field>
              <Field id={id("email")} label="Email" required error={fe.email}>
                <input id={id("email")} name="email" type="email" required maxLength={254} autoComplete="off" className="field-input" {...fieldA11y(id("email"), fe.email)} />
              </Field>
              <Field id={id("phone")} label="Téléphone" required error={fe.phone}>
                <input id={id("phone")} name="phone" type="tel" required maxLength={30} autoComplete="off" className="field-input" {...fieldA11y(id("phone"), fe.phone)} />
              </Field>
              <Field id={id("service")} label="Service" required error={fe.service}>
                <select id={id("service")} name="service" required defaultValue="" className="field-input" {...fieldA11y(id("service"), fe.service)}>
                  <option value="">Choisissez un service</option>
                  {SERVICES.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={id("date")} label="Date" required error={fe.date}>
                <input id={id("date")} name="date" type="date" required className="field-input" {...fieldA11y(id("date"), fe.date)} />
              </Field>
              <Field id={id("time")} label="Heure" required error={fe.time}>
                <input id={id("time")} name="time" type="time" required className="field-input" {...fieldA11y(id("time"), fe.time)} />
              </Field>
              <Field id={id("prixtotal")} label="Prix total (DA)" required error={fe.prixtotal}>
                <input id={id("prixtotal")} name="prixtotal" type="text" inputMode="decimal" required className="field-input" {...fieldA11y(id("prixtotal"), fe.prixtotal)} />
              </Field>
              <Field id={id("prixpay")} label="Prix payé (DA)" required error={fe.prixpay}>
                <input id={id("prixpay")} name="prixpay" type="text" inputMode="decimal" required className="field-input" {...fieldA11y(id("prixpay"), fe.prixpay)} />
              </Field>
              <Field id={id("progress")} label="Avancement" required error={fe.progress}>
                <input id={id("progress")} name="progress" type="text" required maxLength={500} className="field-input" {...fieldA11y(id("progress"), fe.progress)} />
              </Field>
              <Field id={id("tips")} label="Conseils et remarques" optional error={fe.tips} className="sm:col-span-2 xl:col-span-3">
                <textarea id={id("tips")} name="tips" rows={3} maxLength={1000} className="field-input resize-y" {...fieldA11y(id("tips"), fe.tips)} />
              </Field>
              <div className="sm:col-span-2 xl:col-span-3">
                <button type="submit" className="btn-primary" disabled={saving}>
                  <Plus aria-hidden className="h-4 w-4" />
                  {saving ? "Ajout en cours..." : "Ajouter le rendez-vous"}
                </button>
              </div>
            </fetcher.Form>
          </div>
        </div>
      </div>
    </section>
  );
}
