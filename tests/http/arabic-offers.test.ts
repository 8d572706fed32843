import crypto from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { TEST_SESSION_SECRET } from "../server-env";
import { scanArabicPage } from "../helpers/arabic-scan";
import { startAppServer } from "./app-server";

/**
 * The waiting-list offer and the recall's 'Ne plus me rappeler' in Arabic (/ar/offre/<token>,
 * /ar/rappel/<token>; issue 32) through the whole server: right to left in Arabic with no French
 * word left (the rules of arabic-scan.test.ts), the same private headers as the French pages, the
 * Arabic 404 for a wrong token, kept out of robots.txt and of the logs; a claim posted there is
 * booked in Arabic and answered in Arabic, and so are the refusals; the recall's opt-out too.
 */
const server = await startAppServer();
afterAll(() => server.close());
const { loggedPath } = await import("../../server/app.js");
const ORIGIN = server.origin;

async function freeSlot(service: string): Promise<{ date: string; time: string }> {
  for (let d = 3; d < 40; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${ORIGIN}/appointment/creneaux?${new URLSearchParams({ service, date })}`);
    const body = (await res.json()) as { times: string[] };
    if (body.times.length) return { date, time: body.times[0] };
  }
  throw new Error("no free day");
}

/** An entry made in Arabic and an open offer of a slot, as offerFreedSlot stores them; the token as the server derives it. */
function offerFor(name: string, slot: { date: string; time: string }): string {
  const now = new Date().toISOString();
  server.dbRun(
    "insert into waitlist_entries (name, phone, email, service, wishes, until_date, status, source, language, created_at, updated_at) values (?, '0550 12 34 56', null, 'Orthodontie', '1am', ?, 'offered', 'online', 'ar', ?, ?)",
    name,
    slot.date,
    now,
    now,
  );
  const [{ id }] = server.dbQuery<{ id: number }>("select id from waitlist_entries where name = ?", name);
  const salt = crypto.randomBytes(16).toString("base64url");
  const token = crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`offre-link:${salt}`).digest("base64url");
  const hash = crypto.createHash("sha256").update(token).digest("hex");
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  server.dbRun("insert into waitlist_offers (entry_id, service, date, time, chair, status, link_salt, link_hash, expires_at, created_at) values (?, 'Orthodontie', ?, ?, 1, 'open', ?, ?, ?, ?)", id, slot.date, slot.time, salt, hash, expires, now);
  return token;
}

const post = (path: string, fields: Record<string, string>) => fetch(`${ORIGIN}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: ORIGIN } });

async function expectArabic(res: Response, status: number): Promise<string> {
  expect(res.status).toBe(status);
  const html = await res.text();
  const page = await scanArabicPage(html);
  expect(page.lang).toBe("ar-DZ");
  expect(page.dir).toBe("rtl");
  expect(page.found).toEqual([]);
  return html.replace(/\s+/g, " ").replaceAll("&#x27;", "'");
}

test("robots.txt keeps both Arabic personal pages out; the logs never carry their token", async () => {
  const robots = await (await fetch(`${ORIGIN}/robots.txt`)).text();
  expect(robots).toContain("Disallow: /ar/offre/");
  expect(robots).toContain("Disallow: /ar/rappel/");
  const token = "a".repeat(43);
  expect(loggedPath(`/ar/offre/${token}`)).toBe("/ar/offre/[lien]");
  expect(loggedPath(`/ar/rappel/${token}`)).toBe("/ar/rappel/[lien]");
});

