import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Appointment } from "~/.server/db/types";
import { createAppointment, historyFor, type AppointmentInput } from "~/.server/repos/appointments";
import { loadTemplates } from "~/.server/repos/message-templates";
import { countRemindersToSend, lastReminders, listRemindersToSend, markReminded } from "~/.server/repos/reminder-list";
import { insertStaff } from "~/.server/repos/staff";
import { DEMO_CLINIC as clinic } from "~/lib/clinic";
import { createLoadContext, staffContext } from "~/context";
import { todayInClinic } from "~/lib/clinic-time";
import { defaultTemplates } from "~/lib/reminder-template";
import { addDaysYmd } from "~/lib/schedule";
import { action, loader } from "~/routes/admin.rappels";
import { describeEachEngine } from "../helpers/db";
import { setAppEnv } from "./public-form";
import { staffSession } from "../helpers/staff";
import type { StaffSession } from "~/.server/session";

/**
 * 'Rappels à envoyer' on both engines (docs/product.md, "Reminders"): which patients the list
 * holds (the day's requested and confirmed appointments not yet reminded, or not yet confirmed
 * by the patient), the loader's default day (tomorrow, clinic time), marking a reminder sent
 * (reminded_at and a history line with who, when and how), through the repository and through
 * the screen's action with and without JavaScript, and the template editor's intent.
 */

const DAY = "2031-03-04";
const ORIGIN = "https://clinique.example";

function input(over: Partial<AppointmentInput> = {}): AppointmentInput {
  return { name: "Amina Benali", email: "amina@exemple.dz", phone: "0550 12 34 56", service: "Orthodontie", date: DAY, time: "10:00", ...over };
}

