import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound } from "lucide-react";
import { useMemo } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin.account";
import { changePassword, MIN_PASSWORD_LENGTH } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { endOtherSessions } from "~/.server/session";
import { getStaff } from "~/.server/staff-guard";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG } from "~/lib/login-schema";

export const meta: Route.MetaFunction = () => [{ title: "Mon compte | Admin Dashboard" }, { name: "robots", content: "noindex, nofollow" }];

const PASSWORD_MAX = 200;
const STORAGE_FAILURE = "Le mot de passe n'a pas pu être modifié : la base de données n'a pas répondu. Réessayez dans un instant.";

/**
 * The password change (docs/product.md, "Staff: account and login"). The minimum length comes
 * from the server (MIN_PASSWORD_LENGTH, through the loader in the browser), so both sides judge
 * alike. The two cross-field rules run even when another field is wrong, so every message shows
 * at once.
 */
function passwordChangeSchema(minLength: number) {
  return z
    .object({
      current: z.string({ error: "Indiquez votre mot de passe actuel." }).max(PASSWORD_MAX_LENGTH, { error: PASSWORD_TOO_LONG }),
      next: z
        .string({ error: "Indiquez le nouveau mot de passe." })
        .min(minLength, { error: `Le nouveau mot de passe doit contenir au moins ${minLength} caractères.` })
        .max(PASSWORD_MAX, { error: `Le nouveau mot de passe ne peut pas dépasser ${PASSWORD_MAX} caractères.` }),
      confirm: z.string().optional(),
    })
    .superRefine(
      (v, ctx) => {
        const next = typeof v.next === "string" ? v.next : "";
        const nextValid = next.length >= minLength && next.length <= PASSWORD_MAX;
        if (nextValid && next === v.current) {
          ctx.addIssue({ code: "custom", path: ["next"], message: "Le nouveau mot de passe doit être différent de l'actuel." });
        }
        if (next && v.confirm !== next) {
          ctx.addIssue({ code: "custom", path: ["confirm"], message: "La confirmation ne correspond pas au nouveau mot de passe." });
        }
      },
      { when: () => true },
    );
}

export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  return { email: staff.email, minLength: MIN_PASSWORD_LENGTH };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const submission = parseWithZod(await request.formData(), { schema: passwordChangeSchema(MIN_PASSWORD_LENGTH) });
  // No password is ever sent back into the page.
  const hideFields = ["current", "next", "confirm"];
  if (submission.status !== "success") return data({ ok: false, result: submission.reply({ hideFields }) }, { status: 400 });

  const { current, next } = submission.value;
  try {
    const changed = await changePassword(getDb(), staff.userId, current, next);
    if (!changed.ok && changed.field === null) {
      const init = { status: 429, headers: { "Retry-After": String(changed.retryAfterSeconds) } };
      return data({ ok: false, result: submission.reply({ formErrors: [changed.message], hideFields }) }, init);
    }
    if (!changed.ok) return data({ ok: false, result: submission.reply({ fieldErrors: { [changed.field]: [changed.message] }, hideFields }) }, { status: 400 });
    // Every other session of this person ends; this one stays signed in.
    await endOtherSessions(staff.userId, staff.idHash);
    log.info({ event: "other_sessions_ended", userId: staff.userId }, "other sessions ended after a password change");
    return data({ ok: true, result: submission.reply({ resetForm: true }) });
  } catch (err) {
    log.error({ event: "password_change_failed", userId: staff.userId, err: err instanceof Error ? err.name : "unknown" }, "password change failed");
    return data({ ok: false, result: submission.reply({ formErrors: [STORAGE_FAILURE], hideFields }) }, { status: 503 });
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/admin/account";
  const schema = useMemo(() => passwordChangeSchema(loaderData.minLength), [loaderData.minLength]);
  const [form, fields] = useAppForm({ id: "account-password", schema, lastResult: actionData?.result });

  return (
    <div className="mx-auto max-w-xl">
      <h1 className="text-3xl font-bold md:text-4xl">Mon compte</h1>
      <p className="mt-2 text-slate-600">
        Connecté avec l'adresse <span className="font-semibold text-navy-900">{loaderData.email}</span>.
      </p>

      <section className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8" aria-labelledby="password-title">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-teal-50 text-teal-600">
            <KeyRound aria-hidden className="h-5 w-5" />
          </span>
          <h2 id="password-title" className="font-sans text-xl font-semibold">
            Changer mon mot de passe
          </h2>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          Après le changement, vos autres sessions (sur d'autres appareils ou navigateurs) sont fermées ; celle-ci reste ouverte.
        </p>

        {actionData?.ok && (
          <Alert tone="success" className="mt-5">
            <p>Votre mot de passe a été modifié. Vos autres sessions ont été fermées.</p>
          </Alert>
        )}
        <FormErrors form={form} className="mt-5" />

        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
          <Field meta={fields.current} type="password" label="Mot de passe actuel" autoComplete="current-password" />
          <Field
            meta={fields.next}
            type="password"
            label="Nouveau mot de passe"
            autoComplete="new-password"
            hint={`Au moins ${loaderData.minLength} caractères. Une phrase de plusieurs mots est facile à retenir et difficile à deviner.`}
          />
          <Field meta={fields.confirm} type="password" label="Confirmer le nouveau mot de passe" autoComplete="new-password" />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Enregistrement..." : "Changer le mot de passe"}
          </button>
        </Form>
      </section>
    </div>
  );
}
