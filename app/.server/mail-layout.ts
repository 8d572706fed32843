import type { Clinic } from "~/lib/clinic";
import { clinicWords, phoneLabel } from "~/i18n/clinic";
import type { Locale } from "~/i18n/locale";

/**
 * The one layout of the clinic's e-mails (docs/product.md, "Patient e-mails"): a message is
 * written once as `MailContent` and rendered twice, as plain text and as HTML, so that both parts
 * always say the same thing. Both end with the clinic's identity (name, address, phones, e-mail)
 * as staff saved it on /admin/clinique (`MailContent.clinic`, read with getClinic()).
 *
 * The HTML is what mail clients render: nested tables, inline styles only, 600 px at most, no
 * external image, font or stylesheet (nothing is loaded from a server, nothing tracks the reader).
 * Every value is escaped; a link's address is written only if it is http(s).
 */
export interface MailDetail {
  label: string;
  value: string;
}

export interface MailAction {
  /** the button's text ("Gérer mon rendez-vous") */
  label: string;
  url: string;
  /** the text part's line before the address ("Confirmer, annuler ou déplacer") */
  textLabel: string;
  /** a short line under the button */
  hint?: string;
}

export interface MailContent {
  /** the title of the HTML message (its subject) */
  title: string;
  /** the inbox preview line (hidden in the HTML body) */
  preheader?: string;
  /** the heading at the top of the HTML card */
  heading: string;
  /** paragraphs after "Bonjour," */
  intro: string[];
  details?: MailDetail[];
  action?: MailAction;
  /** paragraphs after the details and the button */
  outro?: string[];
  /** why the reader receives this message, in small print at the end */
  footnote?: string;
  /** "Bonjour," by default; null for none (the clinic's own notification) */
  greeting?: string | null;
  /** the clinic's identity of the header and the footer (getClinic()) */
  clinic: Clinic;
  /**
   * The reader's language (French by default). Arabic: `dir="rtl" lang="ar"`, the clinic's
   * Arabic names (clinicWords), and every text between LRI and PDI (app/lib/message-language.ts
   * `ltr`: times, phones, prices) in a `<bdi dir="ltr">` of the HTML part.
   */
  locale?: Locale;
}

/** The fixed words of the layout in Arabic (the French ones are written in place below). */
const AR = { greeting: "مرحبًا،", phone: "الهاتف", sep: ": " } as const;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** An address fit for an href: http(s) only, escaped; anything else gives null. */
function safeHref(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? escapeHtml(u.toString()) : null;
  } catch {
    return null;
  }
}

function phonesLine(clinic: Clinic): string {
  return clinic.phones.map((p) => `${p.display} (${p.label.toLowerCase()})`).join(" · ");
}

/** The clinic's identity at the end of every text part. */
export function textFooter(clinic: Clinic, locale: Locale = "fr"): string[] {
  if (locale === "ar") {
    const words = clinicWords(clinic, "ar");
    return ["-- ", words.name, words.oneLine, `${AR.phone}${AR.sep}${phonesLineAr(clinic)}`, `\u2066${clinic.email}\u2069`];
  }
  return ["-- ", clinic.name, clinic.address.oneLine, `Tél. : ${phonesLine(clinic)}`, clinic.email];
}

function phonesLineAr(clinic: Clinic): string {
  return clinic.phones.map((p) => `\u2066${p.display}\u2069 (${phoneLabel(p.label, "ar")})`).join(" · ");
}

export function renderText(c: MailContent): string {
  const ar = c.locale === "ar";
  const greeting = c.greeting === undefined ? (ar ? AR.greeting : "Bonjour,") : c.greeting;
  const blocks: string[][] = [];
  if (greeting) blocks.push([greeting]);
  for (const p of c.intro) blocks.push([p]);
  if (c.details?.length) blocks.push(c.details.map((d) => (ar ? `  ${d.label}${AR.sep}${d.value}` : `  ${d.label} : ${d.value}`)));
  if (c.action) blocks.push([ar ? `${c.action.textLabel}:` : `${c.action.textLabel} :`, c.action.url, ...(c.action.hint ? [c.action.hint] : [])]);
  for (const p of c.outro ?? []) blocks.push([p]);
  blocks.push(textFooter(c.clinic, c.locale));
  if (c.footnote) blocks.push([c.footnote]);
  return blocks.map((b) => b.join("\n")).join("\n\n");
}

