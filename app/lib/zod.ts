import { z } from "zod";

/**
 * The app's one import of Zod (`import { z } from "~/lib/zod"`). Zod 4 compiles object parsers
 * with `new Function` when it may, and to learn whether it may it calls `new Function("")`, which
 * the site's CSP (`script-src` without 'unsafe-eval') refuses: Chromium then reports a Content
 * Security Policy issue on every page (Lighthouse best practices 96). The setting must be made
 * before the first schema is built, hence this module in front of every schema. In the browser the
 * parsers are built without it (`jitless`); the server, which has no CSP, keeps the faster ones.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
