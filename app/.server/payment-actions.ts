import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { formatDA } from "~/lib/money";
import { accountPaymentSchema, PAYMENT_MESSAGES, PAYMENT_MODE_LABELS } from "~/lib/payment-schema";
import { staffActor } from "./actor";
import { guarded } from "./admin-action";
import { getDb } from "./db";
import { log } from "./log";
import { recordAccountPayment } from "./repos/payments";
import type { StaffSession } from "./session";
import { redirectWithToast } from "./toast";

const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";

/**
 * 'Encaisser un paiement' on a patient's record (intent `account-pay`, `payment:take`): the form
 * read with its schema, the payment stored with its receipt in one transaction
 * (app/.server/repos/payments.ts recordAccountPayment), then the receipt's page opens to print it.
 * Refusals are said above the button; what was typed is kept.
 */
export async function accountPay(request: Request, form: FormData, patientId: number, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: accountPaymentSchema });
  if (submission.status !== "success") return data({ intent: "account-pay" as const, result: submission.reply() }, { status: 400 });
  const { amount, mode, chequeNumber, quoteId, note } = submission.value;
  return guarded(
    "patient",
    "account-pay",
    async () => {
      const outcome = await recordAccountPayment(getDb(), { patientId, amount, mode, chequeNumber, quoteId: quoteId ?? null, note, actor: staffActor(staff) });
      if (!outcome.ok) {
        const message = outcome.reason === "patient_not_found" ? PAYMENT_MESSAGES.patientNotFound : outcome.reason === "quote_not_accepted" ? PAYMENT_MESSAGES.quoteNotAccepted : PAYMENT_MESSAGES.quoteNotFound;
        const field = outcome.reason === "patient_not_found" ? { formErrors: [message] } : { fieldErrors: { quoteId: [message] } };
        return data({ intent: "account-pay" as const, result: submission.reply(field) }, { status: outcome.reason === "patient_not_found" ? 404 : 409 });
      }
      log.info({ event: "payment_recorded", patientId, paymentId: outcome.payment.id, userId: staff.userId, mode }, "account payment recorded");
      return redirectWithToast(request, `/admin/recus/${outcome.payment.id}`, {
        type: "success",
        description: `Encaissé : ${formatDA(amount)} (${PAYMENT_MODE_LABELS[mode]}), reçu n° ${outcome.payment.receipt_no}.`,
        duration: 6000,
      });
    },
    () => data({ intent: "account-pay" as const, result: submission.reply({ formErrors: [STORE_FAILED] }) }, { status: 503 }),
  );
}
