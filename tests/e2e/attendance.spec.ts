import { expect, test } from "@playwright/test";
import { dbQuery, dbRun, E2E_DENTIST, expectNoSeriousA11yViolations, hydrated, insertEnrollment, insertFormation, loginAsStaff, reviewShot } from "./helpers";

/**
 * Attendance on a phone and the certificate it gives (issue 31, item 6): at 375 px a dentist
 * marks each participant with one tap, issues the certificates on the session's last day, and
 * anyone checks one on /attestation/<code>. axe on both screens.
 */
test.use({ viewport: { width: 375, height: 800 } });

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Algiers" }).format(d);
};

test("marks attendance with one tap per participant, issues the certificates, and the public page confirms one", async ({ page }) => {
  const title = `Greffe osseuse ${Date.now().toString(36)}`;
  const formationId = insertFormation({ title, is_active: false });
  const now = new Date().toISOString();
  const sessionId = Number(
    dbRun(
      "insert into formation_sessions (formation_id, start_date, end_date, day_start, day_end, place, capacity, price, created_at, updated_at) values (?, ?, ?, '09:00', '16:30', 'Salle de formation, Kouba', 8, null, ?, ?)",
      formationId,
      day(-1),
      day(0),
      now,
      now,
    ).lastInsertRowid,
  );
  const amel = insertEnrollment({ formation_id: formationId, user_name: "Amel", user_surname: "Zerrouki", status: "confirmed", email: "amel.z@exemple.dz" });
  const walid = insertEnrollment({ formation_id: formationId, user_name: "Walid", user_surname: "Benali", status: "confirmed", email: "walid.b@exemple.dz" });
  dbRun("update enrollments set session_id = ? where id in (?, ?)", sessionId, amel, walid);

  await loginAsStaff(page, `/admin/presences/${sessionId}`, E2E_DENTIST);
  await expect(page.getByRole("heading", { level: 1, name: `Présences — ${title}` })).toBeVisible();
  await hydrated(page);
  // today is picked; one tap each
  await expect(page.getByRole("navigation", { name: "Jours de la session" }).getByRole("link")).toHaveCount(2);
  const present = page.getByRole("button", { name: /Amel Zerrouki\s:\sprésent\(e\)/ });
  await present.click();
  await expect(present).toHaveAttribute("aria-pressed", "true");
  const absent = page.getByRole("button", { name: /Walid Benali\s:\sabsent\(e\)/ });
  await absent.click();
  await expect(absent).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => dbQuery("select enrollment_id, present from session_attendance where session_id = ? order by enrollment_id", sessionId)).toEqual([
    { enrollment_id: amel, present: 1 },
    { enrollment_id: walid, present: 0 },
  ]);
  const box = await present.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await expectNoSeriousA11yViolations(page);
  await reviewShot(page, "attendance-375");

  await page.getByRole("button", { name: "Délivrer les attestations" }).click();
  await expect(page.getByText("1 attestation délivrée, 1 envoyée par e-mail.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Télécharger toutes les attestations (PDF)" })).toBeVisible();
  const [cert] = dbQuery<{ code: string; number: string }>("select code, number from certificates where session_id = ?", sessionId);
  await expect(page.getByText(`n° ${cert.number}`)).toBeVisible();
  await reviewShot(page, "attendance-issued-375");

  await page.goto(`/attestation/${cert.code}`);
  await expect(page.getByText("Attestation authentique")).toBeVisible();
  await expect(page.getByText("Amel Zerrouki")).toBeVisible();
  await expect(page.getByText(`« ${title} »`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await reviewShot(page, "certificate-check-375");
});
