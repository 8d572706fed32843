// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOKING_FIX_MESSAGE, BOOKING_SUCCESS_MESSAGE, type BookingAnswer } from "~/lib/booking-answer";
import type { SlotsView } from "~/lib/slots-view";
import { bookingTexts } from "~/lib/booking-texts";
import { BOOKING_NETWORK_MESSAGE, BookingForm, type BookingFormProps } from "./BookingForm";
import { splitDay, TimeSelect } from "./TimeSelect";

/*
 * The booking island as the browser runs it: the server's HTML (renderToString) hydrated with the
 * same props (hydrateRoot), then driven through the DOM, with `fetch` answering as the server does.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PROPS: BookingFormProps = {
  action: "/appointment",
  today: "2026-11-28",
  maxDate: "2027-01-27",
  offline: ["Chirurgie dentaire"],
  phones: [{ label: "Cabinet", display: "023 70 45 12", tel: "+21323704512" }],
  initialSlots: null,
  prefill: null,
  texts: bookingTexts("fr"),
};

const VIEW: SlotsView = {
  service: "Orthodontie",
  date: "2026-12-01",
  state: "open",
  times: ["09:00", "09:15", "14:00"],
  label: null,
  next: null,
  message: "3 horaires libres le mardi 1 décembre",
};

function answer(over: Partial<BookingAnswer>): BookingAnswer {
  return { status: "error", formError: null, fieldErrors: {}, submissionKey: "key-1", slots: null, alternatives: [], link: null, booked: null, ...over };
}

let container: HTMLElement;
let root: Root | undefined;
let recoverable: unknown[];
let fetchMock: ReturnType<typeof vi.fn>;
/** what the island posted to /appointment */
let posts: { body: URLSearchParams; accept: string | null }[];
/** the answers of the next posts, in order (an Error: the network failed) */
let replies: (BookingAnswer | Error)[];

beforeEach(() => {
  posts = [];
  replies = [];
  recoverable = [];
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith("/appointment/creneaux")) {
      const q = new URL(url, "http://x").searchParams;
      return Response.json({ ...VIEW, service: q.get("service"), date: q.get("date") });
    }
    posts.push({ body: new URLSearchParams(init?.body as URLSearchParams), accept: new Headers(init?.headers).get("Accept") });
    const next = replies.shift();
    if (!next || next instanceof Error) throw next ?? new Error("no reply");
    return Response.json(next, { status: next.status === "success" ? 200 : 400 });
  });
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  vi.unstubAllGlobals();
});

