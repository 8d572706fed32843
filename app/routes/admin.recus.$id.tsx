import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, FileDown, Printer } from "~/components/admin/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.recus.$id";
import { staffActor } from "~/.server/actor";
import { guarded, intentOf, readForm } from "~/.server/admin-action";
import { getClinic } from "~/.server/clinic";
import { getDb } from "~/.server/db";
import { log } from "~/.server/log";
import { receiptFacts } from "~/.server/receipts";
import { cancelReceipt } from "~/.server/repos/payments";
import { getStaff } from "~/.server/staff-guard";
import { redirectWithToast } from "~/.server/toast";
import { useCan } from "~/components/admin/permissions";
import { CancelReceiptForm } from "~/components/admin/receipts/CancelReceiptForm";
import { ReceiptDocument } from "~/components/admin/receipts/ReceiptDocument";
import { StaffScreenError } from "~/components/admin/StaffScreenError";
import { useHydrated } from "~/hooks/use-hydrated";
import { formatCalendarDate } from "~/lib/format";
import { cancelReceiptSchema, PAYMENT_MESSAGES } from "~/lib/payment-schema";
import { receiptText } from "~/lib/receipt-view";
import { parseId } from "~/lib/rules";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.text.title ?? "Reçu"} | Espace de Travail` }, { name: "robots", content: "noindex, nofollow" }];

const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";

/**
 * One receipt (docs/product.md, "Staff: payments and receipts"), for every role (`payment:take`):
 * the print page (A4, print stylesheet), its PDF, and for administrators 'Annuler ce reçu'.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const facts = id === null ? undefined : await receiptFacts(db, id);
  if (!facts || id === null) throw data({ message: "Reçu introuvable." }, { status: 404 });
  return { id, facts, text: receiptText(facts), day: formatCalendarDate(facts.paidDay), clinic: await getClinic(db) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = getStaff(context);
  const id = parseId(params.id);
  if (id === null) throw data({ message: "Reçu introuvable." }, { status: 404 });
  const form = await readForm(request);
  if (intentOf(form) !== "cancel") return data({ result: null, message: "Action inconnue." }, { status: 400 });
  const submission = parseWithZod(form, { schema: cancelReceiptSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null }, { status: 400 });
  return guarded(
    "receipt",
    "cancel",
    async () => {
      const outcome = await cancelReceipt(getDb(), { paymentId: id, reason: submission.value.reason, actor: staffActor(staff) });
      if (!outcome.ok) {
        const [message, status] =
          outcome.reason === "not_found" ? ["Ce reçu n'existe pas.", 404] : outcome.reason === "already_cancelled" ? [PAYMENT_MESSAGES.alreadyCancelled, 409] : [PAYMENT_MESSAGES.notAReceipt, 409];
        return data({ result: submission.reply({ formErrors: [message as string] }), message: null }, { status: status as number });
      }
      log.info({ event: "receipt_cancelled", paymentId: id, userId: staff.userId }, "receipt cancelled");
      return redirectWithToast(request, `/admin/recus/${id}`, { type: "success", description: "Reçu annulé : l'écriture d'annulation est dans la caisse du jour." });
    },
    () => data({ result: submission.reply({ formErrors: [STORE_FAILED] }), message: null }, { status: 503 }),
  );
}

export default function ReceiptScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { id, facts, text, day, clinic } = loaderData;
  const canCancel = useCan("payment:cancel");
  const hydrated = useHydrated();
  const cancellable = facts.kind === "payment" && facts.related === null && facts.receiptNo !== null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        <Link to="/admin/caisse" className="btn-ghost">
          <ArrowLeft aria-hidden className="h-4 w-4" />
          Caisse
        </Link>
        <span className="grow" />
        {hydrated && (
          <button type="button" className="btn-outline" onClick={() => window.print()}>
            <Printer aria-hidden className="h-4 w-4" />
            Imprimer
          </button>
        )}
        <a href={`/admin/recus/${id}/pdf`} className="btn-primary" download>
          <FileDown aria-hidden className="h-4 w-4" />
          Télécharger le PDF
        </a>
      </div>
      <ReceiptDocument clinic={clinic} text={text} day={day} />
      {canCancel && cancellable && <CancelReceiptForm receiptNo={facts.receiptNo!} lastResult={actionData?.result} />}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <StaffScreenError error={error} path={`/admin/recus/${params.id ?? ""}`} title="Impossible d'afficher ce reçu." text="Ce reçu n'existe pas ou n'a pas pu être lu. Retrouvez-le dans la caisse du jour." />;
}
