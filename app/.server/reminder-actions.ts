import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { TemplateResult } from "~/lib/reminder-view";
import type { ReminderMarkResult } from "~/lib/reminder-view";
import { REMINDER_CHANNEL_LABELS, reminderMarkSchema, TEMPLATE_KEYS, TEMPLATE_LABELS, templateSchema } from "~/lib/reminder-template";
import { parseId } from "~/lib/rules";
import { makeToast, type ToastInput } from "~/lib/toast";
import { guarded, intentOf, readForm } from "./admin-action";
import { getDb } from "./db";
import { log } from "./log";
import { staffActor } from "./actor";
import { saveTemplate } from "./repos/message-templates";
import { markReminded } from "./repos/reminder-list";
import type { StaffSession } from "./session";
import { redirectWithToast } from "./toast";

/** The action of 'Rappels à envoyer' (/admin/rappels): one switch on the intent (docs/architecture.md, "Staff actions"). */

const SCREEN = "reminders";
const PATH = "/admin/rappels";
const STORE_FAILED = "la base de données n'a pas répondu. Réessayez dans un instant.";

export async function reminderAction(request: Request, staff: StaffSession) {
  const form = await readForm(request);
  const intent = intentOf(form);
  switch (intent) {
    case "reminded":
      return reminded(request, form, staff);
    case "template":
      return template(form, staff);
    default:
      return data({ intent: "unknown" as const, ok: false, message: "Action inconnue." }, { status: 400 });
  }
}


/** Where a post without JavaScript goes back to: a staff page, else this screen. */
function backTo(form: FormData): string {
  const back = form.get("back");
  return typeof back === "string" && /^\/admin(\/|\?|$)/.test(back) && !back.includes("\\") && back.length <= 500 ? back : PATH;
}

/**
 * Intent "reminded": the patient was reminded (a tap on WhatsApp or SMS, or 'Marquer comme
 * envoyé'). With JavaScript (`js`) the fetcher gets the result and its toast; without, the post
 * goes back to the page it came from with the toast.
 */
async function reminded(request: Request, form: FormData, staff: StaffSession) {
  const withJs = form.get("js") === "1";
  const reply = async (ok: boolean, toast: ToastInput, status: number, id?: number) => {
    if (!withJs) return redirectWithToast(request, backTo(form), { ...toast, type: ok ? "success" : "error" });
    return data<ReminderMarkResult>({ intent: "reminded", ok, id, toast: makeToast({ ...toast, type: ok ? "success" : "error" }) }, { status });
  };
  const id = parseId(form.get("id"));
  const parsed = reminderMarkSchema.safeParse({ channel: form.get("channel") ?? undefined });
  if (id === null) return reply(false, { description: "Rendez-vous inconnu." }, 400);
  if (!parsed.success) return reply(false, { description: parsed.error.issues[0]?.message ?? "Canal inconnu." }, 400, id);
  const { channel } = parsed.data;
  // the write is guarded (logged by code, never the patient's data); the answer is said after it
  const outcome = await guarded(SCREEN, "reminded", () => markReminded(getDb(), id, channel, staffActor(staff)), () => null);
  if (outcome === null) return reply(false, { description: `Le rappel n'a pas pu être noté : ${STORE_FAILED}` }, 503, id);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") return reply(false, { description: "Ce rendez-vous n'existe plus." }, 404, id);
    return reply(false, { description: "Ce rendez-vous n'attend plus de rappel (honoré, absent, annulé ou effacé)." }, 409, id);
  }
  log.info({ event: "appointment_reminded", appointmentId: id, userId: staff.userId, channel }, "reminder marked sent");
  return reply(true, { description: `Rappel noté (${REMINDER_CHANNEL_LABELS[channel]}).`, duration: 3000 }, 200, id);
}

/** Intent "template": a WhatsApp or SMS template, saved with the staff e-mail. */
async function template(form: FormData, staff: StaffSession) {
  const submission = parseWithZod(form, { schema: templateSchema });
  const rawKey = form.get("key");
  const key = TEMPLATE_KEYS.find((k) => k === rawKey);
  const language = form.get("language") === "ar" ? "ar" : "fr";
  if (submission.status !== "success") return data<TemplateResult>({ intent: "template", ok: false, key, language, result: submission.reply() }, { status: 400 });
  const value = { ...submission.value, language: submission.value.language ?? "fr" };
  return guarded(
    SCREEN,
    "template",
    async () => {
      await saveTemplate(getDb(), value.key, value.body, staff.email, undefined, value.language);
      log.info({ event: "message_template_saved", template: value.key, language: value.language, userId: staff.userId }, "message template saved");
      const toast = makeToast({ type: "success", description: `Message ${TEMPLATE_LABELS[value.key]}${value.language === "ar" ? " en arabe" : ""} enregistré.` });
      return data<TemplateResult>({ intent: "template", ok: true, key: value.key, language: value.language, result: submission.reply(), toast });
    },
    () => data<TemplateResult>({ intent: "template", ok: false, key: value.key, language: value.language, result: submission.reply({ formErrors: [`Le message n'a pas été enregistré : ${STORE_FAILED}`] }) }, { status: 503 }),
  );
}
