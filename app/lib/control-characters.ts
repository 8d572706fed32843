/**
 * Control characters (docs/architecture.md, "Control characters"): the invisible characters that
 * can end a line of a file format (iCalendar, e-mail headers, CSV) or change how a text reads, and
 * what the site does with them. Two layers use this one list:
 *
 * - the forms refuse them (the rule of app/lib/rules.ts, `singleLine` and `multiLine`), so that no
 *   new value holds one;
 * - every output writes a value through its format's escaping after `cleanText` or `oneLine`, so
 *   that a value stored before the forms refused them (or written to the database by other means)
 *   still cannot forge a line, an event or a header.
 *
 * The list:
 * - C0 controls U+0000–U+001F (NUL, BEL, ESC, the vertical tab, the form feed…), DEL U+007F and
 *   C1 controls U+0080–U+009F (NEL U+0085 is a line break for some readers);
 * - the Unicode line and paragraph separators U+2028 and U+2029 (line breaks too);
 * - the bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, which
 *   reorder what follows them (a name, an address or a subject shown reversed or out of order).
 *   The marks U+200E, U+200F and U+061C (LRM, RLM, ALM) stay allowed: an Arabic keyboard inserts
 *   them, and they only settle the direction of their neighbours. So do the zero-width joiners
 *   (Arabic shaping, emoji), the no-break spaces and the soft hyphen.
 *
 * A multi-line field (a textarea) may hold line feeds, carriage returns and tabs; a single-line
 * field none of them (a tab pasted from a spreadsheet becomes a space, see rules.ts).
 */

// eslint-disable-next-line no-control-regex
const CONTROL_SINGLE_LINE = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/** What an output always removes: everything but the tab and the line breaks (those are the format's business). */
// eslint-disable-next-line no-control-regex
const NEVER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\u202A-\u202E\u2066-\u2069]/g;
/**
 * A surrogate pair, or a lone UTF-16 surrogate (no character: it cannot be written as UTF-8 and
 * makes encodeURIComponent throw). No lookbehind: this module also runs in older browsers.
 */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;

/** Whether a single-line value holds a control character (tab, CR and LF included). */
export function hasSingleLineControl(value: string): boolean {
  return CONTROL_SINGLE_LINE.test(value);
}

/** Whether a multi-line value holds a control character other than LF, CR and the tab. */
export function hasMultiLineControl(value: string): boolean {
  return CONTROL_MULTI_LINE.test(value);
}

/**
 * A stored text without the controls of the list: lone surrogates become U+FFFD, NEL, U+2028 and
 * U+2029 a line feed, the rest is removed. Tabs, CR and LF stay as they are (for a format that
 * quotes them, as CSV does).
 */
export function withoutControls(value: string): string {
  return String(value)
    .replace(SURROGATES, (m) => (m.length === 2 ? m : "\uFFFD"))
    .replace(NEVER, "")
    .replace(/[\u0085\u2028\u2029]/g, "\n");
}

/**
 * A stored text made safe to write anywhere as several lines: `withoutControls`, and every line
 * break (CRLF, CR) a line feed. Tabs are kept.
 */
export function cleanText(value: string): string {
  return withoutControls(value).replace(/\r\n?/g, "\n");
}

/**
 * A stored text made safe to write as one line (an e-mail header, an iCalendar property, a field
 * of a message): `cleanText`, then each run of line breaks and tabs one space, and trimmed.
 */
export function oneLine(value: string): string {
  return cleanText(value)
    .replace(/[ ]*[\n\t]+[ ]*/g, " ")
    .trim();
}
