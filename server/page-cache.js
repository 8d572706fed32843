// The page cache of the public pages (docs/architecture.md, "Page cache"; ADR 014). A public page
// is the same for every visitor without a cookie until staff change what it shows: it is rendered
// once, whole, with a Content-Security-Policy of script hashes instead of a nonce, stored with its
// gzip and Brotli bytes, and served from memory to every such visitor, ahead of the rest of the
// server, until the content version changes (app/.server/content-version.ts: a counter raised by
// trigger with every committed change to a table that a public page shows) or the clinic's day ends.
//
// Never stored: a request with any cookie (a session, a flash message, a sign-in step), a request
// that is not GET, a URL that is not the canonical address of a public page
// (app/.server/page-cache.ts: the key is the decoded path; any other spelling is rendered, never
// stored), an answer that is not 200 HTML, that sets a cookie, that says private or no-store, or
// whose render showed a fallback because a read failed.
//
// Invalidation depends only on committed changes (ADR 014, "Invalidation"): a render remembers the
// content version it started at, and its page is stored only if the version read again, fresh,
// when the page is ready is still the same; a version that moved drops every stored page. No
// request a visitor can send (slow, aborted, refused) changes what the cache does. After a write
// request this process answered with a success, it reads the version again (PostgreSQL: so that
// its own change shows before the notification arrives).
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { copyHeaders } from "./react-router.js";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** @typedef {import("../app/.server/page-cache").PageCachePolicy} PageCachePolicy */
/** @typedef {"br" | "gzip" | "identity"} Encoding */
/**
 * @typedef {object} Entry
 * @property {number} version   the content version it was rendered at
 * @property {number} expires   ms: the clinic's next midnight
 * @property {string} etag
 * @property {Record<Encoding, Record<string, string | string[]>>} headers
 * @property {Record<Encoding, Buffer>} bodies
 * @property {Record<string, string | string[]>} notModified  the headers of a 304
 */
/**
 * @typedef {object} Candidate  a request for a public page, rendered for everyone (res.locals.pageCache)
 * @property {string} key
 * @property {number} version
 * @property {number} expires
 * @property {boolean} store     false when the version is unknown or the request is a HEAD
 * @property {{ degraded: boolean }} render
 * @property {(entry: Entry | null) => void} [settle]  ends the wait of the visitors who asked meanwhile
 */

/** Headers of one response, never of a stored page. */
const NOT_STORED_HEADERS = new Set(["x-request-id", "content-length", "content-encoding", "transfer-encoding", "set-cookie", "date", "connection", "x-cache", "etag", "cache-control", "vary"]);

/** Inline scripts (no src): the ones the policy's hashes must allow. Data blocks (JSON-LD) are not scripts. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JS_TYPE = /^(?:module|(?:text|application)\/(?:java|ecma)script)$/i;

/**
 * The CSP sources that allow exactly the inline scripts of `html`.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const out = new Set();
  for (const m of html.matchAll(SCRIPT)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (type && !JS_TYPE.test(type)) continue;
    out.add(`'sha256-${crypto.createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return [...out];
}

/**
 * The page's policy: the nonce source of the request's policy replaced by the hashes of its inline
 * scripts (a stored page is sent to many visitors: a nonce would be the same for all of them).
 * @param {string} policy
 * @param {string[]} hashes
 */
export function policyWithHashes(policy, hashes) {
  return policy.replace(/\s*'nonce-[^']*'/g, "").replace(/(script-src[^;]*)/, (d) => [d, ...hashes].join(" "));
}

/** @type {Map<string, Encoding>} */
const encodingMemo = new Map();

/**
 * The encoding a request accepts, best first (Brotli, gzip, none), from Accept-Encoding.
 * @param {string | undefined} header
 * @returns {Encoding}
 */
export function pickEncoding(header) {
  if (!header) return "identity";
  const memo = encodingMemo.get(header);
  if (memo) return memo;
  /** @type {Record<string, number>} */
  const q = {};
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qp ? Number(qp.slice(2)) : 1;
    q[name] = Number.isFinite(value) ? value : 0;
  }
  const accepts = (/** @type {string} */ e) => (q[e] ?? q["*"] ?? 0) > 0;
  /** @type {Encoding} */
  const pick = accepts("br") ? "br" : accepts("gzip") ? "gzip" : "identity";
  if (encodingMemo.size < 64) encodingMemo.set(header, pick);
  return pick;
}

/**
 * If-None-Match against an entity tag (weak comparison, as for GET).
 * @param {string | undefined} header
 * @param {string} etag
 */
