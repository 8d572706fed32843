import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { todayInClinic } from "~/lib/clinic-time";
import { formatDateTime, formatDayFull, formatTime } from "~/lib/format";
import { makeToast } from "~/lib/toast";
import { ENTRY_STATUS_LABELS, OFFER_STATUS_LABELS, storeWishes, waitlistRemoveSchema, waitlistStaffSchema, wishesText } from "~/lib/waitlist";
import { staffActor } from "./actor";
import { guarded, intentOf, readForm } from "./admin-action";
import { getClinic } from "./clinic";
import { getDb, type Db } from "./db";
import { log } from "./log";
import { loadTemplates } from "./repos/message-templates";
import { insertEntry, listEntries, patientForWaitlist, removeEntry } from "./repos/waitlist";
import type { StaffSession } from "./session";
import { offerContactLinks } from "./waitlist";

/**
 * 'Liste d'attente' for staff (/admin/liste-attente, issue 31): the entries with their wishes,
 * status and offers (one-tap WhatsApp/SMS for an offer still open), 'Retirer', and 'Ajouter un
 * patient' (prefilled from a patient record: ?patient=<id>).
 */

const SCREEN = "liste-attente";

export interface OfferRowView {
  id: number;
  when: string;
  status: string;
  statusLabel: string;
  until: string;
  whatsapp: string | null;
  sms: string | null;
}

export interface EntryRowView {
  id: number;
  name: string;
  phone: string;
  service: string;
  wishes: string;
  until: string;
  status: string;
  statusLabel: string;
  source: string;
  createdAt: string;
  offers: OfferRowView[];
}

export async function waitlistScreen(h: Db, patientId: number | null) {
  const now = new Date();
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [entries, clinic, patient] = await Promise.all([listEntries(h, since), getClinic(h), patientId ? patientForWaitlist(h, patientId) : Promise.resolve(undefined)]);
  // the offers' WhatsApp and SMS texts as staff wrote them in 'Rappels' (their defaults until then)
  const [templates, templatesAr] = await Promise.all([loadTemplates(h, clinic), loadTemplates(h, clinic, "ar")]);
  const texts = { whatsapp: templates["offer-whatsapp"].body, sms: templates["offer-sms"].body };
  // an entry made in Arabic (or set so by staff) gets the Arabic offer texts
  const textsAr = { whatsapp: templatesAr["offer-whatsapp"].body, sms: templatesAr["offer-sms"].body };
  const hhmm = (iso: string) => formatTime(new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Algiers" }).format(new Date(iso)));
  const rows: EntryRowView[] = entries.map((e) => ({
    id: Number(e.id),
    name: e.name,
    phone: e.phone,
    service: e.service,
    wishes: wishesText(e.wishes),
    until: formatDayFull(e.until_date),
    status: e.status,
    statusLabel: ENTRY_STATUS_LABELS[e.status] ?? e.status,
    source: e.source === "online" ? "En ligne" : "Par l'équipe",
    createdAt: formatDateTime(e.created_at),
    offers: e.offers.map((o) => {
      const open = o.status === "open" && Date.parse(o.expires_at) > now.getTime();
      const links = open ? (e.language === "ar" ? offerContactLinks(o, e, clinic, textsAr, "ar") : offerContactLinks(o, e, clinic, texts)) : { whatsapp: null, sms: null };
      return {
        id: Number(o.id),
        when: `${formatDayFull(o.date)} à ${formatTime(o.time)}`,
        status: open || o.status !== "open" ? o.status : "expired",
        statusLabel: OFFER_STATUS_LABELS[open || o.status !== "open" ? o.status : "expired"] ?? o.status,
        until: hhmm(o.expires_at),
        ...links,
      };
    }),
  }));
  const prefill = patient ? { name: patient.name, phone: patient.phone ?? "", email: patient.email ?? "", patientId: Number(patient.id) } : null;
  return { rows, prefill, today: todayInClinic(now) };
}

export async function waitlistStaffAction(request: Request, staff: StaffSession) {
  const form = await readForm(request);
  const intent = intentOf(form);
  if (intent === "waitlist-add") {
    const submission = parseWithZod(form, { schema: waitlistStaffSchema(todayInClinic()) });
    if (submission.status !== "success") return data({ intent, ok: false, result: submission.reply() }, { status: 400 });
    const v = submission.value;
    return guarded(
      SCREEN,
      intent,
      async () => {
        // added from a patient record: the entry's offers go in the record's language (issue 32)
        const patient = v.patient_id ? await patientForWaitlist(getDb(), v.patient_id) : undefined;
        await insertEntry(
          getDb(),
          { patientId: patient ? Number(patient.id) : null, name: v.name, phone: v.phone, email: v.email, service: v.service, wishes: storeWishes(v.wishes), untilDate: v.until, source: "staff", submissionKey: null, language: patient?.language === "ar" ? "ar" : "fr" },
          staffActor(staff),
        );
        log.info({ event: "waitlist_added", userId: staff.userId }, "waiting-list entry added by staff");
        return data({ intent, ok: true, result: submission.reply({ resetForm: true }), toast: makeToast({ type: "success", description: "Patient ajouté à la liste d'attente.", duration: 4000 }) });
      },
      () => data({ intent, ok: false, result: submission.reply({ formErrors: ["L'inscription n'a pas pu être enregistrée. Réessayez."] }) }, { status: 503 }),
    );
  }
  if (intent === "waitlist-remove") {
    const submission = parseWithZod(form, { schema: waitlistRemoveSchema });
    if (submission.status !== "success") return data({ intent, ok: false, result: submission.reply() }, { status: 400 });
    const removed = await removeEntry(getDb(), submission.value.id, staffActor(staff));
    if (!removed) return data({ intent, ok: false, result: submission.reply({ formErrors: ["Cette inscription n'est plus sur la liste."] }) }, { status: 409 });
    return data({ intent, ok: true, result: submission.reply(), toast: makeToast({ type: "success", description: "Retiré de la liste d'attente.", duration: 4000 }) });
  }
  return data({ intent, ok: false, result: { status: "error" as const, error: { "": ["Action inconnue."] } } }, { status: 400 });
}
