import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock, ShieldCheck } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/login";
import { readForm, intentOf } from "~/.server/admin-action";
import { attemptLogin, auditLoginSuccess, retryPhrase } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { knownDeviceCookie, readKnownDevice, type KnownDevice } from "~/.server/known-device";
import { closeChallenge, currentChallenge, openChallenge } from "~/.server/login-challenge";
import { getStaff } from "~/.server/repos/staff";
import { getStaffSession, safeRedirectPath, startSession } from "~/.server/session";
import { createToastHeader } from "~/.server/toast";
import { isTrustedDevice, rememberDevice } from "~/.server/trusted-device";
import { checkSecondFactor, CODE_INCORRECT, RECOVERY_CODE_INCORRECT } from "~/.server/two-factor";
import { CheckboxField, Field, FormErrors, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { loginSchema } from "~/lib/login-schema";
import { CONTENT_PAGE } from "~/lib/page-handle";
import { seo } from "~/lib/seo";
import { loginCodeSchema, type CodeMethod } from "~/lib/two-factor-schema";

/** One message for every refused login: it never tells whether the address has an account. */
const LOGIN_REFUSED = "Incorrect password. Please try again.";
const CHALLENGE_EXPIRED = "La vérification a expiré (5 minutes). Saisissez de nouveau votre adresse e-mail et votre mot de passe.";
/** Below this many recovery codes left, the next page says to make new ones. */
const FEW_RECOVERY_CODES = 3;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Espace de Travail — connexion",
    description: "Connexion à l'espace de travail réservé aux dentistes de la clinique.",
    path: "/login",
    noindex: true,
  });

/** Not hydrated (decision 016): both steps are forms posted by the browser, answered by the server. */
export const handle = CONTENT_PAGE;

