import { expect, test } from "@playwright/test";
import { dbQuery, expectNoSeriousA11yViolations, hydrated, reviewShot } from "./helpers";

/**
 * Booking in Arabic on a phone (issue 32, item 1): /ar/appointment at 375 px, from the service
 * and the day to a free time and the Arabic success screen, with JavaScript (the island); the
 * appointment is stored in Arabic. No sideways scroll, no serious axe violation. The screenshots
 * are for a person to look at (E2E_SHOTS_DIR).
 */
test.use({ reducedMotion: "reduce" });

const TZ = "Africa/Algiers";
function clinicDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test("/ar/appointment at 375 px: a slot picked, the request sent, the Arabic success screen; stored in Arabic", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  let date = "";
  for (let d = 3; d < 40 && !date; d++) {
    const body = (await (await request.get(`/appointment/creneaux?${new URLSearchParams({ service: "Orthodontie", date: clinicDay(d) })}`)).json()) as { times: string[] };
    if (body.times.length > 1) date = clinicDay(d);
  }
  await page.goto("/ar/appointment");
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("احجز موعدًا");
  const form = page.getByRole("form", { name: "طلب موعد" });

  const name = `زبون تجريبي ${Date.now().toString(36)}`;
  await form.getByLabel("الاسم الكامل").fill(name);
  await form.getByLabel("البريد الإلكتروني").fill("arabe@exemple.dz");
  await form.getByLabel("رقم الهاتف").fill("0770 12 34 56");
  await form.getByLabel("العلاج المطلوب").selectOption({ label: "تقويم الأسنان" });
  await form.getByLabel("التاريخ").fill(date);
  // the day's free times, said in Arabic, then offered in 'الساعة'
  await expect(page.locator("#booking-slots [role=status]")).toContainText("متاح");
  const time = form.getByLabel("الساعة");
  await expect(time).toBeEnabled();
  const picked = await time.locator("option[value]:not([value=''])").first().getAttribute("value");
  await time.selectOption(picked!);
  await form.getByRole("checkbox").check();
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll, "no sideways scroll").toBeLessThanOrEqual(0);
  await reviewShot(page, "ar-booking-form-375");
  await expectNoSeriousA11yViolations(page);

  await form.getByRole("button", { name: "أرسل طلبي" }).click();
  await expect(page.getByText("وصلنا طلب موعدك بنجاح. سنتصل بك لتأكيد الموعد.")).toBeVisible();
  const summary = page.getByRole("region", { name: "ملخّص طلبك" });
  await expect(summary).toContainText("تقويم الأسنان");
  await expect(summary.locator("bdi[dir=ltr]").first()).toHaveText(picked!);
  await expect(page.getByRole("link", { name: "إدارة موعدي" })).toBeVisible();
  await expect(page.getByRole("link", { name: "احجز موعدًا آخر" })).toHaveAttribute("href", "/ar/appointment");
  await reviewShot(page, "ar-booking-success-375");
  await expectNoSeriousA11yViolations(page);

  expect(dbQuery<{ language: string; service: string; time: string }>("select language, service, time from appointments where name = ?", name)).toEqual([
    { language: "ar", service: "Orthodontie", time: picked },
  ]);
});

test("/ar/liste-attente at 375 px: right to left, Arabic weekdays, no sideways scroll, axe", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/ar/liste-attente?service=Orthodontie&date=${clinicDay(10)}`);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("قائمة الانتظار");
  await expect(page.getByText("السبت", { exact: true })).toBeVisible();
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll, "no sideways scroll").toBeLessThanOrEqual(0);
  await reviewShot(page, "ar-waitlist-375");
  await expectNoSeriousA11yViolations(page);
});
