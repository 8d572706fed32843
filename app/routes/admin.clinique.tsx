import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { ExternalLink } from "~/components/admin/icons";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.clinique";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { getClinicForEdit, saveClinic } from "~/.server/clinic";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { staffActor } from "~/.server/actor";
import { getStaff } from "~/.server/staff-guard";
import { CLINIC_SECTIONS, ClinicForm } from "~/components/admin/clinic/ClinicForm";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { useToast } from "~/components/toaster";
import { CLINIC_FORM_MESSAGES, clinicFormSchema, clinicFromForm } from "~/lib/clinic-form";
import { todayInClinic } from "~/lib/clinic-time";
import { makeToast, type Toast } from "~/lib/toast";
import { SectionLinks } from "~/components/admin/SectionLinks";

export const meta: Route.MetaFunction = () => [{ title: "Identité de la clinique | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

const SCREEN = "clinic";

interface ClinicActionResult {
  ok: boolean;
  result?: SubmissionResult<string[]>;
  toast?: Toast;
}

const currentYear = () => Number(todayInClinic().slice(0, 4));

/** docs/product.md, "Staff: clinic identity". */
export async function loader() {
  const { clinic, version } = await getClinicForEdit(getDb());
  return { clinic, version, currentYear: currentYear() };
}

const answer = (body: ClinicActionResult, status = 200) => data(body, { status });

/** One action, one switch (docs/architecture.md, "Staff actions"). */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await readForm(request);
  switch (intentOf(form)) {
    case "save":
      return save(form, staff);
    default:
      return answer({ ok: false }, 400);
  }
}

async function save(form: FormData, staff: ReturnType<typeof getStaff>) {
  const submission = parseWithZod(form, { schema: clinicFormSchema(currentYear()) });
  // a list change ('Ajouter un numéro', 'Retirer') posted without JavaScript is no submit: the form redrawn
  if (submission.status !== "success") return answer({ ok: false, result: submission.reply() }, submission.status === "error" ? 400 : 200);
  return guarded(
    SCREEN,
    "save",
    async () => {
      const h = getDb();
      const { clinic: stored } = await getClinicForEdit(h);
      const saved = await saveClinic(h, clinicFromForm(submission.value, stored), staffActor(staff), { version: submission.value.version ?? "" });
      if (!saved.ok) return answer({ ok: false, result: submission.reply({ formErrors: [CLINIC_FORM_MESSAGES.stale] }) }, 409);
      log.info({ event: "clinic_identity_saved", staffId: staff.userId, parts: saved.changed }, "clinic identity saved");
      return answer({
        ok: true,
        result: submission.reply({ resetForm: true }),
        toast: makeToast({ type: "success", description: "Identité de la clinique enregistrée : le site l'affiche dès maintenant." }),
      });
    },
    () => answer({ ok: false, result: submission.reply({ formErrors: [CLINIC_FORM_MESSAGES.storeFailed] }) }, 503),
  );
}

export default function AdminClinic({ loaderData, actionData }: Route.ComponentProps) {
  const act = actionData as ClinicActionResult | undefined;
  useToast(act?.toast);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold md:text-4xl">Identité de la clinique</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Ce que le site, les e-mails et les rendez-vous disent de la clinique : son nom, le praticien, l'adresse, les téléphones, les chiffres, les diplômes et les
          mentions légales. Tout s'enregistre avec le bouton en bas de page.
        </p>
        <SectionLinks sections={CLINIC_SECTIONS} />
      </div>
      <ClinicForm key={loaderData.version} clinic={loaderData.clinic} version={loaderData.version} currentYear={loaderData.currentYear} lastResult={act?.result} saving={saving} />
      <p className="text-sm">
        <Link to="/mentions-legales" target="_blank" className="inline-flex min-h-11 items-center gap-2 font-semibold text-teal-700 hover:underline">
          Voir les mentions légales du site
          <ExternalLink aria-hidden className="h-4 w-4" />
          <span className="sr-only">(nouvel onglet)</span>
        </Link>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path="/admin/clinique" title="L'identité de la clinique n'a pas pu être lue." text="La base de données n'a pas répondu. Réessayez dans un instant." />;
}
