import { chromium } from "@playwright/test";
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"] });
for (const [w, h] of [[375, 800], [1280, 900]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(`${base}/mentions-legales`);
  await page.getByRole("note").first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots30/legal-${w}.png` });
  await page.goto(`${base}/`);
  await page.locator("footer").scrollIntoViewIfNeeded();
  await page.locator("footer").screenshot({ path: `/tmp/shots30/footer-${w}.png` });
  await page.close();
}
await browser.close();