const FONT = "font-family:Arial,Helvetica,sans-serif;";
const NAVY = "#0b2a47";
const TEAL = "#0a6f78";
const INK = "#1f2933";
const MUTED = "#52606d";

/**
 * A text of the message as HTML: escaped, and in an Arabic message each LRI…PDI span (a time, a
 * phone, a price) written as `<bdi dir="ltr">`, which every mail client that knows `dir` honours.
 */
function html(text: string, ar: boolean): string {
  const escaped = escapeHtml(text);
  return ar ? escaped.replace(/\u2066([^\u2066\u2069]*)\u2069/g, '<bdi dir="ltr">$1</bdi>') : escaped;
}

function paragraph(text: string, ar = false): string {
  return `<p style="margin:0 0 16px 0;${FONT}font-size:16px;line-height:24px;color:${INK};">${html(text, ar)}</p>`;
}

function detailsTable(details: MailDetail[], ar = false): string {
  // mirrored for Arabic: the label's gap and the accent bar on the reading side
  const labelPad = ar ? "8px 0 8px 12px" : "8px 12px 8px 0";
  const bar = ar ? `border-right:4px solid ${TEAL};` : `border-left:4px solid ${TEAL};`;
  const rows = details
    .map(
      (d) =>
        `<tr><td style="padding:${labelPad};${FONT}font-size:14px;line-height:20px;color:${MUTED};white-space:nowrap;vertical-align:top;">${html(d.label, ar)}</td>` +
        `<td style="padding:8px 0;${FONT}font-size:16px;line-height:22px;color:${INK};font-weight:bold;vertical-align:top;white-space:pre-wrap;word-break:break-word;">${html(d.value, ar)}</td></tr>`,
    )
    .join("");
  return (
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px 0;background-color:#eefafa;${bar}">` +
    `<tr><td style="padding:8px 16px;"><table role="presentation" cellpadding="0" cellspacing="0" border="0">${rows}</table></td></tr></table>`
  );
}

function actionButton(a: MailAction, ar = false): string {
  const href = safeHref(a.url);
  if (!href) return "";
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 8px 0;"><tr>` +
    `<td align="center" bgcolor="${TEAL}" style="border-radius:6px;background-color:${TEAL};">` +
    `<a href="${href}" style="display:inline-block;padding:14px 24px;${FONT}font-size:16px;line-height:20px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${html(a.label, ar)}</a>` +
    `</td></tr></table>` +
    (a.hint ? `<p style="margin:0 0 16px 0;${FONT}font-size:13px;line-height:19px;color:${MUTED};">${html(a.hint, ar)}</p>` : "") +
    // the address itself, for a client that shows no button, and for copying
    (ar
      ? `<p style="margin:0 0 20px 0;${FONT}font-size:12px;line-height:18px;color:${MUTED};word-break:break-all;">${html(a.textLabel, ar)}: <a href="${href}" dir="ltr" style="color:${TEAL};">${escapeHtml(a.url)}</a></p>`
      : `<p style="margin:0 0 20px 0;${FONT}font-size:12px;line-height:18px;color:${MUTED};word-break:break-all;">${escapeHtml(a.textLabel)} : <a href="${href}" style="color:${TEAL};">${escapeHtml(a.url)}</a></p>`)
  );
}

