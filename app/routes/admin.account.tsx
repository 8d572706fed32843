import { AlertCircle, CheckCircle2, KeyRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.account";
import { changePassword, MIN_PASSWORD_LENGTH } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { endOtherSessions } from "~/.server/session";
import { getStaff } from "~/.server/staff-guard";

export const meta: Route.MetaFunction = () => [{ title: "Mon compte | Admin Dashboard" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = getStaff(context);
  return { email: staff.email, minLength: MIN_PASSWORD_LENGTH };
}

type Field = "current" | "next" | "confirm";
type Result = { ok: true } | { ok: false; fieldErrors: Partial<Record<Field, string>>; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await request.formData();
  const current = String(form.get("current") ?? "");
  const next = String(form.get("next") ?? "");
  const confirm = String(form.get("confirm") ?? "");

  const fieldErrors: Partial<Record<Field, string>> = {};
  if (!current) fieldErrors.current = "Indiquez votre mot de passe actuel.";
  if (!next) fieldErrors.next = "Indiquez le nouveau mot de passe.";
  else if (next.length < MIN_PASSWORD_LENGTH) fieldErrors.next = `Le nouveau mot de passe doit contenir au moins ${MIN_PASSWORD_LENGTH} caractères.`;
  else if (next.length > 200) fieldErrors.next = "Le nouveau mot de passe ne peut pas dépasser 200 caractères.";
  else if (next === current) fieldErrors.next = "Le nouveau mot de passe doit être différent de l'actuel.";
  if (next && confirm !== next) fieldErrors.confirm = "La confirmation ne correspond pas au nouveau mot de passe.";
  if (Object.keys(fieldErrors).length) return data<Result>({ ok: false, fieldErrors }, { status: 400 });

  try {
    const result = await changePassword(getDb(), staff.userId, current, next);
    if (!result.ok) return data<Result>({ ok: false, fieldErrors: { [result.field]: result.message } }, { status: 400 });
    // Every other session of this person ends; this one stays signed in.
    await endOtherSessions(staff.userId, staff.idHash);
    log.info({ event: "other_sessions_ended", userId: staff.userId }, "other sessions ended after a password change");
    return data<Result>({ ok: true });
  } catch (err) {
    log.error({ event: "password_change_failed", userId: staff.userId, err: err instanceof Error ? err.name : "unknown" }, "password change failed");
    return data<Result>(
      { ok: false, fieldErrors: {}, formError: "Le mot de passe n'a pas pu être modifié : la base de données n'a pas répondu. Réessayez dans un instant." },
      { status: 503 },
    );
  }
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/admin/account";
  const result = actionData as Result | undefined;
  const fe = result && !result.ok ? result.fieldErrors : {};
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
    else if (result && !result.ok) {
      const first = (["current", "next", "confirm"] as const).find((f) => result.fieldErrors[f]);
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
    }
  }, [result]);

  const input = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <div>
      <label htmlFor={`account-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`account-${name}`}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        aria-invalid={fe[name] ? true : undefined}
        aria-describedby={[fe[name] ? `account-${name}-error` : "", hint ? `account-${name}-hint` : ""].filter(Boolean).join(" ") || undefined}
        className="field-input"
      />
      {hint && (
        <p id={`account-${name}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {fe[name] && (
        <p id={`account-${name}-error`} className="field-error">
          {fe[name]}
        </p>
      )}
    </div>
  );

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

        {result?.ok && (
          <div role="status" className="mt-5 flex items-start gap-3 rounded-xl border border-green-300 bg-green-50 p-4 text-sm font-medium text-green-900">
            <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
            <p>Votre mot de passe a été modifié. Vos autres sessions ont été fermées.</p>
          </div>
        )}
        {result && !result.ok && result.formError && (
          <div role="alert" className="mt-5 flex items-start gap-3 rounded-xl border border-red-300 bg-red-50 p-4 text-sm font-medium text-red-800">
            <AlertCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
            <p>{result.formError}</p>
          </div>
        )}

        <Form method="post" ref={formRef} noValidate className="mt-6 space-y-5">
          {input("current", "Mot de passe actuel", "current-password")}
          {input("next", "Nouveau mot de passe", "new-password", `Au moins ${loaderData.minLength} caractères. Une phrase de plusieurs mots est facile à retenir et difficile à deviner.`)}
          {input("confirm", "Confirmer le nouveau mot de passe", "new-password")}
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Enregistrement..." : "Changer le mot de passe"}
          </button>
        </Form>
      </section>
    </div>
  );
}
