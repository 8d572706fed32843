import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, MailCheck, MailQuestion } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/mot-de-passe-oublie";
import { readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { errorCode, log } from "~/.server/log";
import { requestPasswordReset, RESET_HEADERS } from "~/.server/password-reset";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { Alert } from "~/components/ui/Alert";
import { requestInfo } from "~/context";
import { forgotPasswordSchema, RESET_REQUESTED } from "~/lib/password-reset-schema";
import { seo } from "~/lib/seo";

/**
 * 'Mot de passe oublié ?' (docs/product.md, "Staff: account and login"), linked from /login. The
 * answer is the same whatever the address, and comes at once: the work (throttle counters, the
 * link, the e-mail) runs after the answer, so that neither the text nor the time it takes tells
 * whether the address has an account (app/.server/password-reset.ts).
 */
export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Mot de passe oublié — espace de travail",
    description: "Recevoir par e-mail un lien pour choisir un nouveau mot de passe de l'espace de travail de la clinique.",
    path: "/mot-de-passe-oublie",
    noindex: true,
  }),
  { name: "referrer", content: "same-origin" },
];

export const headers: Route.HeadersFunction = () => RESET_HEADERS;

export async function loader() {
  return data(null, { headers: RESET_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ sent: false, result: submission.reply() }, { status: 400, headers: RESET_HEADERS });
  const ip = context.get(requestInfo).clientIp;
  // not awaited: the answer must not take longer for an address that has an account
  void requestPasswordReset(getDb(), submission.value.email, ip).catch((err: unknown) => {
    log.error({ event: "password_reset_request_failed", ip, ...errorCode(err) }, "password reset request failed");
  });
  return data({ sent: true, result: submission.reply({ resetForm: true }) }, { headers: RESET_HEADERS });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useAppForm({ id: "forgot-password", schema: forgotPasswordSchema, lastResult: actionData?.result });
  const sent = actionData?.sent === true;
  return (
    <section className="bg-ivory py-16 md:py-24">
      <div className="container-site">
        <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200 md:p-10">
          <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-teal-50 text-teal-600">
            {sent ? <MailCheck aria-hidden className="h-7 w-7" /> : <MailQuestion aria-hidden className="h-7 w-7" />}
          </div>
          <h1 className="mt-5 text-center text-3xl font-bold">Mot de passe oublié</h1>
          {sent ? (
            <Alert tone="success" className="mt-6" focusKey={actionData} role="status">
              <p>{RESET_REQUESTED}</p>
              <p className="mt-2 font-normal">Pensez à regarder dans les courriers indésirables. Rien reçu ? Vérifiez l'adresse et recommencez, ou demandez à un administrateur de la clinique.</p>
            </Alert>
          ) : (
            <p className="mt-3 text-center text-slate-600">
              Indiquez l'adresse e-mail de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.
            </p>
          )}
          <FormErrors form={form} />
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
            <Field meta={fields.email} type="email" label="Adresse e-mail" autoComplete="username" />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? "Envoi..." : sent ? "Renvoyer un lien" : "Envoyer le lien"}
            </button>
          </Form>
          <p className="mt-6 text-center">
            <Link to="/login" className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-teal-700 underline underline-offset-2 hover:text-navy-900">
              <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
              Retour à la connexion
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
