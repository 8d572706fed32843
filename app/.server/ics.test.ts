import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import { appointmentIcs } from "./ics";

/*
 * The calendar file against a clinic identity that holds control characters (hardening issue 26,
 * item 4): stored before the forms refused them, or written to the database by other means. The
 * file must stay one calendar with one event whatever the identity holds, every text property on
 * its own line, read back by ical.js as a calendar application would.
 */
const PAYLOAD = "K\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:PWNED";
const ORIGIN = "https://clinique.example";
const LINK = `${ORIGIN}/rdv/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE`;
const APPOINTMENT = {
  id: 7,
  service: "Orthodontie",
  date: "2026-11-26",
  time: "09:30",
  duration_minutes: 30,
  status: "requested",
  updated_at: null,
  created_at: "2026-11-24T08:00:00.000Z",
} as const;

function evilClinic(payload: string): Clinic {
  return {
    ...DEMO_CLINIC,
    name: `Clinique ${payload}`,
    shortName: payload,
    address: { ...DEMO_CLINIC.address, oneLine: `12 rue ${payload}` },
    phones: [{ label: `Cabinet${payload}`, display: `023 70 45 12${payload}`, tel: "+21323704512" }],
  };
}

/** The file as a calendar application reads it: top-level components, and every event among them. */
function read(text: string) {
  const parsed = ICAL.parse(text);
  // one component is one jCal array; several top-level components (a forged file) are a list of them
  const list: unknown[] = Array.isArray(parsed[0]) ? (parsed as unknown[]) : [parsed];
  const tops: ICAL.Component[] = list.map((jcal) => new ICAL.Component(jcal as never));
  const events = tops.flatMap((c) => (c.name === "vevent" ? [c] : c.getAllSubcomponents("vevent")));
  return { tops, events };
}

const CONTROLS: [string, string][] = [
  ["CR LF", "\r\n"],
  ["LF", "\n"],
  ["CR", "\r"],
  ["NUL", "\u0000"],
  ["VT", "\u000B"],
  ["FF", "\u000C"],
  ["ESC", "\u001B"],
  ["DEL", "\u007F"],
  ["NEL", "\u0085"],
  ["CSI", "\u009B"],
  ["LINE SEPARATOR", "\u2028"],
  ["PARAGRAPH SEPARATOR", "\u2029"],
  ["RLO", "\u202E"],
  ["LRI", "\u2066"],
];

describe("appointment .ics: control characters in the clinic's identity", () => {
  it("the issue's payload in the short name (PRODID) and the name (NAME, X-WR-CALNAME) forges no event", () => {
    const text = appointmentIcs(APPOINTMENT, { origin: ORIGIN, link: LINK, clinic: evilClinic(PAYLOAD) });
    expect(text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1);
    expect(text.match(/^END:VCALENDAR\r?$/gm)).toHaveLength(1);
    expect(text).not.toMatch(/^SUMMARY:PWNED/m);
    const { tops, events } = read(text);
    expect(tops.map((c) => c.name)).toEqual(["vcalendar"]);
    expect(events).toHaveLength(1);
    expect(new ICAL.Event(events[0]).summary).toBe("Orthodontie — Clinique K END:VCALENDAR BEGIN:VEVENT SUMMARY:PWNED");
    // the text properties written as given by the library are escaped here: one line each
    expect(text).toMatch(/^PRODID:-\/\/K END:VCALENDAR BEGIN:VEVENT SUMMARY:PWNED\/\/Rendez-vous\/\/FR\r$/m);
    expect(text).toMatch(/^X-WR-CALNAME:Clinique K END:VCALENDAR BEGIN:VEVENT SUMMARY:PWNED\r$/m);
  });

  it.each(CONTROLS)("%s anywhere in the identity: one calendar, one event, no control character in the file", (_label, c) => {
    const text = appointmentIcs(APPOINTMENT, { origin: ORIGIN, link: LINK, clinic: evilClinic(`A${c}B;C,D\\E${c}END:VEVENT`) });
    const { tops, events } = read(text);
    expect(tops).toHaveLength(1);
    expect(events).toHaveLength(1);
    // only the line ends of the format itself (CRLF) and the folding space remain
    // eslint-disable-next-line no-control-regex
    expect(text.replace(/\r\n /g, "").replace(/\r\n/g, "")).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/);
    const calendar = tops[0];
    const sep = ["\r\n", "\n", "\r", "\u0085", "\u2028", "\u2029"].includes(c) ? " " : "";
    // ical.js reads an X- property as written: escaped
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(`Clinique A${sep}B\\;C\\,D\\\\E${sep}END:VEVENT`);
  });

  it("keeps a plain identity as it is", () => {
    const text = appointmentIcs(APPOINTMENT, { origin: ORIGIN, link: LINK, clinic: DEMO_CLINIC });
    const { events, tops } = read(text);
    expect(tops[0].getFirstPropertyValue("x-wr-calname")).toBe(DEMO_CLINIC.name);
    expect(text).toContain(`PRODID:-//${DEMO_CLINIC.shortName}//Rendez-vous//FR\r\n`);
    expect(new ICAL.Event(events[0]).summary).toBe(`Orthodontie — ${DEMO_CLINIC.name}`);
    expect(new ICAL.Event(events[0]).location).toBe(`${DEMO_CLINIC.name}, ${DEMO_CLINIC.address.oneLine}`);
  });
});