function matchesEtag(header, etag) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((t) => t.trim().replace(/^W\//, "") === bare);
}

/**
 * @param {object} opts
 * @param {() => Promise<import("../app/server-entry").AppServerBuild>} opts.getBuild
 * @param {import("pino").Logger} opts.logger
 * @param {boolean} opts.enabled  false in development (the code changes under the pages)
 */
export function createPageCache({ getBuild, logger, enabled }) {
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  /** the content version every entry of the map was rendered at */
  let entriesVersion = -1;
  /** renders in progress, by key: the visitors who ask meanwhile wait for the entry */
  /** @type {Map<string, Promise<Entry | null>>} */
  const pending = new Map();
  /** @type {PageCachePolicy | null | undefined} undefined until the build is read */
  let policy;
  let hits = 0;
  let stored = 0;
  // the version read at most once per millisecond (a SQLite read costs a few µs; under load
  // many visitors arrive within one): a change committed elsewhere shows within 1 ms
  let versionRead = -1;
  let versionReadAt = -Infinity;
  const currentVersion = () => {
    const t = performance.now();
    if (t - versionReadAt >= 1) {
      versionRead = /** @type {PageCachePolicy} */ (policy).version();
      versionReadAt = t;
    }
    return versionRead;
  };

  const resolvePolicy = () =>
    getBuild().then(
      (b) => (policy = enabled ? (b.entry.module.pageCachePolicy ?? null) : null),
      () => undefined,
    );
  void resolvePolicy();

  const report = setInterval(() => {
    if (!hits && !stored) return;
    logger.info({ event: "page_cache", hits, stored, pages: entries.size }, "page cache");
    hits = 0;
    stored = 0;
  }, 60_000);
  report.unref();

  /**
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   * @param {Entry} entry
   */
  function send(req, res, entry) {
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.writeHead(304, entry.notModified);
      res.end();
      return;
    }
    const enc = pickEncoding(/** @type {string | undefined} */ (req.headers["accept-encoding"]));
    res.writeHead(200, entry.headers[enc]);
    res.end(req.method === "HEAD" ? undefined : entry.bodies[enc]);
  }

  /**
   * The key and content version of a candidate, or null (not a candidate).
   * @param {import("node:http").IncomingMessage} req
   */
  function candidateOf(req) {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return null;
    if (policy === undefined) void resolvePolicy();
    if (!policy || !policy.enabled() || req.headers.cookie !== undefined) return null;
    const key = policy.keyFor(/** @type {string} */ (req.url));
    if (key === null) return null;
    const version = currentVersion();
    if (version !== entriesVersion) {
      entries.clear();
      entriesVersion = version;
    }
    return { key, version };
  }

  /**
   * Ahead of Express (server/index.js): answers a stored page, or returns false.
   * @param {import("node:http").IncomingMessage} req
   * @param {import("node:http").ServerResponse} res
   * @returns {boolean}
   */
  function tryServe(req, res) {
    const c = candidateOf(req);
    if (!c || c.version < 0) return false;
    const entry = entries.get(c.key);
    if (!entry || entry.expires <= Date.now()) return false;
    hits++;
    send(req, res, entry);
    return true;
  }

  /**
   * First of all middlewares: a stored page is answered here (no log line, no other middleware),
   * and a candidate is marked for the render (res.locals.pageCache).
   * @type {import("express").RequestHandler}
   */
  function serve(req, res, next) {
    const c = candidateOf(req);
    if (!c) return next();
    const { key, version } = c;
    const method = req.method;
    const now = Date.now();
    if (version >= 0) {
      const entry = entries.get(key);
      if (entry && entry.expires > now) {
        hits++;
        return send(req, res, entry);
      }
      const wait = pending.get(key);
      if (wait) {
        // never wait long for another visitor's render: after 1 s, render for this one
        const bounded = Promise.race([wait, new Promise((r) => setTimeout(() => r(null), 1000).unref())]);
        void bounded.then((/** @type {Entry | null} */ e) => {
          if (e && e.version === entriesVersion && e.expires > Date.now()) {
            hits++;
            send(req, res, e);
          } else mark();
        });
        return;
      }
    }
    mark();

    function mark() {
      const k = /** @type {string} */ (key);
      /** @type {Candidate} */
      const candidate = {
        key: k,
        version,
        expires: /** @type {PageCachePolicy} */ (policy).expiresAt(now),
        store: version >= 0 && method === "GET",
        render: { degraded: false },
      };
      if (candidate.store) {
        // the visitors who ask for this page during its render wait for it rather than render it too
        /** @type {(entry: Entry | null) => void} */
        let resolve = () => undefined;
        /** @type {Promise<Entry | null>} */
        const waiting = new Promise((r) => (resolve = r));
        pending.set(k, waiting);
        candidate.settle = (entry) => {
          candidate.settle = undefined;
          if (pending.get(k) === waiting) pending.delete(k);
          resolve(entry);
        };
      }
      res.locals.pageCache = candidate;
      next();
    }
  }

  /**
   * After a write request (anything but GET and HEAD) answered with a success, the content
   * version is read again: on PostgreSQL this process then follows its own change at once rather
   * than at the database's notification. It changes nothing else: pages are still served and
   * stored while any request, however slow, is in flight.
   * @type {import("express").RequestHandler}
   */
  function trackWrites(req, res, next) {
    if (req.method === "GET" || req.method === "HEAD") return next();
    res.once("finish", () => {
      if (res.statusCode >= 400) return;
      Promise.resolve(policy?.refresh())
        .catch(() => undefined)
        .finally(() => {
          versionReadAt = -Infinity;
        });
    });
    next();
  }

  /**
   * Runs React Router's handler for a candidate inside its render state (loaders mark a fallback).
   * @template T
   * @param {import("express").Response} res
   * @param {() => Promise<T>} fn
   * @returns {Promise<T>}
   */
  function runRender(res, fn) {
    /** @type {Candidate | undefined} */
    const candidate = res.locals.pageCache;
    if (!candidate || !policy) return fn();
    // whatever happens to the render (an error, an answer that is not stored), the waiting end
    return policy.renderStore.run(candidate.render, fn).finally(() => candidate.settle?.(null));
  }

  /**
   * The answer to a candidate: the page whole, its policy of hashes, and (when it may be) stored.
   * Returns false when `response` is not HTML: the caller sends it as usual.
   * @param {import("express").Request} req
   * @param {import("express").Response} res
   * @param {Response} response
   * @returns {Promise<boolean>}
   */
  async function answer(req, res, response) {
    /** @type {Candidate | undefined} */
    const candidate = res.locals.pageCache;
    const type = response.headers.get("content-type") ?? "";
    if (!candidate || !/^text\/html/i.test(type) || !response.body) return false;
    const body = Buffer.from(await response.arrayBuffer());
    const csp = res.getHeader("content-security-policy");
    if (typeof csp === "string") res.setHeader("Content-Security-Policy", policyWithHashes(csp, inlineScriptHashes(body.toString("utf8"))));
    res.statusMessage = response.statusText;
    res.status(response.status);
    copyHeaders(res, response);

    const storable =
      candidate.store &&
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      !/no-store|private/i.test(response.headers.get("cache-control") ?? "") &&
      !candidate.render.degraded;
    if (!storable || !policy) {
      candidate.settle?.(null);
      res.end(req.method === "HEAD" ? undefined : body);
      return true;
    }

    const etag = `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
    /** @type {Record<string, string | string[]>} */
    const base = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value !== undefined && !NOT_STORED_HEADERS.has(name)) base[name] = typeof value === "number" ? String(value) : value;
    }
    base["cache-control"] = "no-cache";
    base["etag"] = etag;
    base["vary"] = "Accept-Encoding";

    const key = candidate.key;
    // the wait ends when the entry is stored, after the compression below (not with the render)
    const settle = candidate.settle ?? (() => undefined);
    candidate.settle = undefined;
    void (async () => {
      try {
        const [gz, br] = await Promise.all([
          gzip(body, { level: 9 }),
          brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        ]);
        /** @param {Buffer} b @param {string} [encoding] */
        const headersFor = (b, encoding) => ({ ...base, ...(encoding ? { "content-encoding": encoding } : {}), "content-length": String(b.length), "x-cache": "HIT" });
        /** @type {Entry} */
        const entry = {
          version: candidate.version,
          expires: candidate.expires,
          etag,
          headers: { identity: headersFor(body), gzip: headersFor(gz, "gzip"), br: headersFor(br, "br") },
          bodies: { identity: body, gzip: gz, br },
          notModified: base,
        };
        // the version read again, fresh: a change committed during the render (or the
        // compression) leaves nothing stored, and drops what was stored at the old version
        versionReadAt = -Infinity;
        const fresh = currentVersion();
        if (fresh !== entriesVersion) {
          entries.clear();
          entriesVersion = fresh;
        }
        if (fresh === candidate.version) {
          if (entries.size >= /** @type {PageCachePolicy} */ (policy).maxPages()) {
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) entries.delete(oldest);
          }
          entries.set(key, entry);
          stored++;
        }
        settle(entry);
      } catch (err) {
        logger.error({ event: "page_cache_store_failed", err: err instanceof Error ? err.name : "error" }, "a page could not be stored");
        settle(null);
      }
    })();

    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("X-Cache", "MISS");
    if (matchesEtag(req.headers["if-none-match"], etag)) {
      res.status(304).end();
      return true;
    }
    res.end(body);
    return true;
  }

  return {
    tryServe,
    serve,
    trackWrites,
    runRender,
    answer,
    /** For tests: the pages held now. */
    size: () => entries.size,
    /** For tests: the keys of the pages held now. */
    keys: () => [...entries.keys()],
    close: () => clearInterval(report),
  };
}
