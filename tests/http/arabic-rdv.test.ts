import crypto from "node:crypto";
import { Window } from "happy-dom";
import { afterAll, describe, expect, test } from "vitest";
import { startAppServer } from "./app-server";

/**
 * /ar/rdv/<token> with the French page's features (issue 32): the move form (its day, its free
 * times, its button) in Arabic; a move posted there refused in Arabic beside its field, then done,
 * said in Arabic with the day in Arabic and stored; a cancellation said in Arabic and stored; the
 * French page of the same appointment still French.
 */
const server = await startAppServer();
const window = new Window();
afterAll(async () => {
  await window.happyDOM.close();
  await server.close();
});
const ORIGIN = server.origin;

const parse = (html: string) => new window.DOMParser().parseFromString(html, "text/html");
const textOf = (html: string) => (parse(html).body.textContent ?? "").replace(/\s+/g, " ");

/** A day from 3 days ahead with a free time of `service` that is not `not`, by the site's own (Arabic) answer. */
async function freeDay(service: string, not = ""): Promise<{ date: string; time: string; message: string }> {
  for (let d = 3; d < 40; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    if (date === not) continue;
    const res = await fetch(`${ORIGIN}/appointment/creneaux?${new URLSearchParams({ service, date, lang: "ar" })}`);
    const body = (await res.json()) as { times: string[]; message: string };
    if (body.times.length) return { date, time: body.times[0], message: body.message };
  }
  throw new Error("no free day");
}

/** An appointment booked on /ar/appointment as a patient does, and its personal link read on the success screen. */
let booked = 0;
async function appointment(): Promise<{ id: number; token: string; date: string; time: string; service: string; success: string }> {
  const service = "Orthodontie";
  const { date, time } = await freeDay(service);
  const name = `مريض الرابط ${Date.now()}${booked++}`;
  const digits = String(Date.now() + booked).slice(-6);
  const res = await fetch(`${ORIGIN}/ar/appointment`, {
    method: "POST",
    body: new URLSearchParams({ name, email: "rabet@exemple.dz", phone: `0661 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`, service, date, time, message: "", consent: "on", submission_key: crypto.randomUUID(), website: "" }),
    headers: { Origin: ORIGIN },
  });
  expect(res.status).toBe(200);
  const success = await res.text();
  const link = /\/ar\/rdv\/([A-Za-z0-9_-]{20,})/.exec(success);
  expect(link, "the personal link on the success screen").not.toBeNull();
  const [row] = server.dbQuery<{ id: number; date: string; time: string }>("select id, date, time from appointments where name = ?", name);
  return { ...row, token: link![1], service, success };
}

const post = (token: string, fields: Record<string, string>) =>
  fetch(`${ORIGIN}/ar/rdv/${token}`, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: ORIGIN } });

