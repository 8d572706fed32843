import { getFormProps } from "@conform-to/react";
import { Plus, X } from "~/components/admin/icons";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { useCan } from "~/components/admin/permissions";
import { useToast } from "~/components/toaster";
import { Alert } from "~/components/ui/Alert";
import { Field, SelectField, TextareaField, useAppForm } from "~/components/forms";
import { adminCreateSchemaFor, type adminCreateSchema } from "~/lib/appointment-schema";
import { AlternativeTimes, ForcedBox } from "~/components/admin/front-desk/SlotFields";
import { SERVICES } from "~/lib/services";
import type { CreateResult } from "./types";

const FIX_MESSAGE = "certains champs sont à corriger (voir les messages sous les champs).";
const SLOT_MESSAGE = "cet horaire n'est pas disponible (voir sous « Heure » et les horaires libres proposés).";

/**
 * The collapsible form to add an appointment by hand (a patient who called, for instance).
 * Every field is required except the e-mail (a booking taken by phone) and the tips. The slot
 * follows the schedule's rules, unless 'Forcer (hors horaires)' is ticked; a refused slot is
 * said beside 'Heure' with the nearest free times, one tap to take one. Errors: next to each
 * field, and the red dismissible alert 'Erreur lors de l'ajout: {message}'. After a success:
 * the toast, and the form closes, emptied; the list (re-read) shows the new appointment first.
 * Without `appointment:price` the prices are not asked (stored "Non renseigné", for a dentist or
 * an administrator to fill in).
 */
export function AddAppointmentForm({ submissionKey }: { submissionKey: string }) {
  const [open, setOpen] = useState(false);
  // the form is drawn at the first opening (not in the list's page: the button needs JavaScript;
  // nor its form's state, made for every page of the list otherwise: issue 33), then kept while
  // closed, with what was typed in it
  const [drawn, setDrawn] = useState(false);
  const panelId = `${useId()}-panel`;
  return (
    <section aria-label="Ajout manuel">
      <div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setDrawn(true);
            setOpen((o) => !o);
          }}
          className={open ? "btn-ghost ring-1 ring-slate-300" : "btn-primary w-full px-5 sm:w-auto"}
        >
          {open ? <X aria-hidden className="h-4 w-4" /> : <Plus aria-hidden className="h-4 w-4" />}
          {open ? "Fermer le formulaire" : "Ajouter un rendez-vous manuellement"}
        </button>
      </div>

      {/*
        Opens in 300 ms (fade and slide in place). The panel takes its full height at once, so
        nothing below it moves under the pointer while it opens; closed, it is not shown.
      */}
      <div id={panelId} hidden={!open} className="transition duration-300 ease-out starting:-translate-y-1 starting:opacity-0">
        {drawn && <AddAppointmentPanel submissionKey={submissionKey} onAdded={() => setOpen(false)} />}
      </div>
    </section>
  );
}

/** The form itself, with its state: once drawn, kept (and what was typed in it) while the panel is closed. */
function AddAppointmentPanel({ submissionKey, onAdded }: { submissionKey: string; onAdded: () => void }) {
  const [alertClosed, setAlertClosed] = useState(false);
  const fetcher = useFetcher<CreateResult>();
  const saving = fetcher.state !== "idle";
  const canPrice = useCan("appointment:price");
  const [form, fields] = useAppForm({
    id: "add-appointment",
    // typed as the form with prices: without `appointment:price` its price fields are simply not rendered
    schema: adminCreateSchemaFor(canPrice) as typeof adminCreateSchema,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
  });
  useToast(fetcher.data?.toast);

  // each successful add closes the form (its reply has emptied it)
  useEffect(() => {
    if (fetcher.data?.ok) onAdded();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on each reply only
  }, [fetcher.data]);

  // the action's own error (the database did not answer), else "fix the fields" while some are wrong
  const hasFieldErrors = Object.entries(form.allErrors).some(([name, errors]) => name !== form.name && errors.length > 0);
  // the slot refused by the schedule (the reason is beside 'Heure'), while 'Heure' still shows it
  const slotRefused = fetcher.state === "idle" && fetcher.data?.alternatives !== undefined && Boolean(fields.time.errors?.length);
  const onlyTime = Object.entries(form.allErrors).every(([name, errors]) => name === fields.time.name || errors.length === 0);
  const failure = form.errors?.[0] ?? (slotRefused && onlyTime ? SLOT_MESSAGE : hasFieldErrors ? FIX_MESSAGE : undefined);
  // the nearest free times of the refused slot, one tap to take one
  const alternatives = slotRefused ? (fetcher.data?.alternatives ?? []) : [];

  return (
    <div className="mt-3 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="p-4 sm:p-5">
        {failure && !alertClosed && (
          <Alert
            tone="error"
            className="mb-5"
            id={form.errorId}
            focusKey={form.errors?.[0] && !hasFieldErrors ? fetcher.data : undefined}
            onClose={() => setAlertClosed(true)}
            closeLabel="Fermer l'alerte"
          >
            <p>Erreur lors de l'ajout: {failure}</p>
          </Alert>
        )}

        <p className="mb-4 text-sm text-slate-600">
          Les champs marqués <span className="font-semibold text-red-700">*</span> sont obligatoires.{" "}
          {canPrice ? "Montants en DA (exemple : 15000 ou 15000,50)." : "Les prix sont renseignés ensuite par un dentiste ou un administrateur."}
        </p>

        <fetcher.Form
          method="post"
          {...getFormProps(form)}
          onSubmit={(e) => {
            setAlertClosed(false); // each try shows its own alert again
            form.onSubmit(e);
          }}
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          <input type="hidden" name="intent" value="create" />
          {/* a new key after each success (the list is re-read): a form sent twice stores one row */}
          <input type="hidden" name="submission_key" value={submissionKey} />
          <Field meta={fields.name} label="Nom complet" required autoComplete="off" />
          <Field meta={fields.email} type="email" label="Email" optional autoComplete="off" maxLength={254} />
          <Field meta={fields.phone} type="tel" label="Téléphone" required autoComplete="off" />
          <SelectField meta={fields.service} label="Service" required placeholder="Choisissez un service" options={SERVICES} />
          <Field meta={fields.date} type="date" label="Date" required />
          <div>
            <Field meta={fields.time} type="time" label="Heure" required />
            <AlternativeTimes
              alternatives={alternatives}
              onPick={(a) => {
                form.update({ name: fields.date.name, value: a.date });
                form.update({ name: fields.time.name, value: a.time, validated: false });
              }}
            />
          </div>
          {canPrice && (
            <>
              <Field meta={fields.prixtotal} label="Prix total (DA)" required inputMode="decimal" />
              <Field meta={fields.prixpay} label="Prix payé (DA)" required inputMode="decimal" />
            </>
          )}
          <Field meta={fields.progress} label="Avancement" required />
          <TextareaField meta={fields.tips} label="Conseils et remarques" optional rows={3} className="sm:col-span-2 xl:col-span-3" />
          <ForcedBox key={fields.forced.key} id={fields.forced.id} name={fields.forced.name} defaultChecked={fields.forced.initialValue === "on"} className="sm:col-span-2 xl:col-span-3" />
          <div className="sm:col-span-2 xl:col-span-3">
            <button type="submit" className="btn-primary" disabled={saving}>
              <Plus aria-hidden className="h-4 w-4" />
              {saving ? "Ajout en cours..." : "Ajouter le rendez-vous"}
            </button>
          </div>
        </fetcher.Form>
      </div>
    </div>
  );
}
