import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "./app.js";

let server: Server | undefined;

afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** The app with a fake build: hasStaffSession answers `signedIn`; the router itself is not there (500). */
async function start(signedIn: boolean) {
  const seen: { url: string; cookie: string | undefined }[] = [];
  const build = {
    entry: {
      module: {
        healthCheck: async () => true,
        hasStaffSession: async (url: string, cookie: string | undefined) => {
          seen.push({ url, cookie });
          return signedIn;
        },
      },
    },
  };
  const app = createApp({
    getBuild: async () => build,
    clientDir: "/nonexistent",
    uploadDir: "/nonexistent",
    trustProxy: false,
    production: true,
    logger: pino({ level: "silent" }),
  });
  server = app.listen(0);
  await new Promise((r) => server!.once("listening", r));
  return { base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, seen };
}

const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", body: new URLSearchParams({ intent: "create" }), headers, redirect: "manual" });

describe("guard on admin page posts", () => {
  it("answers 401 with a French page and a way back to the login, before any route runs", async () => {
    const { base, seen } = await start(false);
    for (const p of ["/admin", "/admin/appointments", "/ADMIN/blog", "/%61dmin/formations/1/inscriptions.csv", "/admin/appointments?index"]) {
      const res = await post(`${base}${p}`, { Cookie: "clinic_session=abc" });
      expect(res.status, p).toBe(401);
      const html = await res.text();
      expect(html).toContain("Session expirée");
      expect(html).toContain('href="/login?redirectTo=');
    }
    expect(seen[0]).toEqual({ url: `${base}/admin`, cookie: "clinic_session=abc" });
  });

  it("lets through reads, client data requests, public posts and signed-in staff", async () => {
    const anonymous = await start(false);
    expect((await fetch(`${anonymous.base}/admin/appointments`, { redirect: "manual" })).status).not.toBe(401);
    expect((await post(`${anonymous.base}/admin/appointments.data`)).status).not.toBe(401);
    expect((await post(`${anonymous.base}/appointment`)).status).not.toBe(401);
    expect((await post(`${anonymous.base}/administration`)).status).not.toBe(401);
    await new Promise((r) => server?.close(r));

    const staff = await start(true);
    expect((await post(`${staff.base}/admin/appointments`, { Cookie: "clinic_session=ok" })).status).not.toBe(401);
  });
});
