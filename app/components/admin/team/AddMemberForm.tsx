import { getFormProps } from "@conform-to/react";
import { ChevronDown, UserPlus } from "~/components/admin/icons";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors, SelectField, useAppForm } from "~/components/forms";
import { ROLE_OPTIONS, RoleHelp } from "./RoleHelp";
import { createMemberSchema, type TeamActionResult } from "~/lib/team-schema";

const FIX = "Corrigez les champs signalés : le compte n'a pas été créé.";

/**
 * 'Ajouter un membre': name, address and role. The server makes a one-time password, shown once
 * on the answer, to change at the first sign-in. Closed until opened (works without JavaScript:
 * a native disclosure); open again when the server refused the form.
 */
export function AddMemberForm({ actionData }: { actionData?: TeamActionResult }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  const answer = actionData?.intent === "create" ? actionData : undefined;
  const refused = answer && !answer.oneTime ? answer.result : undefined;
  const [form, fields] = useAppForm({ id: "team-create", schema: createMemberSchema, lastResult: answer?.result, defaultValue: { role: "assistant" } });
  const [role, setRole] = useState(String(fields.role.initialValue ?? "assistant"));

  return (
    <details key={answer?.oneTime?.id ?? "add"} id="ajouter" open={Boolean(refused)} className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <summary className="flex min-h-14 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 font-semibold text-navy-900 hover:bg-slate-50 sm:px-6 [&::-webkit-details-marker]:hidden">
        <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-full bg-teal-600 text-white">
          <UserPlus className="h-4 w-4" />
        </span>
        <span>Ajouter un membre</span>
        <ChevronDown aria-hidden className="ml-auto h-5 w-5 text-slate-500 transition group-open:rotate-180" />
      </summary>
      <Form method="post" {...getFormProps(form)} className="border-t border-slate-100 p-4 sm:p-6">
        <input type="hidden" name="intent" value="create" />
        <p className="max-w-3xl text-sm text-slate-600">
          Un mot de passe à usage unique est créé et affiché une seule fois : vous le communiquez au nouveau membre, qui le remplace par le sien à sa première
          connexion.
        </p>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <Field meta={fields.name} label="Nom" required autoComplete="off" maxLength={120} hint="Exemple : Dr Karim Mansouri, Samira (accueil)." />
          <Field meta={fields.email} type="email" label="Adresse e-mail" required autoComplete="off" maxLength={254} hint="Elle sert d'identifiant de connexion." />
        </div>
        <div className="mt-4 max-w-3xl">
          <SelectField meta={fields.role} label="Rôle" required options={ROLE_OPTIONS} selectClassName="field-input sm:max-w-xs" onChange={(e) => setRole(e.currentTarget.value)} />
          <RoleHelp id="team-create-roles" chosen={role} />
        </div>
        <FormErrors form={form} fixMessage={FIX} className="mt-4" />
        <button type="submit" className="btn-primary mt-5 w-full sm:w-auto" disabled={busy}>
          <UserPlus aria-hidden className="h-4 w-4" />
          {busy ? "Création..." : "Créer le compte"}
        </button>
      </Form>
    </details>
  );
}
