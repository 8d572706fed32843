import { getFormProps } from "@conform-to/react";
import { SlidersHorizontal } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { CheckboxField, Field, FormErrors, useAppForm } from "~/components/forms";
import { RETENTION_LIMITS, type TeamActionResult, teamSettingsSchema } from "~/lib/team-schema";
import type { TeamSettings } from "./types";

const FIX = "Corrigez le champ signalé : les réglages n'ont pas été enregistrés.";

/**
 * 'Réglages de l'équipe' (team_settings): two-factor sign-in for every account (administrators
 * always need it), price edits by assistants, and how long the audit log keeps its entries.
 */
export function TeamSettingsForm({ settings, actionData }: { settings: TeamSettings; actionData?: TeamActionResult }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "settings";
  const [form, fields] = useAppForm({
    id: "team-settings",
    schema: teamSettingsSchema,
    lastResult: actionData?.intent === "settings" ? actionData.result : undefined,
    defaultValue: {
      require2faAll: settings.require2faAll ? "on" : undefined,
      assistantCanEditPrices: settings.assistantCanEditPrices ? "on" : undefined,
      auditRetentionMonths: String(settings.auditRetentionMonths),
    },
  });
  return (
    <section id="reglages" aria-labelledby="reglages-title" className="scroll-mt-4 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex items-start gap-3 border-b border-slate-100 p-4 sm:p-6">
        <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-teal-50 text-teal-600 ring-1 ring-teal-100">
          <SlidersHorizontal className="h-5 w-5" />
        </span>
        <div>
          <h2 id="reglages-title" className="font-sans text-lg font-semibold text-navy-900 sm:text-xl">
            Réglages de l'équipe
          </h2>
          <p className="mt-1 text-sm text-slate-600">Ils valent pour tous les comptes ; chaque modification est notée dans le journal.</p>
        </div>
      </header>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-4 sm:p-6">
        <input type="hidden" name="intent" value="settings" />
        <div className="grid gap-4 lg:grid-cols-2">
          <CheckboxField
            meta={fields.require2faAll}
            label={
              <>
                <span className="font-semibold text-navy-900">Double authentification obligatoire pour tous les comptes</span>
                <span className="mt-0.5 block text-slate-600">
                  Les administrateurs l'utilisent toujours. Coché : chaque membre la configure à sa prochaine connexion avant d'ouvrir les autres pages.
                </span>
              </>
            }
          />
          <CheckboxField
            meta={fields.assistantCanEditPrices}
            label={
              <>
                <span className="font-semibold text-navy-900">Les assistant(e)s peuvent modifier les prix</span>
                <span className="mt-0.5 block text-slate-600">
                  Coché : ils saisissent le prix et le montant payé d'un rendez-vous. Sinon, ils les voient sans pouvoir les changer.
                </span>
              </>
            }
          />
        </div>
        <div className="max-w-md">
          <Field
            meta={fields.auditRetentionMonths}
            type="number"
            label="Durée de conservation du journal d'audit (mois)"
            min={RETENTION_LIMITS.min}
            max={RETENTION_LIMITS.max}
            step={1}
            inputMode="numeric"
            inputClassName="field-input max-w-40 tabular-nums"
            hint={`De ${RETENTION_LIMITS.min} à ${RETENTION_LIMITS.max} mois (24 par défaut). Les entrées plus anciennes sont effacées automatiquement ; aucune ne peut l'être avant.`}
          />
        </div>
        <FormErrors form={form} fixMessage={FIX} className="" />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? "Enregistrement..." : "Enregistrer les réglages"}
        </button>
      </Form>
    </section>
  );
}
