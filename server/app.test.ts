import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { AppServerBuild, ServerEntry } from "~/server-entry";
import { createApp } from "./app.js";

let server: Server | undefined;

afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = undefined;
});

/** A build whose entry answers the health check only: these tests request /healthz alone. */
function healthOnlyBuild(healthCheck: ServerEntry["healthCheck"]) {
  return { entry: { module: { healthCheck } } } as unknown as AppServerBuild;
}

async function start(healthy: boolean | "throws") {
  const build = healthOnlyBuild(async () => {
    if (healthy === "throws") throw new Error("boom");
    return healthy;
  });
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
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe("HTTP server", () => {
  it("GET /healthz answers 200 when the database answers", async () => {
    const base = await start(true);
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("GET /healthz answers 503 when the database does not", async () => {
    const base = await start(false);
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(503);
    expect((await res.json()).database).toBe("unreachable");
  });

  it("GET /healthz answers 503 when the check itself fails", async () => {
    const base = await start("throws");
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
  });

  it("sends the security headers with a fresh CSP nonce per request", async () => {
    const base = await start(true);
    const a = await fetch(`${base}/healthz`);
    const b = await fetch(`${base}/healthz`);
    const csp = a.headers.get("content-security-policy")!;
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("frame-src https://www.openstreetmap.org");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(b.headers.get("content-security-policy")).not.toContain(nonce);
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(a.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });
});
