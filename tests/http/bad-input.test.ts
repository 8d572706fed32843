import http from "node:http";
import { afterAll, describe, expect, test } from "vitest";
import { startAppServer } from "./app-server";

/**
 * Bad input answers 4xx, never 500 (docs/decisions/006-request-limits.md): a corpus of malformed
 * requests is sent to every route of the build (documents and, for screens, their `.data`
 * requests): bodies that are not forms, broken multiparts, bodies over every limit (declared or
 * chunked), malformed session cookies, malformed percent-encoding, traversal under the static
 * folders, a bad Host header. Each answer is below 500; a page says it in French. The site runs in
 * this process (tests/http/app-server.ts); what needs a browser stays in tests/e2e/bad-input.spec.ts.
 */
interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { default?: unknown };
}

const server = await startAppServer();
afterAll(() => server.close());
const routes = server.build.routes as unknown as Record<string, BuildRoute>;
const dbQuery = server.dbQuery;
const E2E_PORT = server.port;

/** The URL of a route, with a dummy value for every parameter. */
function urlOf(route: BuildRoute): string {
  const segments: string[] = [];
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) if (r.path) segments.unshift(r.path);
  const parts = segments
    .join("/")
    .split("/")
    .filter((s) => s && !s.endsWith("?"))
    .map((s) => (s === "*" ? "x" : s.startsWith(":") ? "1" : s));
  return `/${parts.join("/")}`;
}

const documents = [...new Set(Object.values(routes).map(urlOf))].sort();
const dataRequests = [
  ...new Set(
    Object.values(routes)
      .filter((r) => r.module.default && r.id !== "root")
      .map((r) => {
        const p = urlOf(r);
        return r.index ? `${p === "/" ? "/_root" : p}.data?index` : `${p}.data`;
      }),
  ),
].sort();
const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
/** Over every body limit of the site, the blog editor's upload limit included. */
const OVERSIZED = 7 * 1024 * 1024;
/** The photo screens take multipart bodies up to 25 MiB (two photos): one byte-heavy step over it. */
const PHOTO_OVERSIZED = 26 * 1024 * 1024;
const oversizedFor = (target: string, type: string) => (/^\/admin\/(photos|galerie)(\.data)?$/.test(target) && type.startsWith("multipart/") ? PHOTO_OVERSIZED : OVERSIZED);

interface Answer {
  status: number;
  type: string;
  body: string;
}

/**
 * One raw HTTP request (fetch and Playwright would normalise the path and the Host). A body of
 * `size` bytes is streamed, chunked unless `declared`; writing stops once the server answers.
 */
