import { getFormProps } from "@conform-to/react";
import { ShieldCheck, ShieldOff } from "~/components/admin/icons";
import { Form, useNavigation } from "react-router";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { formatLongDate } from "~/lib/format";
import { currentCodeSchema, setupCodeSchema } from "~/lib/two-factor-schema";
import { RecoveryCodes } from "./RecoveryCodes";
import { Section } from "./Section";
import type { AccountResult, AccountView } from "~/lib/account-view";

type CodeAnswer = Extract<AccountResult, { intent: "2fa-confirm" | "2fa-manage" }>;

const SECONDARY =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-60";
const DANGER =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 text-sm font-semibold text-red-700 ring-1 ring-inset ring-red-300 hover:bg-red-50 disabled:opacity-60";

/**
 * 'Double authentification' (docs/product.md, "Staff: two-factor sign-in"): the set-up (QR code,
 * the secret as text, a first code), the ten recovery codes shown once, and — once on — new
 * recovery codes, a new phone, or turning it off (refused when it is required), each after a
 * current code.
 */
export function TwoFactorSection({ view, answer }: { view: AccountView; answer?: CodeAnswer }) {
  const tf = view.twoFactor;
  const codes = answer?.ok ? answer.recoveryCodes : undefined;
  return (
    <Section
      id="double-authentification"
      icon={ShieldCheck}
      title="Double authentification"
      aside={
        tf.enabled ? (
          <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">Activée</span>
        ) : (
          <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700">Non activée</span>
        )
      }
    >
      <p className="mt-3 text-sm text-slate-600">
        À la connexion, après le mot de passe, un code à 6 chiffres affiché par une application de votre téléphone est demandé. Quelqu'un qui connaîtrait votre
        mot de passe ne peut donc pas entrer sans votre téléphone.
      </p>
      {codes && <RecoveryCodes codes={codes} email={view.email} renewed={answer?.intent === "2fa-manage"} />}
      {!codes && tf.pending && <SetupSteps pending={tf.pending} answer={answer?.intent === "2fa-confirm" ? answer : undefined} />}
      {!codes && !tf.pending && !tf.enabled && <StartSetup required={tf.required} />}
      {!codes && tf.enabled && <Manage view={view} answer={answer?.intent === "2fa-manage" ? answer : undefined} />}
    </Section>
  );
}

function StartSetup({ required }: { required: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "2fa-start";
  return (
    <Form method="post" className="mt-5">
      <input type="hidden" name="intent" value="2fa-start" />
      {!required && <p className="mb-4 text-sm text-slate-600">Recommandée pour tous : elle protège les dossiers des patients.</p>}
      <button type="submit" className="btn-primary" disabled={busy}>
        Activer la double authentification
      </button>
    </Form>
  );
}

function SetupSteps({ pending, answer }: { pending: NonNullable<AccountView["twoFactor"]["pending"]>; answer?: CodeAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "2fa-confirm";
  const [form, fields] = useAppForm({ id: "account-2fa-confirm", schema: setupCodeSchema, lastResult: answer?.result });
  return (
    <ol className="mt-6 space-y-6">
      <li className="flex gap-3">
        <Step n={1} />
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">Installez une application d'authentification sur votre téléphone</p>
          <p className="mt-1 text-sm text-slate-600">Par exemple Google Authenticator, Microsoft Authenticator ou FreeOTP (gratuites).</p>
        </div>
      </li>
      <li className="flex gap-3">
        <Step n={2} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-navy-900">Dans l'application, ajoutez un compte en scannant ce QR code</p>
          <img src={pending.qr} alt="QR code à scanner avec l'application d'authentification" width={192} height={192} className="mt-3 h-48 w-48 rounded-lg bg-white p-1 ring-1 ring-slate-200" />
          <p id="totp-secret-label" className="mt-4 text-sm text-slate-600">
            Impossible de scanner ? Choisissez « saisir une clé » dans l'application et tapez cette clé :
          </p>
          <code aria-labelledby="totp-secret-label" className="mt-2 block break-words rounded-lg bg-slate-100 px-3 py-2 font-mono text-base font-semibold tracking-wider text-navy-900 select-all">
            {pending.secret}
          </code>
        </div>
      </li>
      <li className="flex gap-3">
        <Step n={3} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-navy-900">Saisissez le code à 6 chiffres que l'application affiche</p>
          <FormErrors form={form} className="mt-3" />
          <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="2fa-confirm" />
            <Field meta={fields.code} label="Code de vérification" inputMode="numeric" autoComplete="one-time-code" maxLength={20} inputClassName="field-input max-w-48 font-mono text-lg tracking-[0.3em]" />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={busy}>
                Confirmer et activer
              </button>
            </div>
          </Form>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="2fa-cancel" />
            <button type="submit" className="min-h-11 text-sm text-slate-600 underline-offset-2 hover:text-navy-900 hover:underline">
              Annuler la configuration
            </button>
          </Form>
        </div>
      </li>
    </ol>
  );
}

function Step({ n }: { n: number }) {
  return (
    <span aria-hidden className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-navy-900 text-sm font-bold text-white">
      {n}
    </span>
  );
}

function Manage({ view, answer }: { view: AccountView; answer?: CodeAnswer }) {
  const tf = view.twoFactor;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const [form, fields] = useAppForm({ id: "account-2fa-manage", schema: currentCodeSchema, lastResult: answer?.result });
  const left = tf.recoveryCodesLeft;
  return (
    <div className="mt-5 space-y-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <dt className="text-slate-600">Activée depuis le</dt>
          <dd className="mt-0.5 font-semibold text-navy-900">{formatLongDate(tf.enabledAt)}</dd>
        </div>
        <div className={`rounded-lg p-3 ring-1 ${left <= 3 ? "bg-amber-50 ring-amber-200" : "bg-slate-50 ring-slate-200"}`}>
          <dt className="text-slate-600">Codes de secours restants</dt>
          <dd className="mt-0.5 font-semibold text-navy-900">
            {left} sur 10{left <= 3 && " — pensez à en générer de nouveaux"}
          </dd>
        </div>
      </dl>
      <div className="rounded-xl border border-slate-200 p-4 sm:p-5">
        <h3 className="font-sans text-base font-semibold text-navy-900">Modifier la double authentification</h3>
        <p className="mt-1 text-sm text-slate-600">Saisissez d'abord le code actuel de votre application (ou un code de secours), puis choisissez.</p>
        <FormErrors form={form} className="mt-3" />
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <Field meta={fields.code} label="Code actuel" autoComplete="one-time-code" maxLength={40} inputClassName="field-input max-w-60 font-mono text-lg tracking-widest" hint="6 chiffres, ou un code de secours comme abcde-23456." />
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <button type="submit" name="intent" value="2fa-renew" className={SECONDARY} disabled={Boolean(pendingIntent)}>
              Générer de nouveaux codes de secours
            </button>
            <button type="submit" name="intent" value="2fa-restart" className={SECONDARY} disabled={Boolean(pendingIntent)}>
              Changer de téléphone
            </button>
            {!tf.required && (
              <button type="submit" name="intent" value="2fa-disable" className={DANGER} disabled={Boolean(pendingIntent)}>
                <ShieldOff aria-hidden className="h-4 w-4" />
                Désactiver
              </button>
            )}
          </div>
        </Form>
        {tf.required && (
          <p className="mt-4 text-sm text-slate-600">La double authentification est obligatoire pour votre compte : elle ne peut pas être désactivée.</p>
        )}
      </div>
    </div>
  );
}
