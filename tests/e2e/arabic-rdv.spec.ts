import { expect, test } from "@playwright/test";
import { dbQuery, expectNoSeriousA11yViolations, hydrated, reviewShot } from "./helpers";

/**
 * The personal page in Arabic on a phone (issue 32): booked on /ar/appointment at 375 px, the
 * personal link followed to /ar/rdv/<token>, and the appointment moved there to another day as a
 * person does it (the disclosure 'تغيير اليوم أو الساعة', a new date, a free time offered by the
 * day's Arabic status line, the button), the move said in Arabic and stored. No sideways scroll,
 * no serious axe violation; the screenshots are for a person to look at (E2E_SHOTS_DIR).
 */
test.use({ reducedMotion: "reduce" });

const TZ = "Africa/Algiers";
function clinicDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

test("/ar/rdv at 375 px: the appointment moved to another day in Arabic, and stored", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const days: string[] = [];
  for (let d = 3; d < 40 && days.length < 2; d++) {
    const body = (await (await request.get(`/appointment/creneaux?${new URLSearchParams({ service: "Orthodontie", date: clinicDay(d) })}`)).json()) as { times: string[] };
    if (body.times.length > 1) days.push(clinicDay(d));
  }
  const [first, second] = days;

  // booked in Arabic, the personal link followed from the success screen
  await page.goto("/ar/appointment");
  await hydrated(page);
  const booking = page.getByRole("form", { name: "طلب موعد" });
  const name = `مريض ينقل موعده ${Date.now().toString(36)}`;
  await booking.getByLabel("الاسم الكامل").fill(name);
  await booking.getByLabel("البريد الإلكتروني").fill("naql@exemple.dz");
  await booking.getByLabel("رقم الهاتف").fill("0770 98 76 54");
  await booking.getByLabel("العلاج المطلوب").selectOption({ label: "تقويم الأسنان" });
  await booking.getByLabel("التاريخ").fill(first);
  const bookTime = booking.getByLabel("الساعة");
  await expect(bookTime).toBeEnabled();
  await bookTime.selectOption((await bookTime.locator("option[value]:not([value=''])").first().getAttribute("value"))!);
  await booking.getByRole("checkbox").check();
  await booking.getByRole("button", { name: "أرسل طلبي" }).click();
  await page.getByRole("link", { name: "إدارة موعدي" }).click();
  await expect(page).toHaveURL(/\/ar\/rdv\/[A-Za-z0-9_-]{43}$/);
  await hydrated(page);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("موعدك");

  // the move, as a person does it
  await page.getByText("تغيير اليوم أو الساعة", { exact: true }).click();
  const move = page.getByRole("form", { name: "تغيير اليوم أو الساعة" });
  await expect(move.getByText("اختر تاريخًا، وستظهر هنا الأوقات المتاحة في ذلك اليوم.")).toBeVisible();
  await move.getByLabel("التاريخ الجديد").fill(second);
  await expect(move.locator("#rdv-move-slots [role=status]")).toContainText("متاح");
  const time = move.getByLabel("الساعة");
  await expect(time).toBeEnabled();
  const picked = (await time.locator("option[value]:not([value=''])").nth(1).getAttribute("value"))!;
  await time.selectOption(picked);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(scroll, "no sideways scroll").toBeLessThanOrEqual(0);
  await reviewShot(page, "ar-rdv-move-375");
  await expectNoSeriousA11yViolations(page);

  await move.getByRole("button", { name: "تغيير موعد الزيارة" }).click();
  await expect(page.getByRole("status").filter({ hasText: "تغيّر موعدك إلى" })).toContainText(picked);
  const [row] = dbQuery<{ date: string; time: string; language: string }>("select date, time, language from appointments where name = ?", name);
  expect(row).toEqual({ date: second, time: picked, language: "ar" });
  await expect(page.locator("dd bdi[dir=ltr]").first()).toHaveText(picked);
  await reviewShot(page, "ar-rdv-moved-375");
});
