import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, publicOrigin } from "./config";

describe("configuration", () => {
  it("uses the documented defaults", () => {
    const c = parseConfig({});
    expect(c.DATABASE_URL).toEqual({ kind: "sqlite", path: "./data/clinic.db" });
    expect(c.PORT).toBe(3000);
    expect(c.SEED_DEMO).toBe(true);
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.HEARTBEAT_INTERVAL_MS).toBe(259200000);
    expect(c.UPLOAD_DIR).toBe("./data/uploads");
  });

  it("reads the three forms of DATABASE_URL", () => {
    expect(parseConfig({ DATABASE_URL: "file:/tmp/x.db" }).DATABASE_URL).toEqual({ kind: "sqlite", path: "/tmp/x.db" });
    expect(parseConfig({ DATABASE_URL: "postgres://u@h:5432/db" }).DATABASE_URL).toEqual({ kind: "postgres", url: "postgres://u@h:5432/db" });
    expect(parseConfig({ DATABASE_URL: "postgresql://u@h/db" }).DATABASE_URL.kind).toBe("postgres");
  });

  it("parses booleans, numbers and proxy settings", () => {
    const c = parseConfig({ SEED_DEMO: "false", PORT: "8080", TRUST_PROXY: "1", RATE_LIMIT_FORM_MAX: "3", PUBLIC_URL: "https://clinique.example/chemin" });
    expect(c.SEED_DEMO).toBe(false);
    expect(c.PORT).toBe(8080);
    expect(c.TRUST_PROXY).toBe(1);
    expect(c.RATE_LIMIT_FORM_MAX).toBe(3);
    expect(c.PUBLIC_URL).toBe("https://clinique.example");
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8" }).TRUST_PROXY).toBe("loopback, 10.0.0.0/8");
  });

  it.each([
    [{ PORT: "abc" }, /^Configuration invalide — PORT: attendu un nombre entier$/],
    [{ PORT: "70000" }, /PORT: attendu entre 1 et 65535/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL: attendu file:CHEMIN, postgres:\/\/… ou postgresql:\/\/…/],
    [{ SEED_DEMO: "peut-être" }, /SEED_DEMO: attendu true ou false/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL: attendu une URL smtp/],
    [{ PUBLIC_URL: "ftp://x" }, /PUBLIC_URL: attendu une URL http/],
    [{ ADMIN_EMAIL: "pas-une-adresse" }, /ADMIN_EMAIL: adresse e-mail invalide/],
    [{ ADMIN_PASSWORD: "court" }, /ADMIN_PASSWORD: au moins 10 caractères/],
    [{ SESSION_SECRET: "trop-court" }, /SESSION_SECRET: au moins 32 caractères/],
  ])("refuses %o with one clear line", (env, message) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as Error).message;
    expect(text).toMatch(message);
    expect(text).not.toContain("\n");
  });

  it("reads TRUST_PROXY as off, a hop count or a list of proxy addresses", () => {
    for (const off of [undefined, "", "false", "FALSE", "0"]) expect(parseConfig({ TRUST_PROXY: off }).TRUST_PROXY, String(off)).toBe(false);
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "3" }).TRUST_PROXY).toBe(3);
    expect(parseConfig({ TRUST_PROXY: "127.0.0.1" }).TRUST_PROXY).toBe("127.0.0.1");
    expect(parseConfig({ TRUST_PROXY: " 10.0.0.0/8 ,fd00::/8,LOOPBACK, 2001:db8::1," }).TRUST_PROXY).toBe("10.0.0.0/8, fd00::/8, loopback, 2001:db8::1");
  });

  const TRUST_ANYONE = "« true » ferait confiance à n'importe quel en-tête X-Forwarded-For ; écrivez le nombre de proxys devant le site (par exemple 1) ou leurs adresses (par exemple 127.0.0.1,10.0.0.0/8)";

  it.each(["true", "TRUE", " True "])("refuses TRUST_PROXY=%j with one line that says what to write instead", (value) => {
    let error: unknown;
    try {
      parseConfig({ TRUST_PROXY: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(`Configuration invalide — TRUST_PROXY: ${TRUST_ANYONE}`);
  });

  it.each([
    ["0.0.0.0/0", /TRUST_PROXY: « 0\.0\.0\.0\/0 » ferait confiance à n'importe quel en-tête X-Forwarded-For ; écrivez le nombre de proxys/],
    ["10.0.0.1, ::/0", /TRUST_PROXY: « ::\/0 » ferait confiance à n'importe quel en-tête/],
    ["yes", /TRUST_PROXY: « yes » n'est ni une adresse IP, ni un réseau \(10\.0\.0\.0\/8\), ni loopback, linklocal ou uniquelocal ; écrivez le nombre de proxys/],
    ["10.0.0.300", /TRUST_PROXY: « 10\.0\.0\.300 » n'est ni une adresse IP/],
    ["10.0.0.0/33", /TRUST_PROXY: « 10\.0\.0\.0\/33 » n'est ni une adresse IP/],
    ["fe80::1%eth0", /TRUST_PROXY: « fe80::1%eth0 » n'est ni une adresse IP/],
    ["proxy.example, 10.0.0.1", /TRUST_PROXY: « proxy\.example » n'est ni une adresse IP/],
    [" , ", /^Configuration invalide — TRUST_PROXY: attendu false, le nombre de proxys devant le site \(par exemple 1\) ou leurs adresses/],
    ["11", /^Configuration invalide — TRUST_PROXY: attendu entre 1 et 10 proxys$/],
  ])("refuses TRUST_PROXY=%j", (value, message) => {
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(message);
    expect(() => parseConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
  });

  it("names every bad variable in the same line", () => {
    expect(() => parseConfig({ PORT: "x", SEED_DEMO: "x" })).toThrow(/PORT: .*; SEED_DEMO: /);
  });
});

describe("the public origin of links", () => {
  it("is PUBLIC_URL's origin, or http://localhost:PORT without it (never a request's Host)", () => {
    expect(publicOrigin(parseConfig({ PUBLIC_URL: "https://clinique.example/some/path" }))).toBe("https://clinique.example");
    expect(publicOrigin(parseConfig({}))).toBe("http://localhost:3000");
    expect(publicOrigin(parseConfig({ PORT: "8080" }))).toBe("http://localhost:8080");
  });
});