function htmlFooter(clinic: Clinic, ar = false): string {
  const words = clinicWords(clinic, ar ? "ar" : "fr");
  const phones = clinic.phones
    .map((p) =>
      ar
        ? `<a href="tel:${escapeHtml(p.tel)}" dir="ltr" style="color:${NAVY};text-decoration:none;"><bdi dir="ltr">${escapeHtml(p.display)}</bdi></a> (${escapeHtml(phoneLabel(p.label, "ar"))})`
        : `<a href="tel:${escapeHtml(p.tel)}" style="color:${NAVY};text-decoration:none;">${escapeHtml(p.display)}</a> (${escapeHtml(p.label.toLowerCase())})`,
    )
    .join(" &middot; ");
  return (
    `<p style="margin:0 0 4px 0;${FONT}font-size:14px;line-height:20px;color:${NAVY};font-weight:bold;">${escapeHtml(words.name)}</p>` +
    `<p style="margin:0 0 4px 0;${FONT}font-size:13px;line-height:19px;color:${MUTED};">${escapeHtml(words.oneLine)}</p>` +
    `<p style="margin:0 0 4px 0;${FONT}font-size:13px;line-height:19px;color:${MUTED};">${ar ? `${AR.phone}${AR.sep}` : "Tél. : "}${phones}</p>` +
    `<p style="margin:0;${FONT}font-size:13px;line-height:19px;color:${MUTED};"><a href="mailto:${escapeHtml(clinic.email)}"${ar ? ' dir="ltr"' : ""} style="color:${NAVY};">${escapeHtml(clinic.email)}</a></p>`
  );
}

export function renderHtml(c: MailContent): string {
  const ar = c.locale === "ar";
  const greeting = c.greeting === undefined ? (ar ? AR.greeting : "Bonjour,") : c.greeting;
  const body = [
    `<h1 style="margin:0 0 20px 0;${FONT}font-size:22px;line-height:28px;color:${NAVY};">${html(c.heading, ar)}</h1>`,
    greeting ? paragraph(greeting, ar) : "",
    ...c.intro.map((p) => paragraph(p, ar)),
    c.details?.length ? detailsTable(c.details, ar) : "",
    c.action ? actionButton(c.action, ar) : "",
    ...(c.outro ?? []).map((p) => paragraph(p, ar)),
  ].join("");
  const preheader = c.preheader
    ? `<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;">${escapeHtml(c.preheader)}</div>`
    : "";
  const name = ar ? clinicWords(c.clinic, "ar").name : c.clinic.name;
  return [
    "<!DOCTYPE html>",
    ar ? '<html lang="ar" dir="rtl">' : '<html lang="fr" dir="ltr">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(c.title)}</title>`,
    "</head>",
    ar ? `<body dir="rtl" style="margin:0;padding:0;background-color:#fbf8f3;">` : `<body style="margin:0;padding:0;background-color:#fbf8f3;">`,
    preheader,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#fbf8f3;">`,
    `<tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%;background-color:#ffffff;border:1px solid #e4e7eb;border-radius:8px;${ar ? "direction:rtl;text-align:right;" : ""}">`,
    `<tr><td bgcolor="${NAVY}" style="padding:20px 28px;background-color:${NAVY};border-radius:8px 8px 0 0;${FONT}font-size:18px;line-height:24px;font-weight:bold;color:#ffffff;">${escapeHtml(name)}</td></tr>`,
    `<tr><td style="padding:28px 28px 12px 28px;">${body}</td></tr>`,
    `<tr><td style="padding:20px 28px 24px 28px;border-top:1px solid #e4e7eb;">${htmlFooter(c.clinic, ar)}</td></tr>`,
    `</table>`,
    c.footnote ? `<p style="max-width:600px;margin:16px auto 0 auto;${FONT}font-size:12px;line-height:18px;color:${MUTED};text-align:${ar ? "right" : "left"};">${html(c.footnote, ar)}</p>` : "",
    `</td></tr></table>`,
    "</body>",
    "</html>",
  ].join("\n");
}

/** Both parts of a message. */
export function renderMail(c: MailContent): { text: string; html: string } {
  return { text: renderText(c), html: renderHtml(c) };
}
