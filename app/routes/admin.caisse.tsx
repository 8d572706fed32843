import { parseWithZod } from "@conform-to/zod/v4";
import { ChevronLeft, ChevronRight, Download } from "~/components/admin/icons";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin.caisse";
import { staffActor } from "~/.server/actor";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { closeCash, dayCash } from "~/.server/repos/cash";
import { getStaff } from "~/.server/staff-guard";
import { redirectWithToast } from "~/.server/toast";
import { CashByStaff, CashEntries, CashTiles } from "~/components/admin/cash/CashDay";
import { CashClosingPanel, CloseCashForm } from "~/components/admin/cash/CloseCashForm";
import { useCan } from "~/components/admin/permissions";
import { QueryNotes } from "~/components/admin/QueryNotes";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { CASH_MESSAGES, cashDay, closeCashSchema } from "~/lib/cash-schema";
import { todayInClinic } from "~/lib/clinic-time";
import { formatCalendarDate } from "~/lib/format";
import { addDays, isValidYmd } from "~/lib/ymd";

export const meta: Route.MetaFunction = () => [{ title: "Caisse | Espace de Travail" }, { name: "robots", content: "noindex, nofollow" }];

const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";

/**
 * The day's cash (docs/product.md, "Staff: the day's cash"), for every role (`payment:take`):
 * `?jour=YYYY-MM-DD` (today by default). Administrators close it (`cash:close`).
 */
export async function loader({ url }: Route.LoaderArgs) {
  const today = todayInClinic();
  const { day, note } = cashDay(url.searchParams.get("jour"), today);
  return { today, cash: await dayCash(getDb(), day), notes: note ? [note] : [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const form = await readForm(request);
  if (intentOf(form) !== "close") return data({ result: null }, { status: 400 });
  const day = String(form.get("day") ?? "");
  if (!isValidYmd(day)) return data({ result: null }, { status: 400 });
  const submission = parseWithZod(form, { schema: closeCashSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const today = todayInClinic();
  return guarded(
    "cash",
    "close",
    async () => {
      const outcome = await closeCash(getDb(), { day, today, counted: submission.value.counted, note: submission.value.note, actor: staffActor(staff) });
      if (!outcome.ok) {
        const message = outcome.reason === "future" ? CASH_MESSAGES.future : CASH_MESSAGES.alreadyClosed;
        return data({ result: submission.reply({ formErrors: [message] }) }, { status: outcome.reason === "future" ? 400 : 409 });
      }
      log.info({ event: "cash_closed", day, userId: staff.userId }, "cash closed");
      return redirectWithToast(request, `/admin/caisse?jour=${day}`, { type: "success", description: `Caisse du ${formatCalendarDate(day)} clôturée.` });
    },
    () => data({ result: submission.reply({ formErrors: [STORE_FAILED] }) }, { status: 503 }),
  );
}

export default function CashScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { today, cash, notes } = loaderData;
  const canClose = useCan("cash:close");
  const day = cash.day;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">Caisse</h1>
          <p className="mt-1 text-slate-600">
            {day === today ? "Aujourd'hui, " : ""}
            {formatCalendarDate(day)}
          </p>
        </div>
        <a href={`/admin/caisse.xlsx?jour=${day}`} download className="btn bg-navy-900 text-white hover:bg-navy-800">
          <Download aria-hidden className="h-4 w-4" />
          Exporter (.xlsx)
        </a>
      </div>
      <nav aria-label="Choisir le jour" className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/caisse?jour=${addDays(day, -1)}`} className="btn-outline" aria-label="Jour précédent">
          <ChevronLeft aria-hidden className="h-4 w-4" />
          Veille
        </Link>
        <Form method="get" className="flex items-center gap-2">
          <label htmlFor="cash-day" className="sr-only">
            Jour
          </label>
          <input id="cash-day" type="date" name="jour" defaultValue={day} max={today} className="field-input min-h-11 w-auto" key={day} />
          <button type="submit" className="btn-outline">
            Afficher
          </button>
        </Form>
        {day < today && (
          <Link to={`/admin/caisse?jour=${addDays(day, 1)}`} className="btn-outline" aria-label="Jour suivant">
            Lendemain
            <ChevronRight aria-hidden className="h-4 w-4" />
          </Link>
        )}
        {day !== today && (
          <Link to="/admin/caisse" className="btn-ghost">
            Aujourd'hui
          </Link>
        )}
      </nav>
      <QueryNotes notes={notes} />
      <CashTiles cash={cash} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <CashEntries cash={cash} />
        <div className="space-y-4">
          {cash.closing ? (
            <CashClosingPanel closing={cash.closing} />
          ) : (
            canClose && day <= today && <CloseCashForm day={day} expectedCash={cash.expectedCash} lastResult={actionData?.result} />
          )}
          <CashByStaff cash={cash} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path="/admin/caisse" title="Impossible d'afficher la caisse." text="La caisse n'a pas pu être lue. Vérifiez la connexion puis réessayez." />;
}
