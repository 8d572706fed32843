import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Lock, ShieldCheck } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { CheckboxField, Field, FormErrors, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { loginSchema } from "~/lib/login-schema";
import { loginCodeSchema, type CodeMethod } from "~/lib/two-factor-schema";
import { useClinic } from "~/hooks/use-clinic";

/** The two steps of the login page (app/routes/login.tsx): the password, then the code. */

function Shell({ icon, title, lead, children }: { icon: ReactNode; title: string; lead: string; children: ReactNode }) {
  return (
    <section className="bg-ivory py-10 sm:py-16 md:py-24">
      <div className="container-site">
        <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-xl ring-1 ring-slate-200 sm:p-8 md:p-10">
          <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-teal-50 text-teal-600">{icon}</div>
          <h1 className="mt-5 text-center text-3xl font-bold">{title}</h1>
          <p className="mt-3 text-center text-slate-600">{lead}</p>
          {children}
        </div>
      </div>
    </section>
  );
}

export function PasswordStep({ lastResult, notice }: { lastResult?: SubmissionResult<string[]>; notice?: string }) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useAppForm({ id: "login", schema: loginSchema, lastResult });
  return (
    <Shell icon={<Lock aria-hidden className="h-7 w-7" />} title="Espace de Travail" lead="Cette page de connexion est réservée aux dentistes.">
      {notice && (
        <Alert tone="info" className="mt-6" focusKey={notice}>
          <p>{notice}</p>
        </Alert>
      )}
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <Field meta={fields.email} type="email" label="Adresse e-mail" autoComplete="username" />
        <div>
          <Field meta={fields.password} type="password" label="Mot de passe" autoComplete="current-password" />
          <p className="mt-2 text-end text-sm">
            <Link to="/mot-de-passe-oublie" className="inline-block py-1.5 font-medium text-teal-700 underline-offset-2 hover:underline">
              Mot de passe oublié ?
            </Link>
          </p>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          Se connecter
        </button>
      </Form>
    </Shell>
  );
}

export function CodeStep({ method, lastResult }: { method: CodeMethod; lastResult?: SubmissionResult<string[]> }) {
  const clinicName = useClinic().name;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const totp = method === "totp";
  const [form, fields] = useAppForm({ id: `login-code-${method}`, schema: loginCodeSchema(method), lastResult });
  // a refused code is emptied, ready for the next one (the server never sends it back either)
  const codeId = fields.code.id;
  useEffect(() => {
    const input = lastResult?.error?.code ? document.getElementById(codeId) : null;
    if (input instanceof HTMLInputElement) input.value = "";
  }, [lastResult, codeId]);
  return (
    <Shell
      icon={<ShieldCheck aria-hidden className="h-7 w-7" />}
      title="Vérification en deux étapes"
      lead={
        totp
          ? `Ouvrez votre application d'authentification et saisissez le code à 6 chiffres affiché pour «\u202f${clinicName}\u202f».`
          : "Saisissez un des 10 codes de secours reçus lors de l'activation. Chaque code ne sert qu'une fois."
      }
    >
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="method" value={method} />
        {totp ? (
          <Field
            meta={fields.code}
            label="Code de vérification"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={20}
            inputClassName="field-input text-center font-mono text-2xl tracking-[0.4em]"
            placeholder="000000"
          />
        ) : (
          <Field
            meta={fields.code}
            label="Code de secours"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            maxLength={40}
            inputClassName="field-input text-center font-mono text-xl tracking-widest"
            hint="Exemple : abcde-23456"
          />
        )}
        <CheckboxField
          meta={fields.remember}
          label={
            <>
              <span className="font-medium text-navy-900">Se souvenir de cet appareil pendant 30 jours</span>
              <span className="mt-0.5 block text-slate-600">Le code ne sera plus demandé sur ce navigateur. À éviter sur un ordinateur partagé.</span>
            </>
          }
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          Vérifier
        </button>
      </Form>
      <div className="mt-6 flex flex-col items-center gap-3 border-t border-slate-200 pt-5 text-sm">
        {totp ? (
          <Link to="/login?methode=secours" className="font-medium text-teal-700 underline-offset-2 hover:underline">
            Utiliser un code de secours
          </Link>
        ) : (
          <Link to="/login" className="font-medium text-teal-700 underline-offset-2 hover:underline">
            Utiliser le code de l'application
          </Link>
        )}
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="min-h-11 px-2 text-slate-600 underline-offset-2 hover:text-navy-900 hover:underline">
            Annuler et revenir à la connexion
          </button>
        </Form>
      </div>
    </Shell>
  );
}
