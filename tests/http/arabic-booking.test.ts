import { Window } from "happy-dom";
import { afterAll, describe, expect, test } from "vitest";
import { startAppServer } from "./app-server";

/**
 * /ar/appointment (issue 32, items 1 and 7): the booking page in Arabic as the server answers it,
 * the post of a browser without JavaScript answered with Arabic messages beside the fields and
 * what was typed kept, a good post stored with language 'ar' (and its patient record), and the
 * island's JSON answer in Arabic. The French page's texts are those of the other http tests.
 */
const server = await startAppServer();
const window = new Window();
afterAll(async () => {
  await window.happyDOM.close();
  await server.close();
});
const ORIGIN = server.origin;
const parse = (html: string) => new window.DOMParser().parseFromString(html, "text/html");
const ARABIC = /[\u0600-\u06FF]/;

/** French texts of the booking page that must not be left on its Arabic version. */
const FRENCH = [
  "Prendre Rendez-vous",
  "Votre demande",
  "Nom complet",
  "Téléphone",
  "Choisissez",
  "Envoyer ma demande",
  "Voir les horaires libres",
  "Comment ça se passe",
  "Vous préférez appeler",
  "politique de confidentialité",
  "obligatoires",
  "facultatif",
  "Ne pas remplir",
  "Orthodontie",
  "Prothèses",
  "Veuillez",
  "Heure",
];

async function freeDay(service: string): Promise<{ date: string; time: string }> {
  for (let d = 3; d < 40; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const res = await fetch(`${ORIGIN}/appointment/creneaux?${new URLSearchParams({ service, date })}`);
    const body = (await res.json()) as { times: string[] };
    if (body.times.length) return { date, time: body.times[0] };
  }
  throw new Error("no free day");
}

function post(fields: Record<string, string>, accept = "text/html") {
  return fetch(`${ORIGIN}/ar/appointment`, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: accept, Origin: ORIGIN }, redirect: "manual" });
}

/** The page's visible text and labels, its scripts and hidden props left out. */
function frenchLeft(html: string) {
  const doc = parse(html);
  for (const el of doc.body.querySelectorAll("script, style, [lang='fr']")) el.remove();
  const text = (doc.body.textContent ?? "").replace(/\s+/g, " ");
  const labels = [...doc.querySelectorAll("[aria-label], [title], optgroup, option")].map((el) => `${el.getAttribute("aria-label") ?? ""} ${el.getAttribute("label") ?? ""}`).join(" ");
  return FRENCH.filter((w) => text.includes(w) || labels.includes(w));
}

