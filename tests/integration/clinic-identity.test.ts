import { RouterContextProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";
import { changedParts, getClinic, getClinicForEdit, parseStoredClinic, saveClinic } from "~/.server/clinic";
import { checklistFor, goLiveChecklist } from "~/.server/go-live-checklist";
import { staffActor, type Actor } from "~/.server/actor";
import { insertStaff } from "~/.server/repos/staff";
import { staffContext } from "~/context";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import { CLINIC_FORM_MESSAGES, clinicFormValue } from "~/lib/clinic-form";
import { permissionsOf } from "~/lib/permissions";
import { action as clinicAction, loader as clinicLoader } from "~/routes/admin.clinique";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/**
 * The clinic's identity (docs/product.md, "Staff: clinic identity") on both engines: what a stored
 * document reads as (a damaged part falls back to the demo's), what /admin/clinique saves (one
 * transaction with its audit entry, a version that refuses a stale form), and the staff home's
 * list 'Avant la mise en ligne'.
 */

const SLOTS = ["home.hero", "doctor.portrait", "espace.room"];
const CONFIGURED = { SMTP_URL: "smtp://127.0.0.1:2525", PUBLIC_URL: "https://www.clinique-exemple.dz" };

const REAL: Clinic = {
  ...DEMO_CLINIC,
  name: "Cabinet Dentaire Benali",
  doctor: { ...DEMO_CLINIC.doctor, name: "Dr Amina Benali" },
  phones: [{ label: "Cabinet", display: "021 11 22 33", tel: "+21321112233" }],
  email: "contact@cabinet-benali.dz",
  address: { ...DEMO_CLINIC.address, street: "3, rue Didouche Mourad", oneLine: "3, rue Didouche Mourad, Kouba, Alger" },
  map: { lat: 36.75, lon: 3.05, zoomBox: [3.043, 36.746, 3.057, 36.754] },
  diplomas: [{ year: 2001, title: "Doctorat en médecine dentaire", institution: "Université d'Oran" }],
  figures: { yearsOfExperience: 12, patients: 2500, surgeries: 80, since: 2014, satisfaction: 96 },
  legal: {
    registration: "Agrément n° 31/CD/0099",
    order: "Inscrite au tableau de l'Ordre, section d'Oran",
    activity: "Cabinet de chirurgie dentaire",
    director: "Dr Amina Benali",
    host: { name: "Hébergeur Réel SPA", address: "1, rue de la Paix, Alger", phone: "021 00 00 01", website: "https://www.hebergeur-reel.dz" },
  },
};

/** The form as the screen posts it, from an identity, with changes. */
function formOf(c: Clinic, version: string, over: Record<string, string> = {}): FormData {
  const v = clinicFormValue(c, version);
  const form = new FormData();
  form.set("intent", "save");
  for (const [k, value] of Object.entries(v)) {
    if (typeof value === "string") form.set(k, value);
    else value.forEach((row, i) => Object.entries(row).forEach(([f, x]) => form.set(`${k}[${i}].${f}`, x)));
  }
  for (const [k, value] of Object.entries(over)) form.set(k, value);
  return form;
}

describeEachEngine("clinic identity", { appDb: true }, (t) => {
  let actor: Actor;
  let staffId: number;
  beforeEach(async () => {
    const u = await insertStaff(t.h, "dentiste@clinique.dz", "hash-not-used", "dentist");
    staffId = Number(u.id);
    actor = staffActor({ userId: staffId, email: "dentiste@clinique.dz", ip: "198.51.100.7" });
  });

  const entries = () => t.h.db.selectFrom("audit_log").selectAll().orderBy("id").execute();

  function post(form: FormData) {
    const context = new RouterContextProvider();
    context.set(staffContext, staffSession({ userId: staffId, email: "dentiste@clinique.dz", role: "dentist", idHash: "test" }));
    const request = new Request("http://clinic.test/admin/clinique", { method: "POST", body: form });
    return clinicAction({ request, context, params: {} } as never) as unknown as Promise<{ data: { ok: boolean; result?: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } }; init: { status?: number } | null }>;
  }

  it("reads the demo identity until staff save one; a damaged part falls back to the demo's, the rest is kept", async () => {
    expect(await getClinic(t.h)).toEqual(DEMO_CLINIC);
    expect(parseStoredClinic(null)).toEqual(DEMO_CLINIC);
    expect(parseStoredClinic("{not json")).toEqual(DEMO_CLINIC);
    expect(parseStoredClinic("[]")).toEqual(DEMO_CLINIC);
    const damaged = parseStoredClinic(JSON.stringify({ ...REAL, phones: "0550", legal: { registration: 12 } }));
    expect(damaged.name).toBe(REAL.name);
    expect(damaged.diplomas).toEqual(REAL.diplomas);
    expect(damaged.phones).toEqual(DEMO_CLINIC.phones);
    expect(damaged.legal).toEqual(DEMO_CLINIC.legal);
  });

  it("reads a document written by an older version: a key the identity no longer has (timeZone) is left out, the rest is kept", async () => {
    const older = JSON.stringify({ ...REAL, timeZone: "Africa/Algiers", somethingElse: { a: 1 } });
    expect(parseStoredClinic(older)).toEqual(REAL);
    expect(parseStoredClinic(older)).not.toHaveProperty("timeZone");
    await t.h.db.updateTable("clinic_settings").set({ data: older }).where("id", "=", 1).execute();
    expect(await getClinic(t.h)).toEqual(REAL);
    // saved again over it: the old key is not written back
    const { clinic, version } = await getClinicForEdit(t.h);
    expect(await saveClinic(t.h, { ...clinic, name: "Autre" }, actor, { version })).toEqual({ ok: true, changed: ["name"] });
    const row = await t.h.db.selectFrom("clinic_settings").select("data").where("id", "=", 1).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data ?? "{}")).toEqual({ ...REAL, name: "Autre" });
  });

  it("saves the identity and its audit entry together, naming the parts changed, never their values", async () => {
    const { version } = await getClinicForEdit(t.h);
    const saved = await saveClinic(t.h, REAL, actor, { version });
    expect(saved).toEqual({ ok: true, changed: changedParts(DEMO_CLINIC, REAL) });
    expect(await getClinic(t.h)).toEqual(REAL);
    const rows = await entries();
    expect(rows.map((e) => [e.action, e.target_type, e.target_id, e.actor, Number(e.staff_user_id)])).toEqual([["clinic.update", "clinic", "1", "dentiste@clinique.dz", staffId]]);
    expect(rows[0].detail).toBe("name, doctor, address, phones, email, figures, map, diplomas, legal");
    expect(rows[0].detail).not.toContain("Benali");

    // saved again from the same (now stale) version: refused, nothing written
    expect(await saveClinic(t.h, { ...REAL, name: "Autre" }, actor, { version })).toEqual({ ok: false, reason: "stale" });
    expect((await getClinic(t.h)).name).toBe(REAL.name);
    expect(await entries()).toHaveLength(1);
  });

  it("a failed audit write leaves the identity as it was (one transaction)", async () => {
    // the audit entry cannot be written: its table is away
    await t.h.db.schema.alterTable("audit_log").renameTo("audit_log_off").execute();
    try {
      await expect(saveClinic(t.h, REAL, actor)).rejects.toThrow();
    } finally {
      await t.h.db.schema.alterTable("audit_log_off").renameTo("audit_log").execute();
    }
    expect(await getClinic(t.h)).toEqual(DEMO_CLINIC);
  });

  it("/admin/clinique saves a valid form: phones in E.164 and as shown, the one-line address and the map box derived", async () => {
    const { version } = (await clinicLoader()) as { version: string };
    const r = await post(
      formOf(DEMO_CLINIC, version, {
        "phones[0].number": "+213 21 11 22 33",
        "phones[1].number": "0661.23.45.67",
        street: "3, rue Didouche Mourad",
        lat: "36,75",
        lon: "3.05",
        patients: "7 500",
        registration: "Agrément n° 31/CD/0099",
      }),
    );
    expect(r.init?.status ?? 200).toBe(200);
    expect(r.data.ok).toBe(true);
    const c = await getClinic(t.h);
    expect(c.phones).toEqual([
      { label: "Cabinet", display: "021 11 22 33", tel: "+21321112233" },
      { label: "Mobile", display: "0661 23 45 67", tel: "+213661234567" },
    ]);
    expect(c.address.oneLine).toBe("3, rue Didouche Mourad, Kouba, Alger");
    expect(c.map).toEqual({ lat: 36.75, lon: 3.05, zoomBox: [3.043, 36.746, 3.057, 36.754] });
    expect(c.figures.patients).toBe(7500);
    expect(c.legal.registration).toBe("Agrément n° 31/CD/0099");
    expect(c.diplomas).toEqual(DEMO_CLINIC.diplomas);
    expect((await entries()).map((e) => e.action)).toEqual(["clinic.update"]);
  });

  it("refuses bad values with French messages beside the fields, keeps what was typed and stores nothing", async () => {
    const { version } = (await clinicLoader()) as { version: string };
    const year = new Date().getFullYear();
    const r = await post(
      formOf(DEMO_CLINIC, version, {
        "phones[0].number": "0123",
        "social[0].url": "http://www.facebook.com/x",
        yearsOfExperience: "81",
        satisfaction: "101",
        since: String(year + 1),
        lat: "91",
        postalCode: "160",
        "diplomas[0].year": "1900",
        registration: "",
      }),
    );
    expect(r.init?.status).toBe(400);
    const errors = r.data.result?.error ?? {};
    expect(errors["phones[0].number"]?.[0]).toMatch(/^Numéro de téléphone invalide/);
    expect(errors["social[0].url"]).toEqual([CLINIC_FORM_MESSAGES.url]);
    expect(errors.yearsOfExperience).toEqual(["De 0 à 80 ans."]);
    expect(errors.satisfaction).toEqual(["Un pourcentage de 0 à 100."]);
    expect(errors.since).toEqual([`Une année entre 1950 et ${year}.`]);
    expect(errors.lat?.[0]).toMatch(/^La latitude va de -90 à 90/);
    expect(errors.postalCode).toEqual([CLINIC_FORM_MESSAGES.postalCode]);
    expect(errors["diplomas[0].year"]).toEqual([`Une année entre 1950 et ${year}.`]);
    expect(errors.registration).toEqual(["Indiquez le numéro d'agrément ou d'autorisation."]);
    expect(r.data.result?.initialValue).toMatchObject({ satisfaction: "101", postalCode: "160" });
    expect(await getClinic(t.h)).toEqual(DEMO_CLINIC);
    expect(await entries()).toHaveLength(0);

    // a number that is plausible but does not exist in Algeria
    const unknown = await post(formOf(DEMO_CLINIC, version, { "phones[0].number": "0123 45 67 89" }));
    expect(unknown.data.result?.error?.["phones[0].number"]).toEqual([CLINIC_FORM_MESSAGES.phoneUnknown]);
  });

  it("a form shown before someone else's save is refused with the stale message (409)", async () => {
    const { version } = (await clinicLoader()) as { version: string };
    await saveClinic(t.h, REAL, actor);
    const r = await post(formOf(DEMO_CLINIC, version));
    expect(r.init?.status).toBe(409);
    expect(r.data.result?.error?.[""]).toEqual([CLINIC_FORM_MESSAGES.stale]);
    expect(await getClinic(t.h)).toEqual(REAL);
  });

  it("'Avant la mise en ligne' lists each demo value, with the screen that fixes it, to who may fix it", async () => {
    const all = await goLiveChecklist({ h: t.h, config: { SMTP_URL: undefined, PUBLIC_URL: undefined }, photoSlots: SLOTS });
    expect(all.map((i) => i.id)).toEqual([
      "legal-registration",
      "legal-order",
      "legal-activity",
      "legal-director",
      "legal-host",
      "identity-name",
      "identity-phones",
      "identity-email",
      "identity-address",
      "identity-diplomas",
      "figure-patients",
      "figure-satisfaction",
      "figure-years",
      "figure-since",
      "figure-surgeries",
      "photos",
      "gallery",
      "reviews-demo",
      "smtp",
      "public-url",
    ]);
    expect(all.find((i) => i.id === "legal-registration")?.href).toBe("/admin/clinique#mentions-legales");
    expect(all.find((i) => i.id === "photos")).toMatchObject({ label: "3 emplacements du site sur 3 montrent encore un dessin", href: "/admin/photos" });
    expect(all.find((i) => i.id === "gallery")?.href).toBe("/admin/galerie");
    // every public fact of the demo is listed, the figures and the reviews too (issue 30)
    expect(all.find((i) => i.id === "figure-patients")).toMatchObject({ label: "Chiffre «\u202f7\u202f000+ patients\u202f»\u202f: valeur de démonstration", href: "/admin/clinique#chiffres" });
    expect(all.find((i) => i.id === "reviews-demo")).toMatchObject({ label: "4 avis patients de démonstration publiés", href: "/admin/galerie#avis" });
    expect(all.find((i) => i.id === "smtp")).toMatchObject({ href: "/admin/emails", permission: "outbox:manage" });
    expect(all.find((i) => i.id === "smtp")?.hint).toContain("aucun n'attend pour l'instant");

    // a dentist sees what the content screens fix; an assistant nothing; an admin everything
    const dentist = checklistFor(all, permissionsOf("dentist", { assistantCanEditPrices: false }));
    expect(dentist.map((i) => i.id)).not.toContain("smtp");
    expect(dentist).toHaveLength(18);
    expect(checklistFor(all, permissionsOf("assistant", { assistantCanEditPrices: true }))).toEqual([]);
    expect(checklistFor(all, permissionsOf("admin", { assistantCanEditPrices: false }))).toHaveLength(20);
  });

  it("the list shrinks as the clinic replaces demo values, uploads photos and adds a case, and is empty once ready", async () => {
    const now = new Date().toISOString();
    await saveClinic(t.h, { ...DEMO_CLINIC, legal: { ...DEMO_CLINIC.legal, registration: "Agrément n° 31/CD/0099" } }, actor);
    const one = await goLiveChecklist({ h: t.h, config: CONFIGURED, photoSlots: SLOTS });
    expect(one.map((i) => i.id)).not.toContain("legal-registration");
    expect(one.map((i) => i.id)).toContain("legal-order");

    await saveClinic(t.h, REAL, actor);
    await t.h.db.insertInto("media").values({ id: "a".repeat(32), width: 800, height: 600, widths: "480,800", created_at: now }).execute();
    await t.h.db.insertInto("site_photos").values({ slot: "home.hero", media_id: "a".repeat(32), alt: "La salle d'attente", updated_at: now }).execute();
    const photos = await goLiveChecklist({ h: t.h, config: CONFIGURED, photoSlots: SLOTS });
    expect(photos.map((i) => [i.id, i.label])).toEqual([
      ["photos", "2 emplacements du site sur 3 montrent encore un dessin"],
      ["gallery", "Aucun cas avant/après : la galerie montre l'exemple dessiné"],
      ["reviews-demo", "4 avis patients de démonstration publiés"],
    ]);
    // the demo's reviews unpublished (the clinic publishes its own): the line goes
    await t.h.db.updateTable("reviews").set({ published: 0 }).execute();

    for (const slot of SLOTS.slice(1)) await t.h.db.insertInto("site_photos").values({ slot, media_id: "a".repeat(32), alt: "Photo", updated_at: now }).execute();
    await t.h.db
      .insertInto("gallery_cases")
      .values({ treatment: "Facettes", description: "Six facettes", before_alt: "Avant", after_alt: "Après", consent_date: "2026-01-10", consent_scope: "site", created_at: now, updated_at: now })
      .execute();
    expect(await goLiveChecklist({ h: t.h, config: CONFIGURED, photoSlots: SLOTS })).toEqual([]);
    // a case whose consent is withdrawn does not count
    await t.h.db.updateTable("gallery_cases").set({ withdrawn_at: now }).execute();
    expect((await goLiveChecklist({ h: t.h, config: CONFIGURED, photoSlots: SLOTS })).map((i) => i.id)).toEqual(["gallery"]);
  });

  it("without SMTP, says how many e-mails wait", async () => {
    const now = new Date().toISOString();
    for (const to of ["a@exemple.dz", "b@exemple.dz"]) await t.h.db.insertInto("outbox").values({ to_address: to, subject: "s", body_text: "t", status: "pending", attempts: 0, created_at: now }).execute();
    const smtp = (await goLiveChecklist({ h: t.h, config: { SMTP_URL: undefined, PUBLIC_URL: CONFIGURED.PUBLIC_URL }, photoSlots: [] })).find((i) => i.id === "smtp");
    expect(smtp?.hint).toContain("2 e-mails attendent");
  });
});