/** "الثلاثاء 1 ديسمبر" as the server says a day (ar-DZ, Western digits, no comma). */
const dayAr = (ymd: string) =>
  new Intl.DateTimeFormat("ar-DZ-u-nu-latn", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${ymd}T12:00:00Z`)).replace("،", "");

describe("/ar/rdv/<token>: the French page's features in Arabic", () => {
  test("the move form is there, in Arabic: its disclosure, day, time, status line and button; the French page stays French", async () => {
    const { token } = await appointment();
    const html = await (await fetch(`${ORIGIN}/ar/rdv/${token}`)).text();
    const doc = parse(html);
    const move = doc.querySelector('form[aria-label="تغيير اليوم أو الساعة"]');
    expect(move, "move form").not.toBeNull();
    expect(doc.querySelector('label[for="rdv-move-date"]')?.textContent).toContain("التاريخ الجديد");
    expect(doc.querySelector('label[for="rdv-move-time"]')?.textContent).toContain("الساعة");
    expect(doc.querySelector("#rdv-move-time option")?.textContent).toBe("اختر التاريخ أولًا");
    const text = textOf(html);
    for (const words of ["تغيير اليوم أو الساعة", "اختر يومًا جديدًا", "تغيير موعد الزيارة", "إلغاء الموعد", "تأكيد الإلغاء", "العيادة", "عرض الخريطة"]) expect(text, words).toContain(words);
    // the page's day in Arabic, the time left to right
    expect(doc.querySelector('dd bdi[dir="ltr"]')?.textContent).toMatch(/^\d{2}:\d{2}$/);
    expect(html).not.toContain("الصفحة بالفرنسية");

    const french = textOf(await (await fetch(`${ORIGIN}/rdv/${token}`)).text());
    for (const words of ["Changer de jour ou d'heure", "Nouvelle date", "Déplacer le rendez-vous", "Annuler le rendez-vous"]) expect(french, words).toContain(words);
    expect(french).not.toContain("تغيير");
  });

  test("a move posted to /ar/rdv: a missing time and a past day refused in Arabic; a free time stored and said in Arabic", async () => {
    const a = await appointment();
    const missing = await post(a.token, { intent: "move", date: "", time: "" });
    expect(missing.status).toBe(400);
    const missingText = textOf(await missing.text());
    expect(missingText).toContain("يُرجى اختيار الساعة.");
    expect(missingText).not.toContain("Veuillez");

    const past = await post(a.token, { intent: "move", date: "2020-01-06", time: "10:00" });
    expect(past.status).toBe(400);
    expect(textOf(await past.text())).toContain("لا يمكن أن يكون التاريخ في الماضي.");

    // 'عرض الأوقات المتاحة' without JavaScript: the day's status line in Arabic
    const free = await freeDay(a.service, a.date);
    const slots = await post(a.token, { intent: "slots", date: free.date, time: "" });
    expect(slots.status).toBe(200);
    expect(textOf(await slots.text())).toContain(free.message);

    const done = await post(a.token, { intent: "move", date: free.date, time: free.time });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    const doneText = textOf(doneHtml);
    expect(doneText).toContain(`تغيّر موعدك إلى ${dayAr(free.date)} على الساعة`);
    expect(doneText).toContain(free.time);
    expect(doneText).not.toMatch(/déplacé/);
    const row = server.dbQuery<{ date: string; time: string; status: string }>("select date, time, status from appointments where id = ?", a.id)[0];
    expect(row).toMatchObject({ date: free.date, time: free.time });

    // the same time again: refused in Arabic at the top of the page
    const same = await post(a.token, { intent: "move", date: free.date, time: free.time });
    expect(same.status).toBe(400);
    expect(textOf(await same.text())).toContain("هذا هو وقت موعدك الحالي: اختر وقتًا آخر.");
  });

  test("a cancellation posted to /ar/rdv is said in Arabic and stored; the page then offers a new appointment by phone, in Arabic", async () => {
    const a = await appointment();
    const done = await post(a.token, { intent: "cancel", reason: "ظرف طارئ" });
    expect(done.status).toBe(200);
    const text = textOf(await done.text());
    expect(text).toContain("أُلغي موعدك. شكرًا لإعلامنا.");
    expect(text).toContain("تريد موعدًا جديدًا؟");
    expect(text).toContain("لقد ألغيت هذا الموعد.");
    const row = server.dbQuery<{ status: string; cancel_reason: string; cancelled_by: string }>("select status, cancel_reason, cancelled_by from appointments where id = ?", a.id)[0];
    expect(row).toEqual({ status: "cancelled", cancel_reason: "ظرف طارئ", cancelled_by: "patient" });
  });
});

test("the booking's success screen on /ar/appointment links the Arabic personal page, and its .ics answers", async () => {
  const { token, success } = await appointment();
  const card = parse(success);
  expect(card.querySelector(`a[href$="/ar/rdv/${token}"]`)?.textContent).toContain("إدارة موعدي");
  const href = card.querySelector("a[href$='calendrier.ics']")?.getAttribute("href") ?? "";
  expect(new URL(href).pathname).toBe(`/rdv/${token}/calendrier.ics`);
  const ics = await fetch(`${ORIGIN}/rdv/${token}/calendrier.ics`);
  expect(ics.status).toBe(200);
  expect((await ics.text()).replace(/\r\n /g, "")).toContain(`/ar/rdv/${token}`);
});
