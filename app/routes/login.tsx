import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
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
import { CodeStep, PasswordStep } from "~/components/login/LoginSteps";
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
export async function loader({ request, url }: Route.LoaderArgs) {
  const session = await getStaffSession(request);
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
        ? "Vous avez utilisé votre dernier code de secours : générez-en de nouveaux dans Mon compte."
        : `Il vous reste ${left} code${left > 1 ? "s" : ""} de secours : générez-en de nouveaux dans Mon compte.`;
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

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.step === "code") return <CodeStep method={loaderData.method} lastResult={actionData?.form === "code" ? actionData.result : undefined} />;
  return <PasswordStep lastResult={actionData?.form === "password" ? actionData.result : undefined} notice={actionData?.notice} />;
}