describe("/ar/appointment", () => {
  test("rtl, Arabic labels and services, the French service names as values, no French left", async () => {
    const res = await fetch(`${ORIGIN}/ar/appointment?service=Orthodontie`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const doc = parse(html);
    expect(doc.documentElement.getAttribute("lang")).toBe("ar-DZ");
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(doc.querySelector("h1")?.textContent).toBe("احجز موعدًا");
    expect(doc.querySelector('label[for="booking-name"]')?.textContent).toContain("الاسم الكامل");
    expect(doc.querySelector('label[for="booking-phone"]')?.textContent).toContain("رقم الهاتف");
    expect(doc.querySelector("#booking-phone-description bdi[dir=ltr]")?.textContent).toBe("0550 12 34 56");
    const form = doc.querySelector("form#booking");
    expect(form?.getAttribute("action")).toBe("/ar/appointment");
    const options = [...doc.querySelectorAll("#booking-service option")].map((o) => [o.getAttribute("value"), o.textContent]);
    expect(options).toContainEqual(["Orthodontie", "تقويم الأسنان"]);
    expect(options).toContainEqual(["Prothèses dentaires", "التركيبات السنية"]);
    // '?service=' preselects the service as on the French page
    expect(doc.querySelector("#booking-service option[selected]")?.getAttribute("value")).toBe("Orthodontie");
    expect(doc.querySelector('link[rel="alternate"][hreflang="fr"]')?.getAttribute("href")).toBe(`${ORIGIN}/appointment`);
    expect(doc.querySelector("title")?.textContent).toMatch(ARABIC);
    expect(frenchLeft(html)).toEqual([]);
  });

  test("a bad post without JavaScript: 400, Arabic messages beside the fields, what was typed kept", async () => {
    const { date } = await freeDay("Orthodontie");
    const res = await post({ name: "سارة بن علي", email: "sara@", phone: "12", service: "Orthodontie", date, time: "", message: "صباحًا إن أمكن", submission_key: crypto.randomUUID(), website: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    const doc = parse(html);
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(doc.querySelector("#booking-email-error")?.textContent).toBe("عنوان البريد الإلكتروني غير صحيح: تأكّد من كتابته كاملًا مع الرمز @.");
    expect(doc.querySelector("#booking-phone-error")?.textContent).toContain("رقم الهاتف غير صحيح");
    expect(doc.querySelector("#booking-time-error")?.textContent).toBe("يُرجى اختيار الساعة.");
    expect(doc.querySelector("#booking-consent-error")?.textContent).toBe("يُرجى الموافقة على سياسة الخصوصية لإرسال طلبك.");
    expect(doc.querySelector("#booking-error")?.textContent).toContain("بعض الحقول تحتاج إلى تصحيح");
    expect(doc.querySelector("#booking-name")?.getAttribute("value")).toBe("سارة بن علي");
    expect(doc.querySelector("#booking-message")?.textContent).toBe("صباحًا إن أمكن");
    // the day's free times, in Arabic
    expect(doc.querySelector("#booking-slots [role=status]")?.textContent).toMatch(/متاح/);
    expect(frenchLeft(html)).toEqual([]);
  });

  test("a good post stores the appointment and its new patient record in Arabic; the success screen in Arabic", async () => {
    const { date, time } = await freeDay("Orthodontie");
    const name = `مريض عربي ${Date.now()}`;
    const phone = `0661 ${String(Date.now()).slice(-6, -4)} ${String(Date.now()).slice(-4, -2)} ${String(Date.now()).slice(-2)}`;
    const res = await post({ name, email: "arabe@exemple.dz", phone, service: "Orthodontie", date, time, message: "", consent: "on", submission_key: crypto.randomUUID(), website: "" });
    expect(res.status).toBe(200);
    const html = await res.text();
    const doc = parse(html);
    expect(doc.querySelector("[data-booking-done]")?.textContent).toContain("تقويم الأسنان");
    expect(doc.querySelector("[data-booking-done] bdi[dir=ltr]")?.textContent).toBe(time);
    expect(doc.querySelector("#booking-booked")?.textContent).toBe("ملخّص طلبك");
    expect(frenchLeft(html)).toEqual([]);
    const [row] = server.dbQuery<{ language: string; service: string; patient_id: number }>("select language, service, patient_id from appointments where name = ?", name);
    expect(row).toMatchObject({ language: "ar", service: "Orthodontie" });
    expect(server.dbQuery("select language from patients where id = ?", row.patient_id)).toEqual([{ language: "ar" }]);
  });

  test("the island's JSON answer and the free times in Arabic; the French page's answer unchanged", async () => {
    const { date } = await freeDay("Orthodontie");
    const refused = await post({ name: "", email: "x", phone: "0550 12 34 56", service: "Orthodontie", date, time: "", submission_key: crypto.randomUUID(), website: "" }, "application/json");
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors.name).toBe("يُرجى كتابة الاسم الكامل.");
    const slots = (await (await fetch(`${ORIGIN}/appointment/creneaux?${new URLSearchParams({ service: "Orthodontie", date, lang: "ar" })}`)).json()) as { message: string };
    expect(slots.message).toMatch(/متاح.* يوم /);
    const fr = (await (await fetch(`${ORIGIN}/appointment/creneaux?${new URLSearchParams({ service: "Orthodontie", date })}`)).json()) as { message: string };
    expect(fr.message).toMatch(/horaires? libres? le /);
  });
});

describe("/ar/liste-attente", () => {
  const postWaitlist = (fields: [string, string][]) =>
    fetch(`${ORIGIN}/ar/liste-attente`, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "text/html", Origin: ORIGIN }, redirect: "manual" });

  test("rtl, Arabic labels, weekdays and services; the day wanted preselected as in French", async () => {
    const res = await fetch(`${ORIGIN}/ar/liste-attente?service=Orthodontie&date=2031-03-03`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const doc = parse(html);
    expect(doc.documentElement.getAttribute("dir")).toBe("rtl");
    expect(doc.querySelector("h1")?.textContent).toBe("قائمة الانتظار");
    expect(doc.querySelector("form")?.getAttribute("action")).toBe("/ar/liste-attente");
    expect(doc.body.textContent).toContain("السبت");
    expect(html).toMatch(/name="wishes" checked="" value="1am"/);
    expect(doc.querySelector("#waitlist-service option[selected]")?.textContent).toBe("تقويم الأسنان");
    expect(frenchLeft(html).filter((w) => !["Heure"].includes(w))).toEqual([]);
    expect(html).not.toMatch(/Samedi|Matin|Après-midi|Jusqu'à quand/);
  });

  test("a bad post: Arabic messages beside the fields, what was typed kept; a good one stored with language 'ar'", async () => {
    const until = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const name = `منتظر ${Date.now()}`;
    const bad = await postWaitlist([["service", "Orthodontie"], ["until", until], ["name", name], ["phone", "12"], ["submission_key", crypto.randomUUID()]]);
    expect(bad.status).toBe(400);
    const doc = parse(await bad.text());
    expect(doc.querySelector("#waitlist-wishes-error")?.textContent).toBe("اختر فترة واحدة على الأقل تناسبك.");
    expect(doc.querySelector("#waitlist-phone-error")?.textContent).toContain("رقم الهاتف غير صحيح");
    expect(doc.querySelector("#waitlist-consent-error")?.textContent).toBe("يُرجى الموافقة على سياسة الخصوصية للتسجيل.");
    expect(doc.querySelector("#waitlist-name")?.getAttribute("value")).toBe(name);

    const ok = await postWaitlist([["service", "Orthodontie"], ["wishes", "6am"], ["wishes", "1pm"], ["until", until], ["name", name], ["phone", "0550 12 34 56"], ["consent", "on"], ["submission_key", crypto.randomUUID()]]);
    expect(ok.status).toBe(200);
    const done = parse(await ok.text());
    expect(done.querySelector("[data-waitlist-done]")?.textContent).toContain("تمّ تسجيلك في قائمة الانتظار.");
    expect(done.querySelector("[data-waitlist-done]")?.textContent).toContain("السبت صباحًا، الاثنين بعد الظهر");
    expect(server.dbQuery("select language, service from waitlist_entries where name = ?", name)).toEqual([{ language: "ar", service: "Orthodontie" }]);
  });
});