/**
 * The login page (docs/product.md, "Staff: account and login" and "Staff: two-factor sign-in"):
 * the password, then — for an account with two-factor sign-in, on a browser that is not one of
 * its trusted devices — the code step, held by a 5-minute challenge (no session before the code).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getStaffSession(request);
  const url = new URL(request.url);
  if (session) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  const challenge = await currentChallenge(getDb(), request);
  if (challenge) return { step: "code" as const, method: (url.searchParams.get("methode") === "secours" ? "recovery" : "totp") as CodeMethod };
  return { step: "password" as const, method: "totp" as CodeMethod };
}

type LoginAnswer = { form: "password" | "code"; result: SubmissionResult<string[]>; notice?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const ip = context.get(requestInfo).clientIp;
  switch (intentOf(form)) {
    case "code":
      return codeStep(request, form, ip);
    case "cancel":
      throw redirect("/login", { headers: { "Set-Cookie": await closeChallenge(getDb(), request) } });
    default:
      return passwordStep(request, form, ip);
  }
}

/** Step one: the e-mail and the password (throttled, same refusal whatever the reason). */
async function passwordStep(request: Request, form: FormData, ip: string) {
  const submission = parseWithZod(form, { schema: loginSchema });
  // The password is never sent back into the page.
  const hideFields = ["password"];
  const answer = (result: SubmissionResult<string[]>, init?: ResponseInit) => data<LoginAnswer>({ form: "password", result }, init);
  if (submission.status !== "success") return answer(submission.reply({ hideFields }), { status: 400 });

  const { email, password, redirectTo } = submission.value;
  const h = getDb();
  const device = await readKnownDevice(request);
  const result = await attemptLogin(h, email, password, ip, device);
  if (!result.ok) {
    if (result.reason === "throttled") {
      const message = `Trop de tentatives de connexion. ${retryPhrase(result.retryAfterSeconds)}`;
      return answer(submission.reply({ formErrors: [message], hideFields }), { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
    }
    return answer(submission.reply({ formErrors: [LOGIN_REFUSED], hideFields }), { status: 401 });
  }
  const user = result.user;
  const to = safeRedirectPath(redirectTo);
  if (user.totp_enabled_at !== null) {
    if (!(await isTrustedDevice(h, request, user.id))) {
      // no session yet: the code step, held by a challenge
      throw redirect("/login", { headers: { "Set-Cookie": await openChallenge(h, request, user.id, to) } });
    }
    return signIn(request, user, ip, device, to, { how: "appareil de confiance" });
  }
  return signIn(request, user, ip, device, to, { how: "sans double authentification" });
}

/** Step two: the code of the app, or a recovery code. */
async function codeStep(request: Request, form: FormData, ip: string) {
  const method: CodeMethod = form.get("method") === "recovery" ? "recovery" : "totp";
  const submission = parseWithZod(form, { schema: loginCodeSchema(method) });
  const hideFields = ["code"];
  const answer = (result: SubmissionResult<string[]>, init?: ResponseInit) => data<LoginAnswer>({ form: "code", result }, init);
  const h = getDb();
  const challenge = await currentChallenge(h, request);
  const user = challenge ? await getStaff(h, challenge.user_id) : undefined;
  if (!challenge || !user || user.disabled_at !== null) {
    const headers = { "Set-Cookie": await closeChallenge(h, request) };
    return data<LoginAnswer>({ form: "password", result: { status: "error" }, notice: CHALLENGE_EXPIRED }, { status: 400, headers });
  }
  if (submission.status !== "success") return answer(submission.reply({ hideFields }), { status: 400 });

  const check = await checkSecondFactor(h, { userId: user.id, email: user.email, ip }, method, submission.value.code, "connexion");
  if (!check.ok) {
    if (check.reason === "throttled") {
      const message = `Trop de tentatives avec un code incorrect. ${retryPhrase(check.retryAfterSeconds)}`;
      return answer(submission.reply({ formErrors: [message], hideFields }), { status: 429, headers: { "Retry-After": String(check.retryAfterSeconds) } });
    }
    const message = method === "totp" ? CODE_INCORRECT : RECOVERY_CODE_INCORRECT;
    return answer(submission.reply({ fieldErrors: { code: [message] }, hideFields }), { status: 401 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await closeChallenge(h, request));
  if (submission.value.remember) headers.append("Set-Cookie", await rememberDevice(h, request, user.id));
  const left = check.recoveryCodesLeft;
  if (left !== undefined && left <= FEW_RECOVERY_CODES) {
    const description =
      left === 0
        ? "Vous avez utilisé votre dernier code de secours : générez-en de nouveaux dans Mon compte."
        : `Il vous reste ${left} code${left > 1 ? "s" : ""} de secours : générez-en de nouveaux dans Mon compte.`;
    headers.append("Set-Cookie", await createToastHeader(request, { type: "message", description, duration: 10_000 }));
  }
  const device = await readKnownDevice(request);
  return signIn(request, user, ip, device, safeRedirectPath(challenge.redirect_to), { how: method === "totp" ? "code de l'application" : "code de secours", headers });
}

/** The sign-in is complete: a new session, the known-device cookie, the audit entry. */
async function signIn(request: Request, user: { id: number; email: string }, ip: string, device: KnownDevice | null, to: string, opts: { how: string; headers?: Headers }): Promise<never> {
  const h = getDb();
  const headers = opts.headers ?? new Headers();
  headers.append("Set-Cookie", await startSession(request, user.id, h, ip));
  headers.append("Set-Cookie", await knownDeviceCookie(request, user.id, device));
  await auditLoginSuccess(h, user, ip, opts.how);
  throw redirect(to, { headers });
}

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

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.step === "code") return <CodeStep method={loaderData.method} lastResult={actionData?.form === "code" ? actionData.result : undefined} />;
  return <PasswordStep lastResult={actionData?.form === "password" ? actionData.result : undefined} notice={actionData?.notice} />;
}

function PasswordStep({ lastResult, notice }: { lastResult?: SubmissionResult<string[]>; notice?: string }) {
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
          <p className="mt-2 text-right text-sm">
            <Link to="/mot-de-passe-oublie" className="inline-block py-1.5 font-medium text-teal-700 underline-offset-2 hover:underline">
              Mot de passe oublié ?
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

function CodeStep({ method, lastResult }: { method: CodeMethod; lastResult?: SubmissionResult<string[]> }) {
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
          ? "Ouvrez votre application d'authentification et saisissez le code à 6 chiffres affiché pour « Clinique dentaire Kouba »."
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
            hint="Exemple : abcde-23456"
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