describe("/ar/offre/<token>", () => {
  test("the offer in Arabic, private and not indexed as the French page; the claim booked in Arabic and answered in Arabic; the second patient reads it was taken, in Arabic", async () => {
    const slot = await freeSlot("Orthodontie");
    const first = offerFor(`Offre AR A ${Date.now()}`, slot);
    const second = offerFor(`Offre AR B ${Date.now()}`, slot);

    const res = await fetch(`${ORIGIN}/ar/offre/${first}`);
    const french = await fetch(`${ORIGIN}/offre/${first}`);
    for (const h of ["cache-control", "x-robots-tag", "referrer-policy"]) expect(res.headers.get(h), h).toBe(french.headers.get(h));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await expectArabic(res, 200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('<meta name="referrer" content="same-origin"/>');
    expect(html).toMatch(/<h1[^>]*>تحرّر موعد<\/h1>/);
    expect(html).toContain("تقويم الأسنان");
    expect(html).toContain(`<bdi dir="ltr">${slot.time}</bdi>`);
    expect(html).toMatch(/<button type="submit" value="claim"[^>]* name="intent">احجز هذا الموعد<\/button>/);
    // the French page is still French
    expect(await french.text()).toContain("Prendre ce rendez-vous");

    // a post that is not the claim: refused in Arabic
    const unknown = await post(`/ar/offre/${first}`, { intent: "nothing" });
    expect(await expectArabic(unknown, 400)).toContain("لم يعد هذا العرض صالحًا.");

    const claimed = await post(`/ar/offre/${first}`, { intent: "claim" });
    const done = await expectArabic(claimed, 200);
    expect(done).toContain("تمّ الحجز: هذا الموعد لك.");
    expect(done).toContain("هذا الموعد لك.");
    expect(done).toMatch(/href="http:\/\/127\.0\.0\.1:\d+\/ar\/rdv\/[A-Za-z0-9_-]{43}"/);
    expect(server.dbQuery("select language, status from appointments where date = ? and time = ? and status = 'confirmed'", slot.date, slot.time)).toEqual([{ language: "ar", status: "confirmed" }]);

    // the other patient: the page and the claim say it was taken, in Arabic
    expect(await expectArabic(await fetch(`${ORIGIN}/ar/offre/${second}`), 200)).toContain("حُجز هذا الموعد للتوّ.");
    const refused = await post(`/ar/offre/${second}`, { intent: "claim" });
    expect(await expectArabic(refused, 409)).toContain("حجز هذا الموعدَ للتوّ مريضٌ آخر من قائمة الانتظار.");
  });

  test("a wrong or malformed token: the Arabic 404, private", async () => {
    for (const token of ["x".repeat(43), "court"]) {
      const res = await fetch(`${ORIGIN}/ar/offre/${token}`);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-robots-tag")).toBe("noindex");
      expect(await expectArabic(res, 404)).toContain("الرابط غير صالح");
    }
  });
});

describe("/ar/rappel/<token>", () => {
  const tokenOf = (salt: string) => crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`rappel-link:${salt}`).digest("base64url");

  test("the question in Arabic; a wrong post refused in Arabic; the opt-out stored and said in Arabic; a wrong token is the Arabic 404", async () => {
    const [{ patient_id: patientId, link_salt: salt }] = server.dbQuery<{ patient_id: number; link_salt: string }>("select patient_id, link_salt from recalls order by due_date limit 1");
    const token = tokenOf(salt);
    const res = await fetch(`${ORIGIN}/ar/rappel/${token}`);
    const french = await fetch(`${ORIGIN}/rappel/${token}`);
    for (const h of ["cache-control", "x-robots-tag", "referrer-policy"]) expect(res.headers.get(h), h).toBe(french.headers.get(h));
    const html = await expectArabic(res, 200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/<h1[^>]*>رسائل التذكير بالمتابعة<\/h1>/);
    expect(html).toContain("هل تريد التوقّف عن تلقّي رسائل التذكير بالمتابعة؟");
    expect(html).toMatch(/<a [^>]*href="\/ar\/appointment"[^>]*>اختر يومًا<\/a>/);
    expect(server.dbQuery("select recall_opt_out_at from patients where id = ?", patientId)).toEqual([{ recall_opt_out_at: null }]);

    const unknown = await post(`/ar/rappel/${token}`, { intent: "start" });
    expect(await expectArabic(unknown, 400)).toContain("إجراء غير معروف");
    expect(server.dbQuery("select recall_opt_out_at from patients where id = ?", patientId)).toEqual([{ recall_opt_out_at: null }]);

    const done = await post(`/ar/rappel/${token}`, { intent: "stop" });
    expect(await expectArabic(done, 200)).toContain("سجّلنا طلبك.");
    expect(server.dbQuery<{ by: string }>("select recall_opt_out_by as by from patients where id = ?", patientId)).toEqual([{ by: "Patient" }]);
    expect(await expectArabic(await fetch(`${ORIGIN}/ar/rappel/${token}`), 200)).toContain("سبق أن طلبت ألّا نذكّرك بعد الآن.");

    const wrong = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const missing = await fetch(`${ORIGIN}/ar/rappel/${wrong}`);
    expect(missing.headers.get("cache-control")).toBe("private, no-store");
    expect(await expectArabic(missing, 404)).toContain("الرابط غير صالح");
  });
});
