import crypto from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { TEST_SESSION_SECRET } from "../server-env";
import { addDaysYmd } from "../../app/lib/schedule";
import { todayInClinic } from "../../app/lib/clinic-time";
import { startAppServer } from "./app-server";

/**
 * The patient's personal page in Arabic (/ar/rdv/<token>, issue 32 item 6) through the whole
 * server: right to left in Arabic, no French sentence, the same private headers as /rdv/<token>
 * (private, never stored, not indexed, same-origin Referer); a wrong token is the Arabic 404; the
 * cancellation posted there is answered in Arabic; the .ics is in the patient's language.
 */
const server = await startAppServer();
afterAll(() => server.close());
const { loggedPath } = await import("../../server/app.js");
const ORIGIN = server.origin;

const tokenOf = (salt: string) => crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`rdv-link:${salt}`).digest("base64url");
const text = async (res: Response) => (await res.text()).replace(/\s+/g, " ").replaceAll("&#x27;", "'");

/**
 * A future appointment of the demo content with a personal link, made Arabic (appointment and
 * record): after tomorrow in the clinic's time, so that the cancellation's 24 hours before it
 * hold whatever the hour the test runs (between 23:00 and midnight UTC, "tomorrow" in UTC is
 * today in Algiers).
 */
function arabicAppointment(): { id: number; token: string } {
  const today = addDaysYmd(todayInClinic(), 1);
  const rows = server.dbQuery<{ id: number; link_salt: string; patient_id: number | null }>(
    "select id, link_salt, patient_id from appointments where link_salt is not null and status in ('requested', 'confirmed') and date > ? and service = 'Orthodontie' order by date, time limit 1",
    today,
  );
  if (!rows.length) throw new Error("no demo appointment with a personal link");
  const [a] = rows;
  server.dbRun("update appointments set language = 'ar' where id = ?", a.id);
  if (a.patient_id !== null) server.dbRun("update patients set language = 'ar' where id = ?", a.patient_id);
  return { id: a.id, token: tokenOf(a.link_salt) };
}

describe("/ar/rdv/<token>", () => {
  test("the page in Arabic, right to left, private and not indexed; a wrong token is the Arabic 404", async () => {
    const { token } = arabicAppointment();
    expect(loggedPath(`/ar/rdv/${token}`)).toBe("/ar/rdv/[lien]");
    const res = await fetch(`${ORIGIN}/ar/rdv/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex");
    const french = await fetch(`${ORIGIN}/rdv/${token}`);
    for (const h of ["cache-control", "x-robots-tag", "referrer-policy"]) expect(res.headers.get(h), h).toBe(french.headers.get(h));
    const html = await text(res);
    expect(html).toMatch(/<html lang="ar-DZ" dir="rtl"/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<meta name="referrer" content="same-origin"/>');
    expect(html).toMatch(/<h1[^>]*>موعدك<\/h1>/);
    expect(html).toContain("تقويم الأسنان");
    expect(html).toContain("إضافة الموعد إلى رزنامتي");
    expect(html).toContain(`href="/rdv/${token}/calendrier.ics"`);
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    for (const french of ["Votre rendez-vous", "Annuler le rendez-vous", "Je confirme", "La clinique", "Soin", "Heure"]) expect(main, french).not.toContain(french);

    const wrong = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const missing = await fetch(`${ORIGIN}/ar/rdv/${wrong}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("private, no-store");
    const missingHtml = await text(missing);
    expect(missingHtml).toMatch(/<html lang="ar-DZ" dir="rtl"/);
    expect(missingHtml).toContain("الرابط غير صالح");
  });

  test("a cancellation without its reason is refused in Arabic; with it, said done in Arabic; the .ics is in Arabic", async () => {
    const { id, token } = arabicAppointment();
    const ics = await fetch(`${ORIGIN}/rdv/${token}/calendrier.ics`);
    const calendar = (await ics.text()).replace(/\r\n /g, "");
    expect(calendar).toContain("SUMMARY:تقويم الأسنان — ");
    expect(calendar).toMatch(/DESCRIPTION:موعد: تقويم الأسنان/);
    expect(calendar).toMatch(new RegExp(`\\nURL[^:]*:https?://[^/]+/ar/rdv/${token}`));

    const post = (fields: Record<string, string>) => fetch(`${ORIGIN}/ar/rdv/${token}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: ORIGIN } });
    const refused = await post({ intent: "cancel", reason: "" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("اذكر سبب الإلغاء.");
    const done = await post({ intent: "cancel", reason: "ظرف طارئ" });
    expect(done.status).toBe(200);
    expect(await text(done)).toContain("أُلغي موعدك. شكرًا لإعلامنا.");
    expect(server.dbQuery<{ status: string }>("select status from appointments where id = ?", id)[0].status).toBe("cancelled");
  });
});
