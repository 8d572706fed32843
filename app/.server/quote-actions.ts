import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { clinicNow, todayInClinic } from "~/lib/clinic-time";
import { formatCalendarDate } from "~/lib/format";
import { formatDA } from "~/lib/money";
import { overallDiscount, QUOTE_MESSAGES, QUOTE_VALIDITY_DAYS, quoteFormSchema, readLines, type LineDraft } from "~/lib/quote-schema";
import { quoteGroups } from "~/lib/quote-view";
import { addDays } from "~/lib/ymd";
import { staffActor } from "./actor";
import { guarded } from "./admin-action";
import { auditStaff } from "./audit";
import { getClinic } from "./clinic";
import { publicOrigin } from "./config";
import { getDb, writeTransaction, type Db } from "./db";
import { log } from "./log";
import { queueMail } from "./mail";
import { quotePdf } from "./pdf/quote";
import { actOfLatestVisit } from "./repos/acts";
import { createQuote, newVersion, proposeQuote, quoteDetail, saveDraft, type QuoteDetail } from "./repos/quotes";
import type { StaffSession } from "./session";
import { redirectWithToast } from "./toast";

/**
 * The staff's quote actions (docs/product.md, "Staff: quotes"): create a draft for a patient,
 * save it, propose it, make a new version, send it by e-mail with its PDF. Each reads its form
 * with its schema and runs its write in `guarded`; a success redirects with its toast.
 */
const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";

export async function createForPatient(request: Request, patientId: number | null, staff: StaffSession) {
  if (patientId === null) return data({ result: null, message: QUOTE_MESSAGES.patient }, { status: 400 });
  return guarded(
    "quotes",
    "create",
    async () => {
      // the first line: the act of the service the patient last came for (the catalogue's mapping)
      const act = await actOfLatestVisit(getDb(), patientId);
      const lines = act ? [{ actId: act.id, label: act.label, teeth: null, quantity: 1, unitPrice: act.price, discount: 0, total: act.price, phase: null, option: null }] : [];
      const q = await createQuote(getDb(), { patientId, validUntil: addDays(todayInClinic(), QUOTE_VALIDITY_DAYS), lines }, staffActor(staff));
      if (!q) return data({ result: null, message: "Ce dossier patient n'existe plus." as string }, { status: 404 });
      return redirectWithToast(request, `/admin/devis/${q.id}`, { type: "success", description: `Devis n° ${q.number} créé : ajoutez ses lignes.` });
    },
    () => data({ result: null, message: STORE_FAILED as string }, { status: 503 }),
  );
}

