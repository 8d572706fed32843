import { beforeEach, expect, it } from "vitest";
import { createAppointment } from "~/.server/repos/appointments";
import { insertStaff } from "~/.server/repos/staff";
import { createLoadContext, staffContext } from "~/context";
import { action as agendaAction } from "~/routes/admin.agenda";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/**
 * The agenda's 'pay' intent ('Encaisser', app/.server/front-desk-actions.ts) on both engines: the
 * statuses and the French messages the screen shows, beside the amount or above the button, and
 * nothing stored by a refusal; an assistant (no price permission) may collect.
 */
describeEachEngine("the agenda's 'Encaisser' action", { appDb: true }, (t) => {
  let userId: number;
  let appointmentId: number;
  const submit = async (fields: Record<string, string>) => {
    const context = createLoadContext({ nonce: "", clientIp: "203.0.113.7" });
    context.set(staffContext, staffSession({ userId, email: "assistant@clinique.test", role: "assistant" }));
    const request = new Request("http://clinic.test/admin/agenda", { method: "POST", body: new URLSearchParams({ intent: "pay", ...fields }) });
    const r = (await agendaAction({ request, params: {}, context } as never)) as {
      data: { ok: boolean; result?: { error?: Record<string, string[]> }; toast?: { description: string } };
      init: { status?: number } | null;
    };
    return { ok: r.data.ok, status: r.init?.status ?? 200, errors: r.data.result?.error ?? {}, toast: r.data.toast?.description };
  };
  const stored = async () => t.h.db.selectFrom("payments").selectAll().where("kind", "=", "payment").execute();

  beforeEach(async () => {
    userId = Number((await insertStaff(t.h, "assistant@clinique.test", "not-a-real-hash", "assistant")).id);
    const { appointment } = await createAppointment(t.h, { name: "Amina Benali", email: null, phone: "0550 12 34 56", service: "Orthodontie", date: "2026-11-23", time: "10:00", prixtotal: 1_500_000, prixpay: 300_000 });
    appointmentId = Number(appointment.id);
    await t.h.db.updateTable("appointments").set({ status: "attended" }).where("id", "=", appointmentId).execute();
  });

  it("refuses bad amounts beside the field with 400, and an amount over the balance with 409 and the balance", async () => {
    const id = String(appointmentId);
    expect(await submit({ id, amount: "abc", mode: "especes" })).toMatchObject({ ok: false, status: 400, errors: { amount: ["Montant invalide : indiquez un nombre en DA (exemple : 5000 ou 5000,50)."] } });
    expect(await submit({ id, amount: "10,123", mode: "especes" })).toMatchObject({ status: 400, errors: { amount: ["Deux chiffres au plus après la virgule (les centimes)."] } });
    expect(await submit({ id, amount: "0", mode: "especes" })).toMatchObject({ status: 400, errors: { amount: ["Le montant doit être supérieur à 0."] } });
    expect(await submit({ id, amount: "100", mode: "bitcoin" })).toMatchObject({ status: 400, errors: { mode: ["Choisissez le mode de paiement."] } });
    expect(await submit({ id, amount: "12 000,01", mode: "cib" })).toMatchObject({ ok: false, status: 409, errors: { amount: ["Le montant dépasse le reste à payer (12\u202f000\u00a0DA)."] } });
    expect(await submit({ id: "999999", amount: "100", mode: "cib" })).toMatchObject({ status: 404, errors: { "": ["Ce rendez-vous n'existe plus."] } });
    expect(await submit({ amount: "100", mode: "cib" })).toMatchObject({ status: 400 });
    // a cheque carries its number
    expect(await submit({ id, amount: "100", mode: "cheque" })).toMatchObject({ status: 400, errors: { chequeNumber: ["Indiquez le numéro du chèque."] } });
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a cancelled appointment above the button (409)", async () => {
    await t.h.db.updateTable("appointments").set({ status: "cancelled" }).where("id", "=", appointmentId).execute();
    expect(await submit({ id: String(appointmentId), amount: "100", mode: "especes" })).toMatchObject({ status: 409, errors: { "": ["Ce rendez-vous est annulé : aucun paiement ne peut y être encaissé."] } });
    expect(await stored()).toHaveLength(0);
  });

  it("stores the payment of an assistant and answers the toast once committed", async () => {
    const r = await submit({ id: String(appointmentId), amount: "12000", mode: "especes", note: "reçu remis" });
    expect(r).toMatchObject({ ok: true, status: 200, toast: expect.stringMatching(/^Encaissé : 12\u202f000\u00a0DA \(Espèces\), reçu n° \d{4}-000001\.$/) });
    expect(await stored()).toMatchObject([{ amount: expect.anything(), mode: "especes", note: "reçu remis", taken_by: userId }]);
    const row = await t.h.db.selectFrom("appointments").select("prixpay").where("id", "=", appointmentId).executeTakeFirstOrThrow();
    expect(Number(row.prixpay)).toBe(1_500_000);
  });
});