function send(
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; size?: number; declared?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: `127.0.0.1:${E2E_PORT}`, ...init.headers };
    if (init.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(init.body));
    if (init.size !== undefined && init.declared) headers["Content-Length"] = String(init.size);
    let answered = false;
    // one connection per request: a refused upload may leave its connection cut
    const req = http.request({ host: "127.0.0.1", port: E2E_PORT, path: target, method: init.method ?? "GET", headers, agent: false }, (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      const done = () => {
        resolve({ status: res.statusCode!, type: String(res.headers["content-type"] ?? ""), body });
        req.destroy();
      };
      res.on("data", (c) => (body += c));
      res.on("end", done);
      res.on("error", done);
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    if (init.size === undefined) return void req.end(init.body);
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    // A declared body above what the server drains (16 MiB, server/app.js) is refused on its
    // header alone and the connection closed: send the header and wait for the answer (writing
    // the body would race the close and end in EPIPE before the answer is read).
    const toWrite = init.declared && init.size > 16 * 1024 * 1024 ? 0 : init.size;
    if (toWrite === 0) req.flushHeaders();
    const write = () => {
      while (sent < toWrite && !answered && !req.destroyed) {
        const part = chunk.subarray(0, Math.min(chunk.length, toWrite - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      if (toWrite === init.size) req.end();
    };
    write();
  });
}

/** The error page's language: Arabic under /ar (the Arabic pages' own error pages, issue 32), else French. */
const ERROR_PAGE = {
  fr: { html: '<html lang="fr"', 400: /<h1[^>]*>Requête invalide<\/h1>/, 413: /<h1[^>]*>Envoi trop volumineux<\/h1>/ },
  ar: { html: '<html lang="ar-DZ" dir="rtl"', 400: /<h1[^>]*>طلب غير صالح<\/h1>/, 413: /<h1[^>]*>حجم الإرسال كبير جدًا<\/h1>/ },
};
const pageOf = (target: string) => ERROR_PAGE[/^\/ar(\/|$|\?)/.test(target) ? "ar" : "fr"];

/** No 5xx; a refusal in a page is the error page in the page's language, in a data request or a resource route a French message. */
function expectRefused(a: Answer, status: 400 | 413, what: string, target: string) {
  expect(a.status, `${what} answered ${a.status}`).toBe(status);
  const words = status === 413 ? "taille permise" : "Requête invalide";
  if (a.type.startsWith("text/html")) {
    expect(a.body, what).toContain(pageOf(target).html);
    expect(a.body, what).toMatch(pageOf(target)[status]);
  } else {
    expect(a.body, what).toContain(words);
  }
}

function expectNoServerError(a: Answer, what: string, target: string) {
  expect(a.status, `${what} answered ${a.status}`).toBeLessThan(500);
  if (a.status >= 400 && a.type.startsWith("text/html")) expect(a.body, what).toContain(pageOf(target).html);
}

const NOT_FORMS: { name: string; type: string; body: string }[] = [
  { name: "JSON", type: "application/json", body: '{"email":"intrus@exemple.dz","password":"x"}' },
  { name: "plain text", type: "text/plain", body: "email=intrus@exemple.dz" },
  { name: "XML", type: "application/xml", body: "<a>intrus</a>" },
  { name: "multipart without boundary", type: "multipart/form-data", body: "intent=create" },
  { name: "unterminated multipart", type: "multipart/form-data; boundary=x", body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate' },
  { name: "multipart with a bad part", type: "multipart/form-data; boundary=x", body: "--x\r\nno headers here\r\n--x--\r\n" },
];

const BAD_COOKIES = ["clinic_session=%E0%A4%A", "clinic_session=%ZZ; clinic_flash=%ZZ", "clinic_session=\u00e9\u00ff\u00fe", `clinic_session=${"%".repeat(3000)}`];

describe("bad input never gets a 5xx", () => {
  test("the build lists the routes of the site", () => {
    for (const p of ["/", "/login", "/logout", "/admin/blog", "/appointment"]) expect(documents).toContain(p);
    expect(dataRequests).toContain("/login.data");
  });

  for (const target of [...documents, ...dataRequests]) {
    test(`POST ${target}: bodies that are not forms are 400, bodies over the limit 413, never 5xx`, async () => {
      const before = dbQuery("select (select count(*) from appointments) a, (select count(*) from enrollments) e, (select count(*) from blogs) b, (select count(*) from formations) f");
      for (const bad of NOT_FORMS) {
        const a = await send(target, { method: "POST", headers: { "Content-Type": bad.type, Origin: ORIGIN }, body: bad.body });
        expectRefused(a, 400, `${bad.name} to ${target}`, target);
      }
      for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
        for (const declared of [true, false]) {
          const size = oversizedFor(target, type);
          const a = await send(target, { method: "POST", headers: { "Content-Type": type, Origin: ORIGIN }, size, declared });
          expectRefused(a, 413, `${declared ? "declared" : "chunked"} ${type} of ${size / 1024 / 1024} MiB to ${target}`, target);
        }
      }
      expect(dbQuery("select (select count(*) from appointments) a, (select count(*) from enrollments) e, (select count(*) from blogs) b, (select count(*) from formations) f")).toEqual(before);
    });

    test(`${target} with a malformed session cookie: no 5xx, for a page and an empty form`, async () => {
      for (const cookie of BAD_COOKIES) {
        expectNoServerError(await send(target, { headers: { Cookie: cookie } }), `GET ${target} with ${cookie.slice(0, 40)}`, target);
        const post = await send(target, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN }, body: "" });
        expectNoServerError(post, `POST ${target} with ${cookie.slice(0, 40)}`, target);
      }
    });
  }

  test("malformed percent-encoding in a path is a 4xx page in the page's language, under every route", { timeout: 120_000 }, async () => {
    for (const base of documents) {
      for (const bad of ["%ZZ", "%E0%A4%A", "%C0%AF", "%"]) {
        const target = `${base === "/" ? "" : base}/${bad}`;
        const a = await send(target);
        expectNoServerError(a, `GET ${target}`, target);
        expect(a.status, target).not.toBe(200);
      }
    }
  });

  test("traversal and malformed names under the static folders are 4xx with a French page", async () => {
    for (const target of [
      "/assets/../../package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/assets/..%2f..%2fpackage.json",
      "/assets/%ZZ",
      "/assets/a%00b",
      "/uploads/../e2e.db",
      "/uploads/%2e%2e/e2e.db",
      "/uploads/..%2fe2e.db",
      "/uploads/%ZZ",
      "/uploads/..%5c..%5cpackage.json",
      "/media/%2e%2e/%2e%2e/package.json",
      "/favicon.svg/%2e%2e/%2e%2e/package.json",
    ]) {
      const a = await send(target);
      expect(a.status, target).toBeGreaterThanOrEqual(400);
      expectNoServerError(a, target, target);
      expect(a.type, target).toContain("text/html");
      expect(a.body, target).not.toContain('"name": "clinique-dentaire-kouba"');
    }
  });

  test("a Host header no URL can be built from is a French 400", async () => {
    for (const host of ["a b", "[::1", "evil.example/admin", "user@evil.example"]) {
      const a = await send("/", { headers: { Host: host } });
      expect(a.status, host).toBe(400);
      expect(a.body).toContain("<h1>Requête invalide</h1>");
    }
  });
});

describe("the Host header never reaches links", () => {
  test("canonical link, Open Graph, sitemap and robots.txt use the configured origin, whatever Host says", async () => {
    const page = await send("/gallery", { headers: { Host: "evil.example" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${ORIGIN}/gallery"/>`);
    expect(page.body).toContain(`<meta property="og:url" content="${ORIGIN}/gallery"/>`);
    for (const target of ["/sitemap.xml", "/robots.txt"]) {
      const a = await send(target, { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" } });
      expect(a.status).toBe(200);
      expect(a.body).toContain(ORIGIN);
      expect(a.body).not.toContain("evil.example");
    }
  });
});

