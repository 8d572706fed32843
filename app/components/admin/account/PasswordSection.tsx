import { getFormProps } from "@conform-to/react";
import { KeyRound } from "~/components/admin/icons";
import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { passwordChangeSchema } from "~/lib/password-change-schema";
import { Section } from "./Section";
import type { AccountResult } from "~/lib/account-view";

/** 'Changer mon mot de passe': the current one, the new one twice; the other sessions end. */
export function PasswordSection({ minLength, answer }: { minLength: number; answer?: Extract<AccountResult, { intent: "password" }> }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "password";
  const schema = useMemo(() => passwordChangeSchema(minLength), [minLength]);
  const [form, fields] = useAppForm({ id: "account-password", schema, lastResult: answer?.result });
  return (
    <Section id="mot-de-passe" icon={KeyRound} title="Changer mon mot de passe">
      <p className="mt-3 text-sm text-slate-600">
        Après le changement, vos autres sessions (sur d'autres appareils ou navigateurs) sont fermées ; celle-ci reste ouverte.
      </p>
      {answer?.ok && (
        <Alert tone="success" className="mt-5">
          <p>Votre mot de passe a été modifié. Vos autres sessions ont été fermées.</p>
        </Alert>
      )}
      <FormErrors form={form} className="mt-5" />
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="password" />
        <Field meta={fields.current} type="password" label="Mot de passe actuel" autoComplete="current-password" />
        <Field
          meta={fields.next}
          type="password"
          label="Nouveau mot de passe"
          autoComplete="new-password"
          hint={`Au moins ${minLength} caractères. Une phrase de plusieurs mots est facile à retenir et difficile à deviner.`}
        />
        <Field meta={fields.confirm} type="password" label="Confirmer le nouveau mot de passe" autoComplete="new-password" />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Enregistrement..." : "Changer le mot de passe"}
        </button>
      </Form>
    </Section>
  );
}
