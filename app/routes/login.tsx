import { Lock } from "lucide-react";
import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { requestInfo } from "~/context";
import type { Route } from "./+types/login";
import { attemptLogin } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { getStaffSession, safeRedirectPath, startSession } from "~/.server/session";
import { seo } from "~/lib/seo";

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
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const redirectTo = safeRedirectPath(String(form.get("redirectTo") ?? ""));
  if (!email || !password) {
    return data({ error: "Incorrect password. Please try again.", email }, { status: 400 });
  }
  const result = await attemptLogin(getDb(), email, password, context.get(requestInfo).clientIp);
  if (!result.ok) {
    if (result.reason === "throttled") {
      const minutes = Math.ceil(result.retryAfterSeconds / 60);
      return data(
        {
          error: `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? "s" : ""}.`,
          email,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    return data({ error: "Incorrect password. Please try again.", email }, { status: 401 });
  }
  const cookie = await startSession(request, result.user.id);
  throw redirect(redirectTo, { headers: { "Set-Cookie": cookie } });
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="bg-ivory py-16 md:py-24">
      <div className="container-site">
        <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200 md:p-10">
          <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-teal-50 text-teal-600">
            <Lock aria-hidden className="h-7 w-7" />
          </div>
          <h1 className="mt-5 text-center text-3xl font-bold">Espace de Travail</h1>
          <p className="mt-3 text-center text-slate-600">Cette page de connexion est réservée aux dentistes.</p>
          {actionData?.error && (
            <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {actionData.error}
            </div>
          )}
          <Form method="post" className="mt-6 space-y-5">
            <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
            <div>
              <label htmlFor="email" className="field-label">
                Adresse e-mail
              </label>
              <input id="email" name="email" type="email" autoComplete="username" required defaultValue={actionData?.email ?? ""} className="field-input" />
            </div>
            <div>
              <label htmlFor="password" className="field-label">
                Mot de passe
              </label>
              <input id="password" name="password" type="password" autoComplete="current-password" required className="field-input" />
            </div>
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              Se connecter
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}
