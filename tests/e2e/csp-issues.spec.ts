import { expect, test } from "@playwright/test";
import { hydrated } from "./helpers";

/**
 * The CSP stays strict ('unsafe-eval' never allowed) and nothing on the public pages trips it:
 * Chromium's Issues panel (read through the DevTools protocol, as Lighthouse's best-practices
 * audit does) stays empty. Zod's eval probe did (app/lib/zod.ts).
 */
const PAGES = ["/", "/formation", "/appointment", "/gallery", "/blog", "/login", "/implants-dentaires"];

test("the public pages raise no Content Security Policy issue in Chromium", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  const issues: { code: string; details: unknown }[] = [];
  cdp.on("Audits.issueAdded", (e: { issue: { code: string; details: unknown } }) => issues.push(e.issue));
  await cdp.send("Audits.enable");
  for (const path of PAGES) {
    const res = await page.goto(path, { waitUntil: "networkidle" });
    expect(res?.headers()["content-security-policy"]).not.toContain("unsafe-eval");
    // the page's scripts still run (built without eval): the forms' client-side checks on a hydrated page, the site's script everywhere
    await hydrated(page);
  }
  expect(issues.filter((i) => i.code === "ContentSecurityPolicyIssue").map((i) => JSON.stringify(i.details))).toEqual([]);
});
