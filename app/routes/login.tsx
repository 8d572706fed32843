import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Lock } from "lucide-react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/login";
import { attemptLogin, retryPhrase } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { knownDeviceCookie, readKnownDevice } from "~/.server/known-device";
import { getStaffSession, safeRedirectPath, startSession } from "~/.server/session";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { loginSchema } from "~/lib/login-schema";
import { seo } from "~/lib/seo";

/** One message for every refused login: it never tells whether the address has an account. */
const LOGIN_REFUSED = "Incorrect password. Please try again.";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Espace de Travail — connexion",
    description: "Connexion à l'espace de travail réservé aux dentistes de la clinique.",
    path: "/login",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getStaffSession(request);
  if (session) {
    const to = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
    throw redirect(to);
  }
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  // The password is never sent back into the page.
  const hideFields = ["password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });

  const { email, password, redirectTo } = submission.value;
  const device = await readKnownDevice(request);
  const result = await attemptLogin(getDb(), email, password, context.get(requestInfo).clientIp, device);
  if (!result.ok) {
    if (result.reason === "throttled") {
      const message = `Trop de tentatives de connexion. ${retryPhrase(result.retryAfterSeconds)}`;
      return data(submission.reply({ formErrors: [message], hideFields }), { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
    }
    return data(submission.reply({ formErrors: [LOGIN_REFUSED], hideFields }), { status: 401 });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, result.user.id));
  headers.append("Set-Cookie", await knownDeviceCookie(request, result.user.id, device));
  throw redirect(safeRedirectPath(redirectTo), { headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useAppForm({ id: "login", schema: loginSchema, lastResult: actionData });
  return (
    <section className="bg-ivory py-16 md:py-24">
      <div className="container-site">
        <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200 md:p-10">
          <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-teal-50 text-teal-600">
            <Lock aria-hidden className="h-7 w-7" />
          </div>
          <h1 className="mt-5 text-center text-3xl font-bold">Espace de Travail</h1>
          <p className="mt-3 text-center text-slate-600">Cette page de connexion est réservée aux dentistes.</p>
          <FormErrors form={form} />
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
            <Field meta={fields.email} type="email" label="Adresse e-mail" autoComplete="username" />
            <Field meta={fields.password} type="password" label="Mot de passe" autoComplete="current-password" />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              Se connecter
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}
