import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.actes";
import { staffActor } from "~/.server/actor";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { createAct, listActs, saveServiceActs, serviceActs, updateAct } from "~/.server/repos/acts";
import type { StaffSession } from "~/.server/session";
import { getStaff } from "~/.server/staff-guard";
import { redirectWithToast } from "~/.server/toast";
import { ActForm } from "~/components/admin/acts/ActForm";
import { ActsCatalogue, ServiceActsForm } from "~/components/admin/acts/ActsCatalogue";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { ACT_MESSAGES, actSchema } from "~/lib/act-schema";
import { ACT_CATEGORIES, ACT_CATEGORY_LABELS, isActCategory } from "~/lib/acts";
import { parseId } from "~/lib/rules";
import { SERVICES } from "~/lib/services";

export const meta: Route.MetaFunction = () => [{ title: "Actes et tarifs | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";

/** The catalogue of acts (docs/product.md, "Staff: acts and prices"): dentists and administrators (`act:manage`). */
export async function loader({ url }: Route.LoaderArgs) {
  const db = getDb();
  const wanted = url.searchParams.get("categorie");
  const [acts, map] = await Promise.all([listActs(db), serviceActs(db)]);
  return { acts, map, category: isActCategory(wanted) ? wanted : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await readForm(request);
  const intent = intentOf(form);
  if (intent === "services") return services(request, form, staff);
  if (intent !== "create" && intent !== "update") return data({ id: 0, result: null }, { status: 400 });
  const id = intent === "update" ? parseId(form.get("id")) : 0;
  if (id === null) return data({ id: 0, result: null }, { status: 400 });
  const submission = parseWithZod(form, { schema: actSchema });
  if (submission.status !== "success") return data({ id, result: submission.reply() }, { status: 400 });
  return guarded(
    "acts",
    intent,
    async () => {
      const actor = staffActor(staff);
      const outcome = intent === "create" ? await createAct(getDb(), submission.value, actor) : await updateAct(getDb(), id, submission.value, actor);
      if (!outcome.ok) {
        const reply = outcome.reason === "duplicate_code" ? submission.reply({ fieldErrors: { code: [ACT_MESSAGES.duplicate] } }) : submission.reply({ formErrors: [ACT_MESSAGES.notFound] });
        return data({ id, result: reply }, { status: outcome.reason === "duplicate_code" ? 409 : 404 });
      }
      return redirectWithToast(request, "/admin/actes", { type: "success", description: `${outcome.act.code} — ${outcome.act.label} : enregistré.` });
    },
    () => data({ id, result: submission.reply({ formErrors: [STORE_FAILED] }) }, { status: 503 }),
  );
}

async function services(request: Request, form: FormData, staff: StaffSession) {
  // the form names every service: a post without them is not this form
  if (SERVICES.some((s) => !form.has(`service:${s}`))) return data({ id: 0, result: null }, { status: 400 });
  const known = new Set((await listActs(getDb())).map((a) => a.id));
  const map: Record<string, number | null> = {};
  for (const s of SERVICES) {
    const v = parseId(form.get(`service:${s}`));
    map[s] = v !== null && known.has(v) ? v : null;
  }
  return guarded<Response | ReturnType<typeof data<{ id: number; result: null }>>>(
    "acts",
    "services",
    async () => {
      await saveServiceActs(getDb(), map, staffActor(staff));
      return redirectWithToast(request, "/admin/actes", { type: "success", description: "Correspondances des services enregistrées." });
    },
    () => data({ id: 0, result: null }, { status: 503 }),
  );
}

export default function ActsScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { acts, map, category } = loaderData;
  const failed = actionData?.result && actionData.id ? { id: actionData.id, result: actionData.result } : undefined;
  const demo = acts.filter((a) => a.demo === 1).length;
  const chip = (href: string, label: string, current: boolean) => (
    <Link key={label} to={href} aria-current={current ? "page" : undefined} className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium ring-1 ${current ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}>
      {label}
    </Link>
  );
  return (
    <div className="space-y-6">
      <div className="max-w-3xl">
        <h1 className="text-3xl font-bold md:text-4xl">Actes et tarifs</h1>
        <p className="mt-1 text-slate-600">Les actes de la clinique et leur prix par défaut, repris dans les devis (le prix reste modifiable sur chaque ligne).</p>
        {demo > 0 && <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/30">{demo} acte(s) viennent de la liste de démonstration : vérifiez leur prix, ils perdent la mention « Démo » une fois enregistrés.</p>}
      </div>
      <section aria-labelledby="new-act" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 id="new-act" className="mb-3 font-sans text-base font-semibold text-navy-900">
          Ajouter un acte
        </h2>
        <ActForm lastResult={actionData?.id === 0 ? actionData.result : undefined} />
      </section>
      <nav aria-label="Filtrer par catégorie" className="flex flex-wrap gap-2">
        {chip("/admin/actes", "Toutes", category === null)}
        {ACT_CATEGORIES.map((c) => chip(`/admin/actes?categorie=${c}`, ACT_CATEGORY_LABELS[c], category === c))}
      </nav>
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,1fr)_340px]">
        <ActsCatalogue acts={acts} category={category} failed={failed} />
        <ServiceActsForm services={SERVICES} acts={acts} map={map} />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path="/admin/actes" title="Impossible d'afficher les actes." text="Le catalogue n'a pas pu être lu. Vérifiez la connexion puis réessayez." />;
}