/** The server's HTML, then the browser's hydration with the same props. */
async function mount(props: BookingFormProps = PROPS) {
  container = document.createElement("div");
  container.innerHTML = renderToString(<BookingForm {...props} />);
  document.body.append(container);
  const serverHtml = container.innerHTML;
  await act(async () => {
    root = hydrateRoot(container, <BookingForm {...props} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  return serverHtml;
}

const $ = <T extends Element = HTMLElement>(sel: string) => container.querySelector<T>(sel)!;
const text = () => container.textContent ?? "";

/** A value typed or chosen, as the browser reports it to React (the element's own setter, then the event). */
async function setValue(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string) {
  const proto = Object.getPrototypeOf(el) as object;
  Object.getOwnPropertyDescriptor(proto, "value")!.set!.call(el, value);
  await act(async () => {
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  });
}

/** Lets the free times' wait (250 ms) and the fetch run. */
async function settle(ms = 300) {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

async function fillValid() {
  await setValue($<HTMLInputElement>("#booking-name"), "Amel Test");
  await setValue($<HTMLInputElement>("#booking-email"), "amel@exemple.dz");
  await setValue($<HTMLInputElement>("#booking-phone"), "0550 12 34 56");
  await setValue($<HTMLSelectElement>("#booking-service"), "Orthodontie");
  await setValue($<HTMLInputElement>("#booking-date"), "2026-12-01");
  await settle();
  await setValue($<HTMLSelectElement>("#booking-time"), "14:00");
  await act(async () => $<HTMLInputElement>("#booking-consent").click());
}

async function submit() {
  await act(async () => {
    $<HTMLFormElement>("form#booking").requestSubmit();
  });
  await settle(20);
}

describe("'Heure': the day's times, morning and afternoon apart", () => {
  it("splits at noon, each part in order", () => {
    expect(splitDay(["09:00", "11:45", "12:00", "13:30"])).toEqual({ morning: ["09:00", "11:45"], afternoon: ["12:00", "13:30"] });
    expect(splitDay([])).toEqual({ morning: [], afternoon: [] });
  });

  it("renders 'Matin' and 'Après-midi' groups, and says why it offers nothing", () => {
    const html = renderToString(<TimeSelect id="t" view={VIEW} loading={false} failed={false} offline={false} missing="date" describedBy="p" />);
    expect(html).toMatch(/<optgroup label="Matin"><option value="09:00">09:00<\/option><option value="09:15">09:15<\/option><\/optgroup><optgroup label="Après-midi"><option value="14:00">/);
    const closed = renderToString(<TimeSelect id="t" view={{ ...VIEW, times: [] }} loading={false} failed={false} offline={false} missing="date" describedBy="p" />);
    expect(closed).toContain("Aucun horaire libre ce jour-là");
    expect(closed).toContain("disabled");
    expect(closed).not.toContain("optgroup");
    const phone = renderToString(<TimeSelect id="t" view={VIEW} loading={false} failed={false} offline missing="date" describedBy="p" />);
    expect(phone).toContain("Réservation par téléphone");
    expect(phone).not.toContain("optgroup");
  });
});

describe("the booking island", () => {
  it("hydrates the server's HTML without a mismatch; 'Voir les horaires libres' is there only before", async () => {
    const html = await mount();
    expect(html).toContain("Voir les horaires libres");
    // nothing for a page script: no templates, no data hooks
    expect(html).not.toMatch(/<template|data-booking|data-slots|data-busy-label/);
    expect(recoverable).toEqual([]);
    expect(text()).not.toContain("Voir les horaires libres");
    // a key made by the browser (the page carries none)
    expect($<HTMLInputElement>("input[name=submission_key]").value).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a service and a day chosen before the island hydrated are kept, and their free times asked", async () => {
    container = document.createElement("div");
    container.innerHTML = renderToString(<BookingForm {...PROPS} />);
    document.body.append(container);
    // the visitor chooses while the island's script is still on its way
    $<HTMLSelectElement>("#booking-service").value = "Orthodontie";
    $<HTMLInputElement>("#booking-date").value = "2026-12-01";
    await act(async () => {
      root = hydrateRoot(container, <BookingForm {...PROPS} />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    await settle();
    expect($<HTMLSelectElement>("#booking-service").value).toBe("Orthodontie");
    expect($<HTMLInputElement>("#booking-date").value).toBe("2026-12-01");
    const asked = fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith("/appointment/creneaux"));
    expect(asked).toEqual(["/appointment/creneaux?service=Orthodontie&date=2026-12-01"]);
    expect(text()).toContain("3 horaires libres le mardi 1 décembre");
  });

  it("asks the free times once the service and the date stay still, and offers them", async () => {
    await mount();
    await setValue($<HTMLSelectElement>("#booking-service"), "Orthodontie");
    await setValue($<HTMLInputElement>("#booking-date"), "2026-11-30");
    await setValue($<HTMLInputElement>("#booking-date"), "2026-12-01");
    expect(text()).toContain("Recherche des horaires libres…");
    await settle();
    const asked = fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.startsWith("/appointment/creneaux"));
    // the first day was replaced before its wait ended: one request, for the last day
    expect(asked).toEqual(["/appointment/creneaux?service=Orthodontie&date=2026-12-01"]);
    expect(text()).toContain("3 horaires libres le mardi 1 décembre");
    expect($<HTMLSelectElement>("#booking-time").disabled).toBe(false);
  });

  it("posts as JSON; a refusal shows each message beside its field, keeps the input, focuses the first field to fix", async () => {
    await mount();
    await fillValid();
    replies.push(answer({ fieldErrors: { email: "Adresse e-mail invalide (exemple : nom@exemple.com).", consent: "Veuillez accepter." }, slots: VIEW }));
    await submit();
    expect(posts).toHaveLength(1);
    expect(posts[0].accept).toBe("application/json");
    expect(posts[0].body.get("name")).toBe("Amel Test");
    expect(posts[0].body.get("time")).toBe("14:00");
    expect(posts[0].body.get("submission_key")).toMatch(/^[0-9a-f-]{36}$/);

    const email = $<HTMLInputElement>("#booking-email");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect($("#booking-email-error").textContent).toBe("Adresse e-mail invalide (exemple : nom@exemple.com).");
    expect(email.getAttribute("aria-describedby")).toBe("booking-email-error");
    expect($("#booking-consent-error").textContent).toBe("Veuillez accepter.");
    expect($("[role=alert]").textContent).toBe(BOOKING_FIX_MESSAGE);
    expect(document.activeElement).toBe(email);
    // what was typed is still there
    expect($<HTMLInputElement>("#booking-name").value).toBe("Amel Test");
    expect($<HTMLSelectElement>("#booking-time").value).toBe("14:00");

    // a field still wrong keeps its message; a fixed field loses it; the others keep theirs
    await setValue(email, "amel@");
    expect($("#booking-email-error").textContent).toBe("Adresse e-mail invalide (exemple : nom@exemple.com).");
    await setValue(email, "amel@exemple.dz");
    expect(container.querySelector("#booking-email-error")).toBeNull();
    expect(email.hasAttribute("aria-invalid")).toBe(false);
    expect($("#booking-consent-error").textContent).toBe("Veuillez accepter.");
  });

  it("a refused slot: the nearest free times set the day and the time in place, and the time's message goes", async () => {
    await mount();
    await fillValid();
    replies.push(
      answer({
        formError: BOOKING_FIX_MESSAGE,
        fieldErrors: { time: "Ce créneau vient d'être pris. Choisissez l'un des horaires encore libres." },
        slots: { ...VIEW, times: ["09:00", "09:15"] },
        alternatives: [
          { date: "2026-12-01", time: "09:15" },
          { date: "2026-12-02", time: "09:00" },
        ],
      }),
    );
    await submit();
    expect($<HTMLSelectElement>("#booking-time").value).toBe("");
    const choices = [...container.querySelectorAll<HTMLButtonElement>("button[aria-label^='Choisir le ']")];
    expect(choices.map((b) => b.getAttribute("aria-label"))).toEqual(["Choisir le mardi 1 décembre à 09:15", "Choisir le mercredi 2 décembre à 09:00"]);
    await act(async () => choices[1].click());
    await settle();
    // nothing posted: set in place
    expect(posts).toHaveLength(1);
    expect($<HTMLInputElement>("#booking-date").value).toBe("2026-12-02");
    expect($<HTMLSelectElement>("#booking-time").value).toBe("09:00");
    expect(text()).not.toContain("Ce créneau vient d'être pris.");
    expect(container.querySelector("button[aria-label^='Choisir le ']")).toBeNull();
  });

  it("while the post runs the button says 'Envoi en cours...' and a second submit sends nothing; the success shows what was booked, the link and its calendar file in place of the form, with 'Prendre un autre rendez-vous'", async () => {
    await mount();
    await fillValid();
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(async (url: string, init?: RequestInit) => {
      posts.push({ body: new URLSearchParams(init?.body as URLSearchParams), accept: null });
      return new Promise<Response>((r) => (release = r));
    });
    await act(async () => $<HTMLFormElement>("form#booking").requestSubmit());
    const button = $<HTMLButtonElement>("form#booking button[type=submit]:not([hidden]):not([name])");
    expect(button.textContent).toBe("Envoi en cours...");
    expect(button.disabled).toBe(true);
    await act(async () => $<HTMLFormElement>("form#booking").requestSubmit());
    expect(posts).toHaveLength(1);

    const booked = { service: "Orthodontie", day: "mardi 1 décembre 2026", time: "14:00" };
    await act(async () => release(Response.json(answer({ status: "success", submissionKey: "key-2", link: "/rdv/abc", booked }))));
    await settle(20);
    expect(text()).toContain(BOOKING_SUCCESS_MESSAGE);
    const summary = $("section[aria-labelledby=booking-booked]");
    expect(summary.textContent).toContain("Orthodontiemardi 1 décembre 2026 à 14:00");
    // the link as a short button, and the calendar file beside it
    expect($("a[href='/rdv/abc']").textContent).toBe("Gérer mon rendez-vous");
    expect($("a[href='/rdv/abc/calendrier.ics']").textContent).toBe("Ajouter à mon agenda");
    const copy = [...container.querySelectorAll("button")].find((b) => b.textContent === "Copier le lien")!;
    expect(copy.hidden).toBe(false);
    // the form is gone: 'Prendre un autre rendez-vous' loads an empty one (the page cache's)
    expect(container.querySelector("form#booking")).toBeNull();
    const again = [...container.querySelectorAll("a")].find((a) => a.textContent === "Prendre un autre rendez-vous")!;
    expect(again.getAttribute("href")).toBe("/appointment");
  });

  it("a post that gets no answer (network, or not JSON) says so in French and keeps everything, key included", async () => {
    await mount();
    await fillValid();
    const key = $<HTMLInputElement>("input[name=submission_key]").value;
    replies.push(new Error("offline"));
    await submit();
    expect($("[role=alert]").textContent).toBe(BOOKING_NETWORK_MESSAGE);
    expect(document.activeElement).toBe($("[role=alert]"));
    expect($<HTMLInputElement>("#booking-name").value).toBe("Amel Test");
    expect($<HTMLSelectElement>("#booking-time").value).toBe("14:00");
    expect($<HTMLInputElement>("input[name=submission_key]").value).toBe(key);

    fetchMock.mockImplementationOnce(async () => new Response("<!DOCTYPE html><p>Erreur</p>", { status: 502, headers: { "Content-Type": "text/html" } }));
    await submit();
    expect($("[role=alert]").textContent).toBe(BOOKING_NETWORK_MESSAGE);
  });

  it("a service booked by phone only: the clinic's numbers, no time, the button disabled", async () => {
    await mount();
    await setValue($<HTMLSelectElement>("#booking-service"), "Chirurgie dentaire");
    expect(text()).toContain("Ce soin ne se réserve pas en ligne");
    expect($("a[href='tel:+21323704512']").textContent).toBe("Cabinet : 023 70 45 12");
    expect($<HTMLSelectElement>("#booking-time").disabled).toBe(true);
    expect($<HTMLButtonElement>("form#booking button[type=submit]:not([hidden]):not([name])").disabled).toBe(true);
  });

  it("an answer page (a post without JavaScript) renders the answer and the posted input, and hydrates it as is", async () => {
    const html = await mount({
      ...PROPS,
      initialSlots: null,
      answer: answer({ fieldErrors: { time: "Veuillez choisir une heure." }, slots: VIEW, submissionKey: "key-9" }),
      values: { name: "Amel Test", service: "Orthodontie", date: "2026-12-01", consent: "on" },
    });
    expect(html).toContain("Veuillez choisir une heure.");
    expect(html).toContain('value="key-9"');
    expect(recoverable).toEqual([]);
    expect($<HTMLInputElement>("#booking-name").value).toBe("Amel Test");
    expect($<HTMLInputElement>("#booking-consent").checked).toBe(true);
    expect(text()).toContain("3 horaires libres le mardi 1 décembre");
    // the day shown is the one the server gave: nothing asked again
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
