import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { z } from "zod";
import type { ScheduleIntent, ScheduleResult } from "~/lib/schedule-view";
import { contactSettingsFromForm, contactSettingsSchema } from "~/lib/contact-settings-form";
import { parseId } from "~/lib/rules";
import { clinicNow } from "~/lib/clinic-time";
import { exceptionFromForm, exceptionSchema, servicesFromForm, servicesSchema, settingsFromForm, settingsSchema, weeklyFromForm, weeklyHoursSchema } from "~/lib/schedule-form";
import { makeToast } from "~/lib/toast";
import { guarded, intentOf, readForm } from "./admin-action";
import { getDb } from "./db";
import { log } from "./log";
import { staffActor, type Actor } from "./actor";
import { saveContactSettings } from "./repos/contact-settings";
import { addException, removeException as removeExceptionRow, saveServiceSettings, saveSettings, saveWeeklyHours } from "./repos/schedule";
import type { StaffSession } from "./session";
import { offerOpenedDays } from "./waitlist-days";

/** The action of 'Horaires et fermetures' (/admin/horaires; docs/product.md, "Schedule and free slots"). */

const SCREEN = "schedule";
const STORE_FAILED = "La base de données n'a pas répondu : rien n'a été enregistré. Réessayez dans un instant.";

const answer = (body: ScheduleResult, status = 200) => data(body, { status });
const saved = (intent: ScheduleIntent, result: SubmissionResult<string[]> | undefined, description: string) =>
  answer({ intent, ok: true, result, toast: makeToast({ type: "success", description }) });

/** One action, one switch (docs/architecture.md, "Staff actions"). */
export async function scheduleAction(request: Request, staff: StaffSession) {
  const staffId = staff.userId;
  const actor = staffActor(staff);
  const form = await readForm(request);
  const intent = intentOf(form);
  switch (intent) {
    case "hours":
    case "services":
    case "settings":
    case "contact":
      return saveSetting(form, intent, staffId, actor);
    case "exception-add":
      return saveForm(form, "exception-add", exceptionSchema(clinicNow().date), async (value) => {
        const period = exceptionFromForm(value);
        const row = await addException(getDb(), period, actor);
        log.info({ event: "schedule_exception_added", exceptionId: row.id, staffId }, "schedule exception added");
        return period.ranges.length === 0 ? `Fermeture ajoutée : ${period.label}.` : `Horaires spéciaux ajoutés : ${period.label}.`;
      });
    case "exception-delete":
      return removeException(form, staffId, actor);
    default:
      return answer({ intent: "unknown", ok: false, message: "Action inconnue." }, 400);
  }
}

/** A form that replaces one group of settings: its schema, its write, its log line and its toast. */
interface SettingForm<Schema extends z.ZodType> {
  schema: Schema;
  store: (value: z.output<Schema>, actor: Actor) => Promise<unknown>;
  event: string;
  logMessage: string;
  done: string;
}
const settingForm = <Schema extends z.ZodType>(f: SettingForm<Schema>) => f;

const SETTING_FORMS = {
  hours: settingForm({
    schema: weeklyHoursSchema,
    store: (value, actor) => saveWeeklyHours(getDb(), weeklyFromForm(value), actor),
    event: "opening_hours_saved",
    logMessage: "opening hours saved",
    done: "Horaires de la semaine enregistrés.",
  }),
  services: settingForm({
    schema: servicesSchema,
    store: (value, actor) => saveServiceSettings(getDb(), servicesFromForm(value), actor),
    event: "service_settings_saved",
    logMessage: "service settings saved",
    done: "Soins enregistrés.",
  }),
  settings: settingForm({
    schema: settingsSchema,
    store: (value, actor) => saveSettings(getDb(), settingsFromForm(value), actor),
    event: "schedule_settings_saved",
    logMessage: "schedule settings saved",
    done: "Règles de réservation enregistrées.",
  }),
  contact: settingForm({
    schema: contactSettingsSchema,
    store: (value, actor) => saveContactSettings(getDb(), contactSettingsFromForm(value), actor),
    event: "contact_settings_saved",
    logMessage: "patient contact settings saved",
    done: "Réglages des patients enregistrés.",
  }),
};

function saveSetting(form: FormData, intent: keyof typeof SETTING_FORMS, staffId: number, actor: Actor) {
  const f: SettingForm<z.ZodType> = SETTING_FORMS[intent];
  return saveForm(form, intent, f.schema, async (value) => {
    await f.store(value, actor);
    log.info({ event: f.event, staffId }, f.logMessage);
    return f.done;
  });
}

/**
 * Parse one form with its schema, then write it in `guarded`. A list change posted without
 * JavaScript ('Ajouter une plage', 'Retirer') is no submit: its reply is the form redrawn.
 */
async function saveForm<Schema extends z.ZodType>(form: FormData, intent: ScheduleIntent, schema: Schema, write: (value: z.output<Schema>) => Promise<string>) {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success") return answer({ intent, ok: false, result: submission.reply() }, submission.status === "error" ? 400 : 200);
  return guarded(
    SCREEN,
    intent,
    async () => saved(intent, submission.reply({ resetForm: true }), await write(submission.value)),
    () => answer({ intent, ok: false, result: submission.reply({ formErrors: [STORE_FAILED] }) }, 503),
  );
}

async function removeException(form: FormData, staffId: number, actor: Actor) {
  const id = parseId(form.get("id"));
  if (id === null) return answer({ intent: "exception-delete", ok: false, message: "Période inconnue." }, 400);
  return guarded(
    SCREEN,
    "exception-delete",
    async () => {
      const period = await removeExceptionRow(getDb(), id, actor);
      if (!period) return answer({ intent: "exception-delete", ok: false, id, message: "Cette période a déjà été supprimée." }, 404);
      log.info({ event: "schedule_exception_deleted", exceptionId: id, staffId }, "schedule exception deleted");
      // the days open again: their free starts go to the waiting list, as a cancelled slot does
      await offerOpenedDays(getDb(), period, actor);
      return saved("exception-delete", undefined, "Période supprimée : ces jours reprennent les horaires de la semaine.");
    },
    () => answer({ intent: "exception-delete", ok: false, id, message: STORE_FAILED }, 503),
  );
}