describeEachEngine("reminders to send", { appDb: true }, (t) => {
  let staff: StaffSession;
  const actor = () => ({ staffUserId: staff.userId, label: staff.email });

  const make = async (over: Partial<AppointmentInput> = {}, set: Partial<Pick<Appointment, "status" | "reminded_at" | "patient_confirmed_at" | "anonymised_at">> = {}) => {
    const { appointment } = await createAppointment(t.h, input(over));
    const id = Number(appointment.id);
    if (Object.keys(set).length) await t.h.db.updateTable("appointments").set(set).where("id", "=", id).execute();
    return id;
  };
  const rowOf = async (id: number) => t.h.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const remindedLines = async (id: number) => ((await historyFor(t.h, [id])).get(id) ?? []).filter((e) => e.action === "reminded");

  const context = () => {
    const c = createLoadContext({ nonce: "", clientIp: "203.0.113.7" });
    c.set(staffContext, staff);
    return c;
  };
  const post = async (fields: Record<string, string>) => {
    const request = new Request(`${ORIGIN}/admin/rappels`, { method: "POST", body: new URLSearchParams(fields) });
    return (await action({ request, params: {}, context: context() } as never)) as unknown;
  };
  const load = async (query = "") =>
    (await loader({ request: new Request(`${ORIGIN}/admin/rappels${query}`), url: new URL(`${ORIGIN}/admin/rappels${query}`), params: {}, context: context() } as never)) as Awaited<ReturnType<typeof loader>>;
  const body = (r: unknown) => (r as { data: { ok: boolean; toast?: { description: string; type: string }; result?: { error?: Record<string, string[]> } } }).data;
  const status = (r: unknown) => (r instanceof Response ? r.status : ((r as { init?: { status?: number } | null }).init?.status ?? 200));

  beforeAll(() => setAppEnv(["PUBLIC_URL"], { PUBLIC_URL: ORIGIN }));
  afterAll(() => setAppEnv(["PUBLIC_URL"]));
  beforeEach(async () => {
    const row = await insertStaff(t.h, "accueil@clinique.test", "x");
    staff = staffSession({ userId: Number(row.id), email: row.email, role: row.role, idHash: "test" });
  });

  it("lists the day's requested and confirmed patients not reminded or not confirmed, in time order", async () => {
    const waiting = await make({ name: "Attente Requested", time: "11:00" });
    const confirmedByClinic = await make({ name: "Confirmé Clinique", time: "09:00" }, { status: "confirmed" });
    const remindedOnly = await make({ name: "Rappelé Seulement", time: "10:00" }, { status: "confirmed", reminded_at: "2031-03-03T09:00:00.000Z" });
    const confirmedOnly = await make({ name: "Présence Seulement", time: "10:30" }, { patient_confirmed_at: "2031-03-03T08:00:00.000Z" });
    // left out: both done, another day, not waiting any more, erased
    await make({ name: "Rappelé Et Confirmé", time: "12:00" }, { status: "confirmed", reminded_at: "2031-03-03T09:00:00.000Z", patient_confirmed_at: "2031-03-03T10:00:00.000Z" });
    await make({ name: "Autre Jour", date: addDaysYmd(DAY, 1) });
    await make({ name: "Veille", date: addDaysYmd(DAY, -1) });
    await make({ name: "Annulé", time: "13:30" }, { status: "cancelled" });
    await make({ name: "Honoré", time: "14:00" }, { status: "attended" });
    await make({ name: "Absent", time: "14:30" }, { status: "no_show" });
    await make({ name: "Effacé", time: "15:00" }, { anonymised_at: "2031-03-01T00:00:00.000Z" });

    const list = await listRemindersToSend(t.h, DAY);
    expect(list.map((a) => Number(a.id))).toEqual([confirmedByClinic, remindedOnly, confirmedOnly, waiting]);
    expect(await countRemindersToSend(t.h, DAY)).toBe(4);
    expect(await countRemindersToSend(t.h, addDaysYmd(DAY, 2))).toBe(0);
  });

  it("marks a reminder sent: reminded_at and a history line with the staff member and the channel; again on a second tap", async () => {
    const id = await make({}, { status: "confirmed" });
    const first = await markReminded(t.h, id, "whatsapp", actor(), "2031-03-03T09:15:00.000Z");
    expect(first.ok).toBe(true);
    expect((await rowOf(id)).reminded_at).toBe("2031-03-03T09:15:00.000Z");
    await markReminded(t.h, id, "appel", actor(), "2031-03-03T09:20:00.000Z");
    const lines = await remindedLines(id);
    expect(lines.map((e) => [e.actor, Number(e.staff_user_id), e.detail, e.at, e.from_status, e.to_status])).toEqual([
      ["accueil@clinique.test", staff.userId, "WhatsApp", "2031-03-03T09:15:00.000Z", null, null],
      ["accueil@clinique.test", staff.userId, "Appel téléphonique", "2031-03-03T09:20:00.000Z", null, null],
    ]);
    expect((await rowOf(id)).reminded_at).toBe("2031-03-03T09:20:00.000Z");
    expect((await lastReminders(t.h, [id])).get(id)).toEqual({ at: "2031-03-03T09:20:00.000Z", by: "accueil@clinique.test", channel: "Appel téléphonique" });
    // reminded but not confirmed by the patient: still on the list; confirmed too: off it
    expect((await listRemindersToSend(t.h, DAY)).map((a) => Number(a.id))).toEqual([id]);
    await t.h.db.updateTable("appointments").set({ patient_confirmed_at: "2031-03-03T12:00:00.000Z" }).where("id", "=", id).execute();
    expect(await listRemindersToSend(t.h, DAY)).toEqual([]);
  });

  it("refuses to mark an appointment that no longer waits (cancelled, attended) or does not exist, and writes nothing", async () => {
    const cancelled = await make({}, { status: "cancelled" });
    const attended = await make({ time: "11:00" }, { status: "attended" });
    expect(await markReminded(t.h, cancelled, "sms", actor())).toEqual({ ok: false, reason: "not_waiting" });
    expect(await markReminded(t.h, attended, "sms", actor())).toEqual({ ok: false, reason: "not_waiting" });
    expect(await markReminded(t.h, 999_999, "sms", actor())).toEqual({ ok: false, reason: "not_found" });
    expect((await rowOf(cancelled)).reminded_at).toBeNull();
    expect(await remindedLines(cancelled)).toEqual([]);
    expect(await remindedLines(attended)).toEqual([]);
  });

  it("the screen shows tomorrow (clinic time) by default, another day on ?jour=, with the links ready", async () => {
    const today = todayInClinic();
    const tomorrow = addDaysYmd(today, 1);
    const mine = await make({ name: "Mme Zoé Demain", phone: "+213 661 23 45 67", date: tomorrow, time: "09:30" });
    await make({ name: "Aujourd'hui", date: today, time: "23:45" });
    const later = await make({ name: "Après-demain", date: addDaysYmd(today, 2) });

    const data = await load();
    expect(data.day).toBe(tomorrow);
    expect(data.rows.map((r) => r.id)).toEqual([mine]);
    const row = data.rows[0];
    expect(row.links.remindable).toBe(true);
    expect(row.links.whatsapp).toMatch(/^https:\/\/wa\.me\/213661234567\?text=Bonjour%20Zo%C3%A9%2C/);
    expect(row.links.sms!.startsWith(`sms:+213661234567?body=${encodeURIComponent(`${clinic.shortName} : RDV le `)}`)).toBe(true);
    expect(decodeURIComponent(row.links.whatsapp!.split("?text=")[1])).toMatch(new RegExp(`${ORIGIN}/rdv/[A-Za-z0-9_-]{43}$`, "m"));
    expect(row.links.reminded).toBeNull();

    expect((await load(`?jour=${addDaysYmd(today, 2)}`)).rows.map((r) => r.id)).toEqual([later]);
    expect((await load("?jour=2031-02-30")).day).toBe(tomorrow);
  });

  it("the action marks with JavaScript (a result and its toast) and without (back to the page with the toast)", async () => {
    const id = await make({}, { status: "confirmed" });
    const withJs = await post({ intent: "reminded", id: String(id), channel: "whatsapp", js: "1" });
    expect(status(withJs)).toBe(200);
    expect(body(withJs)).toMatchObject({ ok: true, toast: { type: "success", description: "Rappel noté (WhatsApp)." } });

    const plain = (await post({ intent: "reminded", id: String(id), channel: "sms", back: "/admin/agenda?jour=2031-03-04" })) as Response;
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/admin/agenda?jour=2031-03-04");
    expect(plain.headers.get("Set-Cookie")).toMatch(/clinic_flash=/);
    const outside = (await post({ intent: "reminded", id: String(id), channel: "appel", back: "https://ailleurs.example/admin" })) as Response;
    expect(outside.headers.get("Location")).toBe("/admin/rappels");

    const lines = await remindedLines(id);
    expect(lines.map((e) => [e.detail, e.actor])).toEqual([
      ["WhatsApp", "accueil@clinique.test"],
      ["SMS", "accueil@clinique.test"],
      ["Appel téléphonique", "accueil@clinique.test"],
    ]);
    // the loader reports who and how
    const data = await load(`?jour=${DAY}`);
    expect(data.rows[0].links.reminded).toMatchObject({ by: "accueil@clinique.test", channel: "Appel téléphonique" });
  });

  it("the action refuses a bad channel, an unknown id and a cancelled appointment, in French, storing nothing", async () => {
    const cancelled = await make({}, { status: "cancelled" });
    const bad = await post({ intent: "reminded", id: String(cancelled), channel: "pigeon", js: "1" });
    expect(status(bad)).toBe(400);
    expect(body(bad).toast?.description).toBe("Choisissez comment le patient a été prévenu.");
    const gone = await post({ intent: "reminded", id: "999999", channel: "sms", js: "1" });
    expect(status(gone)).toBe(404);
    expect(body(gone).toast?.description).toBe("Ce rendez-vous n'existe plus.");
    const late = await post({ intent: "reminded", id: String(cancelled), channel: "sms", js: "1" });
    expect(status(late)).toBe(409);
    expect(body(late).toast).toMatchObject({ type: "error", description: "Ce rendez-vous n'attend plus de rappel (honoré, absent, annulé ou effacé)." });
    expect(status(await post({ intent: "reminded", id: "abc", channel: "sms", js: "1" }))).toBe(400);
    expect(await remindedLines(cancelled)).toEqual([]);
    expect(status(await post({ intent: "autre" }))).toBe(400);
  });

  it("saves a template with the staff e-mail; the links follow it; a template without {lien} is refused beside the text", async () => {
    expect((await loadTemplates(t.h, clinic)).whatsapp).toMatchObject({ body: defaultTemplates(clinic).whatsapp, isDefault: true, updatedBy: null });
    const refused = await post({ intent: "template", key: "whatsapp", body: "Bonjour {prénom}, à demain !" });
    expect(status(refused)).toBe(400);
    expect(body(refused).result?.error?.body?.[0]).toMatch(/^Le message doit contenir \{lien\}/);
    expect(await t.h.db.selectFrom("message_templates").selectAll().execute()).toEqual([]);

    const saved = await post({ intent: "template", key: "whatsapp", body: "Salam {prénom} ! RDV le {date} à {heure} : {lien}\r\n" });
    expect(body(saved)).toMatchObject({ ok: true, toast: { description: "Message WhatsApp enregistré." } });
    const stored = await loadTemplates(t.h, clinic);
    expect(stored.whatsapp).toMatchObject({ body: "Salam {prénom} ! RDV le {date} à {heure} : {lien}", isDefault: false, updatedBy: "accueil@clinique.test" });
    expect(stored.sms.isDefault).toBe(true);

    const id = await make({ name: "Karim Saïdi", date: DAY, time: "14:15" });
    const row = (await load(`?jour=${DAY}`)).rows.find((r) => r.id === id)!;
    const text = decodeURIComponent(row.links.whatsapp!.split("?text=")[1]);
    expect(text).toMatch(new RegExp(`^Salam Karim ! RDV le mardi 4 mars à 14:15 : ${ORIGIN}/rdv/[A-Za-z0-9_-]{43}$`));

    // saved again: one row, the new text
    await post({ intent: "template", key: "whatsapp", body: "Bonjour {prénom} : {lien}" });
    expect((await t.h.db.selectFrom("message_templates").select(["key", "body"]).execute()).map((r) => [r.key, r.body])).toEqual([["whatsapp", "Bonjour {prénom} : {lien}"]]);
  });
});
