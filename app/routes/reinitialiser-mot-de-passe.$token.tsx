import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, KeyRound, LinkIcon } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reinitialiser-mot-de-passe.$token";
import { readForm } from "~/.server/admin-action";
import { MIN_PASSWORD_LENGTH } from "~/.server/auth";
import { getDb } from "~/.server/db";
import { completePasswordReset, openPasswordReset, RESET_HEADERS } from "~/.server/password-reset";
import { redirectWithToast } from "~/.server/toast";
import { Field, FormErrors, useAppForm } from "~/components/forms";
import { clinicFromMatches } from "~/lib/seo";
import { requestInfo } from "~/context";
import { newPasswordSchema, RESET_DONE, RESET_LINK_INVALID } from "~/lib/password-reset-schema";

/**
 * /reinitialiser-mot-de-passe/<token>: the link of the reset e-mail (docs/product.md, "Staff:
 * account and login"). An unknown, used or expired link is the same French page; a valid one
 * asks the new password twice. On success every session of the account ends and the person
 * signs in again (the second factor is still asked). The token never appears in a log line
 * (server/logged-path.js) nor leaves the site in a Referer; the canonical link is not written.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: `${loaderData && "valid" in loaderData && loaderData.valid ? "Nouveau mot de passe" : "Lien plus valable"} | ${clinicFromMatches(matches).name}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export const headers: Route.HeadersFunction = () => RESET_HEADERS;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await openPasswordReset(getDb(), params.token);
  if (!found) return data({ valid: false as const, minLength: MIN_PASSWORD_LENGTH }, { status: 404, headers: RESET_HEADERS });
  return data({ valid: true as const, email: found.email, minLength: MIN_PASSWORD_LENGTH }, { headers: RESET_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: newPasswordSchema(MIN_PASSWORD_LENGTH) });
  const hideFields = ["password", "confirm"];
  if (submission.status !== "success") return data({ invalid: false, result: submission.reply({ hideFields }) }, { status: 400, headers: RESET_HEADERS });
  const done = await completePasswordReset(getDb(), params.token, submission.value.password, context.get(requestInfo).clientIp);
  if (!done) return data({ invalid: true, result: submission.reply({ hideFields }) }, { status: 404, headers: RESET_HEADERS });
  return redirectWithToast(request, "/login", { type: "success", description: RESET_DONE, duration: 8000 }, { headers: RESET_HEADERS });
}

function Card({ icon: Icon, title, children }: { icon: typeof KeyRound; title: string; children: React.ReactNode }) {
  return (
    <section className="bg-ivory py-16 md:py-24">
      <div className="container-site">
        <div className="mx-auto max-w-md rounded-2xl bg-white p-8 shadow-xl ring-1 ring-slate-200 md:p-10">
          <div className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-teal-50 text-teal-600">
            <Icon aria-hidden className="h-7 w-7" />
          </div>
          <h1 className="mt-5 text-center text-3xl font-bold">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const minLength = loaderData.minLength;
  const [form, fields] = useAppForm({ id: "reset-password", schema: newPasswordSchema(minLength), lastResult: actionData?.result });
  if (!loaderData.valid || actionData?.invalid) {
    return (
      <Card icon={LinkIcon} title="Lien plus valable">
        <p className="mt-4 text-center text-slate-700">{RESET_LINK_INVALID}</p>
        <p className="mt-2 text-center text-slate-600">Demandez un nouveau lien : il arrive en quelques instants dans votre boîte de réception.</p>
        <div className="mt-6 flex flex-col gap-3">
          <Link to="/mot-de-passe-oublie" className="btn-primary w-full">
            Demander un nouveau lien
          </Link>
          <Link to="/login" className="inline-flex min-h-11 items-center justify-center gap-2 text-sm font-semibold text-teal-700 underline underline-offset-2 hover:text-navy-900">
            <ArrowLeft aria-hidden className="h-4 w-4 rtl:-scale-x-100" />
            Retour à la connexion
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <Card icon={KeyRound} title="Nouveau mot de passe">
      <p className="mt-3 text-center text-slate-600">
        Pour le compte <span className="font-semibold text-navy-900">{loaderData.email}</span>. Toutes vos sessions ouvertes seront fermées ; vous vous reconnecterez
        ensuite, avec votre code de double authentification si elle est activée.
      </p>
      <FormErrors form={form} />
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        {/* the account's address, for password managers */}
        <input type="email" name="username" value={loaderData.email} autoComplete="username" readOnly hidden />
        <Field
          meta={fields.password}
          type="password"
          label="Nouveau mot de passe"
          autoComplete="new-password"
          hint={`Au moins ${minLength} caractères. Une phrase de quelques mots est facile à retenir et difficile à deviner.`}
        />
        <Field meta={fields.confirm} type="password" label="Confirmez le nouveau mot de passe" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Enregistrement..." : "Enregistrer le mot de passe"}
        </button>
      </Form>
    </Card>
  );
}
