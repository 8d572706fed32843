import crypto from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { TEST_SESSION_SECRET } from "../server-env";
import { startAppServer } from "./app-server";

/**
 * The page 'Ne plus me rappeler' (/rappel/<token>, issue 31) through the whole server: the GET
 * shows the question and changes nothing, the page's post opts the patient out (the list and the
 * record read it), a wrong token is a 404, every answer is private, never stored, not indexed.
 * The demo content holds recalls due (app/.server/db/seed.ts); their token is made here from the
 * stored salt as the server makes it (HMAC of the salt under the session secret).
 */
const server = await startAppServer();
afterAll(() => server.close());
// after the server: server/app.js loads React, which must be the build's production one
const { loggedPath } = await import("../../server/app.js");
const ORIGIN = server.origin;

const tokenOf = (salt: string) => crypto.createHmac("sha256", TEST_SESSION_SECRET).update(`rappel-link:${salt}`).digest("base64url");
const optOut = (patientId: number) => server.dbQuery<{ at: string | null; by: string | null }>("select recall_opt_out_at as at, recall_opt_out_by as by from patients where id = ?", patientId)[0];
const snapshot = () => JSON.stringify([server.dbQuery("select * from patients order by id"), server.dbQuery("select * from recalls order by id"), server.dbQuery("select * from patient_events order by id")]);

describe("/rappel/<token>", () => {
  test("GET shows the question and changes nothing; the post opts out; a wrong token is a 404", async () => {
    const recalls = server.dbQuery<{ patient_id: number; link_salt: string; link_hash: string }>("select patient_id, link_salt, link_hash from recalls order by due_date");
    expect(recalls.length).toBeGreaterThanOrEqual(2);
    const { patient_id: patientId, link_salt: salt, link_hash: hash } = recalls[0];
    const token = tokenOf(salt);
    // only the hash is stored
    expect(hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(server.dbQuery("select * from recalls"))).not.toContain(token);

    // the request logs never carry the token
    expect(loggedPath(`/rappel/${token}`)).toBe("/rappel/[lien]");
    expect(loggedPath(`/rappel/${token}.data`)).toBe("/rappel/[lien].data");
    const before = snapshot();
    const page = await fetch(`${ORIGIN}/rappel/${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    const html = (await page.text()).replace(/\s+/g, " ");
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(/Ne plus recevoir de rappels de suivi\s?\?/);
    const form = html.slice(html.indexOf("<form"), html.indexOf("</form>") + 7);
    expect(form.slice(0, 200), "the page's form").toMatch(/^<form [^>]*method="post"/);
    expect(form).toContain('name="intent" value="stop"');
    expect(form).toMatch(/<button type="submit"[^>]*>Ne plus me rappeler<\/button>/);
    // a second GET, a HEAD: still nothing changed
    await fetch(`${ORIGIN}/rappel/${token}`, { method: "HEAD" });
    expect(snapshot()).toBe(before);
    expect(optOut(patientId)).toEqual({ at: null, by: null });

    const done = await fetch(`${ORIGIN}/rappel/${token}`, { method: "POST", body: new URLSearchParams({ intent: "stop" }), headers: { Origin: ORIGIN } });
    expect(done.status).toBe(200);
    expect(done.headers.get("cache-control")).toBe("private, no-store");
    expect((await done.text()).replace(/\s+/g, " ").replaceAll("&#x27;", "'")).toMatch(/C'est noté\..*Vous ne recevrez plus de messages de rappel/);
    const stored = optOut(patientId);
    expect(stored.by).toBe("Patient");
    expect(Date.parse(stored.at ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(server.dbQuery("select action, actor from patient_events where patient_id = ? and action like 'recall%'", patientId)).toEqual([{ action: "recall_opt_out", actor: "Patient" }]);
    // the link again: said as done, nothing more written
    const again = await fetch(`${ORIGIN}/rappel/${token}`);
    expect((await again.text()).replace(/\s+/g, " ")).toContain("Vous avez déjà demandé à ne plus être rappelé.");

    // a wrong, a malformed token: the same 404, nothing written but the miss counter
    const afterOptOut = snapshot();
    const wrong = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    for (const bad of [wrong, "court", `${token}x`]) {
      const res = await fetch(`${ORIGIN}/rappel/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect((await res.text()).replace(/\s+/g, " ")).toContain("Lien introuvable");
    }
    const posted = await fetch(`${ORIGIN}/rappel/${wrong}`, { method: "POST", body: new URLSearchParams({ intent: "stop" }), headers: { Origin: ORIGIN } });
    expect(posted.status).toBe(404);
    expect(snapshot()).toBe(afterOptOut);
  });

  test("the booking link of a recall preselects its service without JavaScript, and is not served from the page cache", async () => {
    const res = await fetch(`${ORIGIN}/appointment?service=${encodeURIComponent("Blanchiment des dents")}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<option value="Blanchiment des dents" selected="">/);
    const plainPage = await (await fetch(`${ORIGIN}/appointment`)).text();
    expect(plainPage).not.toMatch(/<option value="[^"]+" selected="">/);
    // an unknown service preselects nothing
    expect(await (await fetch(`${ORIGIN}/appointment?service=Inconnu`)).text()).not.toMatch(/<option value="[^"]+" selected="">/);
  });
});