/** 'Enregistrer le brouillon' and 'Proposer au patient' (which saves first). */
export async function saveQuote(request: Request, form: FormData, id: number, staff: StaffSession, propose: boolean) {
  const submission = parseWithZod(form, { schema: quoteFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  let drafts: LineDraft[];
  try {
    const parsed: unknown = JSON.parse(submission.value.lines ?? "[]");
    if (!Array.isArray(parsed)) throw new Error("not a list");
    drafts = parsed as LineDraft[];
  } catch {
    return data({ result: submission.reply({ formErrors: [QUOTE_MESSAGES.lines] }) }, { status: 400 });
  }
  // an empty last line is what the editor shows by default: not a line
  const { lines, errors } = readLines(drafts.filter((d) => d && (String(d.label ?? "").trim() || String(d.unitPrice ?? "").trim())));
  const discount = overallDiscount(submission.value.discount ?? "", lines);
  if (!discount.ok) return data({ result: submission.reply({ fieldErrors: { discount: [QUOTE_MESSAGES.discountInvalid] } }) }, { status: 400 });
  if (errors.length) return data({ result: submission.reply({ formErrors: errors }) }, { status: 400 });
  const today = todayInClinic();
  if (propose && submission.value.validUntil < today) return data({ result: submission.reply({ fieldErrors: { validUntil: [QUOTE_MESSAGES.validityPast] } }) }, { status: 400 });
  return guarded(
    "quotes",
    propose ? "propose" : "save",
    async () => {
      const db = getDb();
      const actor = staffActor(staff);
      const saved = await saveDraft(db, id, { title: submission.value.title || null, validUntil: submission.value.validUntil, note: submission.value.note || null, discount: discount.centimes, lines }, actor);
      if (!saved.ok) {
        const message = saved.reason === "not_found" ? QUOTE_MESSAGES.notFound : QUOTE_MESSAGES.notDraft;
        return data({ result: submission.reply({ formErrors: [message] }) }, { status: saved.reason === "not_found" ? 404 : 409 });
      }
      if (!propose) return redirectWithToast(request, `/admin/devis/${id}`, { type: "success", description: "Brouillon enregistré." });
      const proposed = await proposeQuote(db, id, today, actor);
      if (!proposed.ok) {
        const message = proposed.reason === "no_line" ? QUOTE_MESSAGES.noLine : proposed.reason === "validity_past" ? QUOTE_MESSAGES.validityPast : QUOTE_MESSAGES.notDraft;
        return data({ result: submission.reply({ formErrors: [message] }) }, { status: 409 });
      }
      log.info({ event: "quote_proposed", quoteId: id, userId: staff.userId }, "quote proposed");
      return redirectWithToast(request, `/admin/devis/${id}`, { type: "success", description: `Devis n° ${proposed.quote.number} proposé : envoyez-le au patient.`, duration: 6000 });
    },
    () => data({ result: submission.reply({ formErrors: [STORE_FAILED] }) }, { status: 503 }),
  );
}

export async function versionQuote(request: Request, id: number, staff: StaffSession) {
  return guarded(
    "quotes",
    "version",
    async () => {
      const q = await newVersion(getDb(), id, addDays(todayInClinic(), QUOTE_VALIDITY_DAYS), staffActor(staff));
      if (!q) return data({ result: null, message: QUOTE_MESSAGES.notFound as string }, { status: 404 });
      return redirectWithToast(request, `/admin/devis/${q.id}`, { type: "success", description: `Nouvelle version : devis n° ${q.number} (brouillon).` });
    },
    () => data({ result: null, message: STORE_FAILED as string }, { status: 503 }),
  );
}

/** The patient's address of a proposed quote. */
export function quoteLink(token: string): string {
  return `${publicOrigin()}/devis/${token}`;
}

/** The PDF of a quote, from its detail. */
export async function quotePdfOf(d: QuoteDetail, h: Db = getDb()): Promise<Buffer> {
  const { groups, totals } = quoteGroups(d.lines);
  return quotePdf(await getClinic(h), {
    number: d.quote.number,
    title: d.quote.title,
    patientName: d.patient?.name ?? "",
    createdDay: clinicNow(new Date(d.quote.created_at)).date,
    validUntil: d.quote.valid_until,
    note: d.quote.note,
    groups,
    totals: totals(d.quote.discount),
  });
}

/** 'Envoyer par e-mail': the quote's PDF attached, the link to answer it; audited. */
export async function sendQuote(request: Request, id: number, staff: StaffSession) {
  return guarded(
    "quotes",
    "send",
    async () => {
      const db = getDb();
      const d = await quoteDetail(db, id);
      if (!d || d.quote.status !== "proposed" || !d.token) return data({ result: null, message: "Seul un devis proposé peut être envoyé." as string }, { status: 409 });
      if (!d.patient?.email) return data({ result: null, message: "Ce patient n'a pas d'adresse e-mail : envoyez le lien par WhatsApp ou SMS." as string }, { status: 409 });
      const clinic = await getClinic(db);
      const pdf = await quotePdfOf(d, db);
      const link = quoteLink(d.token);
      await queueMail([
        {
          to: d.patient.email,
          subject: `Votre devis n° ${d.quote.number} — ${clinic.name}`,
          text: `Bonjour ${d.patient.name},\n\nVeuillez trouver ci-joint votre devis n° ${d.quote.number} d'un montant de ${formatDA(d.quote.total)}, valable jusqu'au ${formatCalendarDate(d.quote.valid_until)}.\n\nVous pouvez le lire et l'accepter en ligne : ${link}\n\n${clinic.name}\n${clinic.phones[0]?.display ?? ""}`,
          attachments: [{ filename: `devis-${d.quote.number}.pdf`, contentType: "application/pdf", content: pdf.toString("base64"), encoding: "base64" }],
          kind: "quote",
          dedupeKey: `quote-${id}-${Date.now()}`,
        },
      ]);
      await writeTransaction(db, (trx) => auditStaff(trx, staffActor(staff), { action: "quote.send", targetType: "quote", targetId: id, detail: `Devis n° ${d.quote.number}` }));
      return redirectWithToast(request, `/admin/devis/${id}`, { type: "success", description: `Devis n° ${d.quote.number} envoyé par e-mail.` });
    },
    () => data({ result: null, message: STORE_FAILED as string }, { status: 503 }),
  );
}
