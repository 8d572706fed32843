import { afterAll, beforeAll, expect, it } from "vitest";
import { createStaffAccount } from "~/.server/auth";
import { prepareDatabase } from "~/.server/startup";
import { prepareDemoTrial } from "~/.server/demo-trial";
import { getClinic } from "~/.server/clinic";
import { createAppointment } from "~/.server/repos/appointments";
import { getTwoFactorState } from "~/.server/repos/two-factor";
import { getSessionSecret } from "~/.server/toast";
import { openTotpSecret, totpCode, matchTotpStep } from "~/.server/totp";
import { describeEachEngine } from "../helpers/db";
import { setAppEnv } from "./public-form";

/**
 * A local trial of the demo (issue 30): the demo content only and no PUBLIC_URL, the
 * administrator's two-factor sign-in is on with a key the banner prints; a real clinic (a
 * PUBLIC_URL, a second account, an appointment typed by a person) is never touched.
 */
const ENV = ["ADMIN_EMAIL", "ADMIN_PASSWORD", "PUBLIC_URL", "SEED_DEMO", "SESSION_SECRET"] as const;

describeEachEngine("the demo's local trial", { truncateEachTest: false }, (t) => {
  beforeAll(() => setAppEnv(ENV, { SESSION_SECRET: "demo-trial-session-secret-0123456789abcdef" }));
  afterAll(() => setAppEnv(ENV));

  it("a site with a PUBLIC_URL is a real clinic: nothing is set up", async () => {
    await prepareDatabase(t.h);
    expect(await prepareDemoTrial(t.h, { PUBLIC_URL: "https://clinique.example", SEED_DEMO: true })).toBeNull();
    const [admin] = await t.h.db.selectFrom("staff_users").select(["id", "totp_enabled_at"]).execute();
    expect(admin.totp_enabled_at).toBeNull();
  });

  it("the demo only, no PUBLIC_URL: the administrator's key is set up once, under the clinic's name, and its codes are accepted", async () => {
    const trial = await prepareDemoTrial(t.h, { PUBLIC_URL: undefined, SEED_DEMO: true });
    expect(trial).not.toBeNull();
    const clinic = await getClinic(t.h);
    expect(trial!.issuer).toBe(clinic.name);
    expect(trial!.key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(trial!.qr).toMatch(/[▀▄█]/);
    const [admin] = await t.h.db.selectFrom("staff_users").select(["id", "email"]).execute();
    const state = await getTwoFactorState(t.h, Number(admin.id));
    expect(state?.enabledAt).not.toBeNull();
    const base32 = openTotpSecret(state!.secret!, getSessionSecret())!;
    expect(base32).toBe(trial!.key.replace(/ /g, ""));
    expect(matchTotpStep(base32, totpCode(base32))).not.toBeNull();
    // a second start prints the same key
    expect((await prepareDemoTrial(t.h, { PUBLIC_URL: undefined, SEED_DEMO: true }))?.key).toBe(trial!.key);
  });

  it("anything the clinic typed ends the trial: an appointment booked by a person, a second account", async () => {
    const withBooking = await createAppointment(t.h, { name: "Vraie Patiente", email: null, phone: "0550 00 00 01", service: "Orthodontie", date: "2030-01-07", time: "10:00" });
    expect(await prepareDemoTrial(t.h, { PUBLIC_URL: undefined, SEED_DEMO: true })).toBeNull();
    await t.h.db.deleteFrom("appointments").where("id", "=", withBooking.appointment.id).execute();
    expect(await prepareDemoTrial(t.h, { PUBLIC_URL: undefined, SEED_DEMO: true })).not.toBeNull();
    await createStaffAccount(t.h, "assistante@clinique.test", "Sourire-Kouba-2026-bis");
    expect(await prepareDemoTrial(t.h, { PUBLIC_URL: undefined, SEED_DEMO: true })).toBeNull();
  });
});
