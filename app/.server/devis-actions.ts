import { data } from "react-router";
import { clinicNow, todayInClinic } from "~/lib/clinic-time";
import { DEVIS_TEXTS, readAcceptance, readRefusal, type DevisErrors, type DevisFields } from "~/lib/devis-schema";
import { formatCalendarDate } from "~/lib/format";
import { quoteGroups } from "~/lib/quote-view";
import { intentOf, readForm } from "./admin-action";
import { getClinic } from "./clinic";
import { getDb } from "./db";
import { errorCode, log } from "./log";
import { countLinkMiss, linkGuessBlocked } from "./personal-link";
import { RDV_HEADERS } from "./rdv-actions";
import { acceptQuote, quoteByToken, refuseQuote, type PatientQuote } from "./repos/quote-decisions";

/**
 * /devis/<token> (docs/product.md, "Patients: answering a quote"): the quote a link opens, the same
 * guard against guessing as /rdv (misses counted per address, then 429 for every token), and the
 * two answers. Every answer is private, never stored, not indexed.
 */
export async function openQuoteLink(token: string | undefined, ip: string): Promise<PatientQuote> {
  const blocked = await linkGuessBlocked(ip);
  if (blocked.blocked) throw data({ message: "Trop de tentatives." }, { status: 429, headers: { ...RDV_HEADERS, "Retry-After": String(blocked.retryAfterSeconds) } });
  const found = await quoteByToken(getDb(), token ?? "");
  if (found) return found;
  await countLinkMiss(ip).catch(() => undefined);
  throw data({ message: "Lien introuvable." }, { status: 404, headers: RDV_HEADERS });
}

export async function quotePageData(found: PatientQuote) {
  const { quote, lines, patientName } = found;
  const { groups, totals } = quoteGroups(lines);
  const optionTotals = totals(quote.discount);
  const today = todayInClinic();
  return {
    clinic: await getClinic(),
    quote: { number: quote.number, title: quote.title, note: quote.note, validUntil: quote.valid_until, createdDay: clinicNow(new Date(quote.created_at)).date, status: quote.status, acceptedOption: quote.accepted_option, acceptedName: quote.accepted_name, decidedAt: quote.decided_at },
    open: quote.status === "proposed" && quote.valid_until >= today,
    expiredDay: formatCalendarDate(quote.valid_until),
    patientName,
    groups,
    totals: optionTotals,
    options: optionTotals.filter((t) => t.option !== null).map((t) => ({ option: t.option as string, total: t.total })),
  };
}

export interface DevisReply {
  status: "done" | "refused" | "error";
  message?: string;
  fields?: DevisFields;
  errors?: DevisErrors;
  intent?: "accept" | "refuse";
}

export async function devisAction(found: PatientQuote, token: string, request: Request, ip: string) {
  const form = await readForm(request);
  const intent = intentOf(form);
  const today = todayInClinic();
  const options = [...new Set(found.lines.map((l) => l.option).filter((o): o is string => o !== null))];
  const answer = (body: DevisReply, status = 200) => data(body, { status, headers: RDV_HEADERS });
  const refused = (reason: string) =>
    reason === "expired" ? DEVIS_TEXTS.expired(formatCalendarDate(found.quote.valid_until)) : DEVIS_TEXTS.answered;
  try {
    if (intent === "accept") {
      const { fields, errors } = readAcceptance(form, options);
      if (Object.keys(errors).length) return answer({ status: "error", intent, fields, errors }, 400);
      const r = await acceptQuote(getDb(), { token, option: options.length ? fields.option : null, name: fields.name, ip, today });
      if (!r.ok) return answer({ status: "error", intent, fields, errors: { form: r.reason === "bad_option" ? DEVIS_TEXTS.option : refused(r.reason) } }, 409);
      log.info({ event: "quote_accepted", quoteId: found.quote.id }, "quote accepted by the patient");
      return answer({ status: "done", intent, message: DEVIS_TEXTS.accepted });
    }
    if (intent === "refuse") {
      const { fields, errors } = readRefusal(form);
      if (Object.keys(errors).length) return answer({ status: "error", intent, fields, errors }, 400);
      const r = await refuseQuote(getDb(), { token, reason: fields.reason || null, today });
      if (!r.ok) return answer({ status: "error", intent, fields, errors: { form: refused(r.reason) } }, 409);
      log.info({ event: "quote_refused", quoteId: found.quote.id }, "quote refused by the patient");
      return answer({ status: "refused", intent, message: DEVIS_TEXTS.refused });
    }
    return answer({ status: "error", errors: { form: "Action inconnue." } }, 400);
  } catch (err) {
    log.error({ event: "quote_answer_failed", quoteId: found.quote.id, ...errorCode(err) }, "quote answer failed");
    return answer({ status: "error", intent: intent === "refuse" ? "refuse" : "accept", errors: { form: DEVIS_TEXTS.failed } }, 503);
  }
}
