import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { intervalsFromForm, RECALL_CHANNEL_LABELS, RECALL_PATH, RECALL_TEMPLATE_LABELS, recallIntervalsSchema, recallSentSchema, recallTemplateSchema, type RecallActionResult } from "~/lib/recall";
import { parseId } from "~/lib/rules";
import { makeToast, type ToastInput } from "~/lib/toast";
import { staffActor } from "./actor";
import { guarded, intentOf, readForm } from "./admin-action";
import { getDb } from "./db";
import { log } from "./log";
import { markRecallSent, saveIntervals, setRecallOptOut } from "./repos/recalls";
import { saveRecallTemplate } from "./repos/recall-templates";
import type { StaffSession } from "./session";
import { redirectWithToast } from "./toast";

/**
 * The action of 'Suivis à proposer' (/admin/suivis; docs/architecture.md, "Staff actions"):
 * 'Relancé' (a tap on WhatsApp or SMS, or a call marked), the intervals per service, the two
 * templates, and 'Ne plus me rappeler' set or lifted by staff from the patient's record.
 */

const SCREEN = "recalls";
const STORE_FAILED = "la base de données n'a pas répondu. Réessayez dans un instant.";

export async function recallAction(request: Request, staff: StaffSession) {
  const form = await readForm(request);
  switch (intentOf(form)) {
    case "recall-sent":
      return sent(request, form, staff);
    case "recall-intervals":
      return intervals(form, staff);
    case "recall-template":
      return template(form, staff);
    case "recall-optout":
      return optOut(request, form, staff, true);
    case "recall-optin":
      return optOut(request, form, staff, false);
    default:
      return data<RecallActionResult>({ intent: "unknown", ok: false }, { status: 400 });
  }
}

/** Where a post without JavaScript goes back to: a staff page, else this screen. */
function backTo(form: FormData): string {
  const back = form.get("back");
  return typeof back === "string" && /^\/admin(\/|\?|$)/.test(back) && !back.includes("\\") && back.length <= 500 ? back : RECALL_PATH;
}

async function sent(request: Request, form: FormData, staff: StaffSession) {
  const withJs = form.get("js") === "1";
  const id = parseId(form.get("id"));
  const reply = (ok: boolean, toast: ToastInput, status: number) => {
    if (!withJs) return redirectWithToast(request, backTo(form), { ...toast, type: ok ? "success" : "error" });
    return data<RecallActionResult>({ intent: "recall-sent", ok, id: id ?? undefined, toast: makeToast({ ...toast, type: ok ? "success" : "error" }) }, { status });
  };
  const parsed = recallSentSchema.safeParse({ channel: form.get("channel") ?? undefined });
  if (id === null) return reply(false, { description: "Rappel inconnu." }, 400);
  if (!parsed.success) return reply(false, { description: parsed.error.issues[0]?.message ?? "Canal inconnu." }, 400);
  const { channel } = parsed.data;
  const outcome = await guarded(SCREEN, "recall-sent", () => markRecallSent(getDb(), id, channel, staffActor(staff)), () => null);
  if (outcome === null) return reply(false, { description: `La relance n'a pas pu être notée : ${STORE_FAILED}` }, 503);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return reply(false, { description: "Ce rappel n'existe plus (une visite plus récente l'a remplacé, ou le dossier a été effacé)." }, 404);
    if (outcome.reason === "demo") return reply(false, { description: "Rendez-vous de démonstration : aucun message n'est envoyé." }, 409);
    return reply(false, { description: "Ce patient a demandé à ne plus être rappelé." }, 409);
  }
  log.info({ event: "recall_sent", recallId: id, userId: staff.userId, channel }, "recall marked sent");
  return reply(true, { description: `Relance notée (${RECALL_CHANNEL_LABELS[channel]}).`, duration: 3000 }, 200);
}

async function intervals(form: FormData, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: recallIntervalsSchema });
  if (submission.status !== "success") return data<RecallActionResult>({ intent: "recall-intervals", ok: false, result: submission.reply() }, { status: 400 });
  const value = intervalsFromForm(submission.value.months);
  return guarded(
    SCREEN,
    "recall-intervals",
    async () => {
      const { changed } = await saveIntervals(getDb(), value, staffActor(staff));
      log.info({ event: "recall_intervals_saved", changed: changed.length, userId: staff.userId }, "recall intervals saved");
      const description = changed.length ? "Intervalles enregistrés : les dates de rappel ont été recalculées." : "Aucun intervalle n'a changé.";
      return data<RecallActionResult>({ intent: "recall-intervals", ok: true, result: submission.reply(), toast: makeToast({ type: "success", description }) });
    },
    () => data<RecallActionResult>({ intent: "recall-intervals", ok: false, result: submission.reply({ formErrors: [`Les intervalles n'ont pas été enregistrés : ${STORE_FAILED}`] }) }, { status: 503 }),
  );
}

async function template(form: FormData, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: recallTemplateSchema });
  const raw = form.get("key");
  const key = raw === "recall-whatsapp" || raw === "recall-sms" ? raw : undefined;
  // the template's language: its Arabic twin is stored under "ar:" + key (~/lib/recall-ar)
  const language = form.get("language") === "ar" ? "ar" : "fr";
  if (submission.status !== "success") return data<RecallActionResult>({ intent: "recall-template", ok: false, key, language, result: submission.reply() }, { status: 400 });
  const value = { ...submission.value, language: submission.value.language ?? "fr" };
  const label = `${RECALL_TEMPLATE_LABELS[value.key]}${value.language === "ar" ? " en arabe" : ""}`;
  return guarded(
    SCREEN,
    "recall-template",
    async () => {
      await saveRecallTemplate(getDb(), value.key, value.body, staff.email, undefined, value.language);
      log.info({ event: "recall_template_saved", template: value.key, language: value.language, userId: staff.userId }, "recall template saved");
      return data<RecallActionResult>({ intent: "recall-template", ok: true, key: value.key, language: value.language, result: submission.reply(), toast: makeToast({ type: "success", description: `Message ${label} enregistré.` }) });
    },
    () => data<RecallActionResult>({ intent: "recall-template", ok: false, key: value.key, language: value.language, result: submission.reply({ formErrors: [`Le message n'a pas été enregistré : ${STORE_FAILED}`] }) }, { status: 503 }),
  );
}

/** From the patient's record: 'Ne plus me rappeler' set or lifted; back to the record with a toast. */
async function optOut(request: Request, form: FormData, staff: StaffSession, stop: boolean) {
  const id = parseId(form.get("id"));
  if (id === null) return data<RecallActionResult>({ intent: "unknown", ok: false }, { status: 400 });
  const changed = await guarded(SCREEN, stop ? "recall-optout" : "recall-optin", () => setRecallOptOut(getDb(), id, stop, staffActor(staff)), () => null);
  if (changed === null) throw data({ message: STORE_FAILED }, { status: 503 });
  if (!changed) return redirectWithToast(request, backTo(form), { type: "error", description: "Rien n'a changé : ce dossier est déjà dans cet état, ou n'existe plus." });
  log.info({ event: stop ? "recall_opt_out" : "recall_opt_in", patientId: id, userId: staff.userId }, "recall opt-out changed by staff");
  return redirectWithToast(request, backTo(form), { type: "success", description: stop ? "Ce patient ne recevra plus de rappels de suivi." : "Les rappels de suivi sont rétablis pour ce patient." });
}
