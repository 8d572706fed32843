// @vitest-environment happy-dom
import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EnrollmentAnswer } from "~/lib/enrollment-answer";
import { ENROLLMENT_MESSAGES } from "~/lib/enrollment-messages";
import type { FormationLandingItem } from "~/lib/formation";
import { EnrollLink } from "./EnrollLink";
import { EnrollmentIsland, SUCCESS_BANNER_MS, type EnrollmentIslandProps } from "./EnrollmentDialog";

/*
 * The enrolment island as the browser runs it: the server's HTML (renderToString) hydrated with the
 * same props (hydrateRoot), enrol links elsewhere on the page, `fetch` answering as /inscription does.
 */

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const card = (id: number, title: string, taken: number, max: number): FormationLandingItem => ({
  id,
  title,
  place: "Centre de Formation Dentaire, Kouba (Alger)",
  description: "Une session",
  duration_months: 6,
  max_participants: max,
  price: null,
  taken,
  sessions: [],
});
const SESSIONS = [card(1, "Implantologie", 3, 5), card(2, "Session pleine", 1, 1)];
const PROPS: EnrollmentIslandProps = {
  options: SESSIONS.map(({ id, title, taken, max_participants }) => ({ id, title, taken, max_participants, sessions: [] })),
  sessions: SESSIONS,
  phone: { tel: "+21323704512", display: "023 70 45 12" },
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function answer(over: Partial<EnrollmentAnswer>): EnrollmentAnswer {
  return { status: "error", formError: null, fieldErrors: {}, submissionKey: "6c1f7a52-aaaa-4bbb-8ccc-000000000001", options: null, ...over };
}

let page: HTMLElement;
let container: HTMLElement;
let root: Root | undefined;
let recoverable: unknown[];
let posts: { url: string; body: URLSearchParams; accept: string | null }[];
/** the answers of the next posts, in order (an Error: the network failed) */
let replies: (EnrollmentAnswer | Error)[];
/** a post that waits for `release` before it is answered */
let hold: Promise<void> | null;

beforeEach(() => {
  posts = [];
  replies = [];
  recoverable = [];
  hold = null;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      posts.push({ url, body: new URLSearchParams(init?.body as unknown as Record<string, string>), accept: new Headers(init?.headers).get("Accept") });
      if (hold) await hold;
      const next = replies.shift();
      if (!next || next instanceof Error) throw next ?? new TypeError("Failed to fetch");
      return Response.json(next, { status: next.status === "success" ? 200 : 400 });
    }),
  );
  // happy-dom's <dialog>: showModal and close as the browser's (open, the close event)
  vi.spyOn(HTMLDialogElement.prototype, "showModal").mockImplementation(function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  });
  vi.spyOn(HTMLDialogElement.prototype, "close").mockImplementation(function (this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  });
});

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  page?.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page: enrol links outside the island, and the island (the server's HTML, hydrated with the same props). */
async function mount(props: EnrollmentIslandProps = PROPS) {
  page = document.createElement("main");
  page.innerHTML = renderToString(
    <>
      <EnrollLink className="hero">S'inscrire maintenant</EnrollLink>
      <EnrollLink formationId={1}>S'inscrire à « Implantologie »</EnrollLink>
      <EnrollLink formationId={2}>S'inscrire à « Session pleine »</EnrollLink>
    </>,
  );
  container = document.createElement("div");
  container.innerHTML = renderToString(<EnrollmentIsland {...props} />);
  page.append(container);
  document.body.append(page);
  const serverHtml = container.innerHTML;
  await act(async () => {
    root = hydrateRoot(container, <EnrollmentIsland {...props} />, { onRecoverableError: (e) => recoverable.push(e) });
  });
  return serverHtml;
}

const $ = <T extends Element = HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const link = (n: number) => page.querySelectorAll<HTMLAnchorElement>("a[data-enrol]")[n];
const dialog = () => $<HTMLDialogElement>("dialog#enrolment-dialog");
const input = (name: string) => $<HTMLInputElement>(`#enrolment-${name}`);
const key = () => $<HTMLInputElement>("input[name=submission_key]").value;
const alerts = () => [...dialog().querySelectorAll("[role=alert]")].map((a) => a.textContent);

async function click(el: HTMLElement, init: MouseEventInit = {}) {
  let event!: MouseEvent;
  await act(async () => {
    event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
    el.dispatchEvent(event);
  });
  return event;
}

async function type(el: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(el, value);
  await act(async () => {
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function fillValid() {
  await type(input("user_name"), "Haddad");
  await type(input("user_surname"), "Sarah");
  await type(input("email"), "sarah.haddad@exemple.dz");
  await type(input("phone"), "0770 11 22 33");
  input("consent").checked = true;
}

async function submit() {
  await act(async () => {
    $<HTMLFormElement>("form#enrolment").requestSubmit();
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 10));
  });
}

const badge = (title: string) => [...container.querySelectorAll("article")].find((a) => a.querySelector("h3")?.textContent === title)!.querySelector("h3 + span")?.textContent;

describe("the enrolment island: the server's HTML, hydrated", () => {
  it("hydrates what the server rendered without a difference: the cards, the dialog closed, no banner", async () => {
    const html = await mount();
    expect(recoverable).toEqual([]);
    expect(container.innerHTML).toBe(html);
    expect(badge("Implantologie")).toBe("2 places");
    expect(badge("Session pleine")).toBe("Complet");
    expect(dialog().open).toBe(false);
    expect(dialog().getAttribute("aria-labelledby")).toBe("enrolment-dialog-title");
    expect(container.querySelector("[role=alert]")).toBeNull();
  });

  it("renders no cards on a syllabus page (sessions: null), only the dialog", async () => {
    await mount({ ...PROPS, sessions: null });
    expect(container.querySelector("ul, article")).toBeNull();
    expect(dialog()).not.toBeNull();
  });
});

describe("opening and closing", () => {
  it("an enrol link anywhere on the page opens it, preselected when the formation is open, with a fresh key and the focus on 'Nom'", async () => {
    await mount();
    const event = await click(link(1));
    expect(event.defaultPrevented).toBe(true);
    expect(dialog().open).toBe(true);
    expect($<HTMLSelectElement>("#enrolment-formation_id").value).toBe("1");
    expect(key()).toMatch(UUID);
    expect(document.activeElement).toBe(input("user_name"));
    const first = key();

    await type(input("user_name"), "Brouillon");
    await click([...dialog().querySelectorAll("button")].find((b) => b.textContent === "Annuler")!);
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(link(1));

    // the hero's link: no preselection, a new key, the fields empty again
    await click(link(0));
    expect($<HTMLSelectElement>("#enrolment-formation_id").value).toBe("");
    expect(input("user_name").value).toBe("");
    expect(key()).toMatch(UUID);
    expect(key()).not.toBe(first);
  });

  it("a full formation is not preselected and cannot be chosen", async () => {
    await mount();
    await click(link(2));
    expect($<HTMLSelectElement>("#enrolment-formation_id").value).toBe("");
    const full = [...$<HTMLSelectElement>("#enrolment-formation_id").options].find((o) => o.value === "2")!;
    expect([full.textContent, full.disabled]).toEqual(["Session pleine (Complet)", true]);
  });

  it("a click with a modifier key, or another button, is left to the browser (a new tab)", async () => {
    await mount();
    expect((await click(link(1), { ctrlKey: true })).defaultPrevented).toBe(false);
    expect((await click(link(1), { button: 1 })).defaultPrevented).toBe(false);
    expect(dialog().open).toBe(false);
  });

  it("closes at its cross and on Escape (the dialog's close), the focus back on the link", async () => {
    await mount();
    await click(link(0));
    await click(dialog().querySelector<HTMLButtonElement>("h2 + button")!);
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(link(0));
    await click(link(0));
    expect(dialog().open).toBe(true);
    // Escape: the browser closes the dialog (its close event)
    await act(async () => dialog().close());
    expect(dialog().open).toBe(false);
    await click(link(0));
    expect(dialog().open).toBe(true);
  });
});

describe("the post and its JSON answer", () => {
  it("posts the form as it is, asking for JSON; a refusal puts the messages beside the fields, keeps the input and the key, focuses the first refused field", async () => {
    await mount();
    await click(link(1));
    await type(input("email"), "pas-un-email");
    const sent = key();
    replies.push(
      answer({
        submissionKey: sent,
        fieldErrors: { user_name: "Indiquez votre nom.", email: "Adresse e-mail invalide (exemple : nom@domaine.com).", consent: "Cochez cette case pour nous permettre de traiter votre inscription." },
      }),
    );
    await submit();
    expect(posts).toHaveLength(1);
    expect(posts[0].url).toBe("/inscription");
    expect(posts[0].accept).toBe("application/json");
    expect(Object.fromEntries(posts[0].body)).toMatchObject({ submission_key: sent, email: "pas-un-email", formation_id: "1", user_name: "", website: "" });
    expect(posts[0].body.has("consent")).toBe(false);

    expect(input("user_name").getAttribute("aria-invalid")).toBe("true");
    expect($("#enrolment-user_name-error").textContent).toBe("Indiquez votre nom.");
    expect(input("user_name").getAttribute("aria-describedby")).toBe("enrolment-user_name-error");
    expect($("#enrolment-email-error").textContent).toBe("Adresse e-mail invalide (exemple : nom@domaine.com).");
    expect($("#enrolment-consent-error").textContent).toBe("Cochez cette case pour nous permettre de traiter votre inscription.");
    expect(input("user_surname").hasAttribute("aria-invalid")).toBe(false);
    expect(alerts()).toEqual([ENROLLMENT_MESSAGES.invalid]);
    expect(document.activeElement).toBe(input("user_name"));
    expect(input("email").value).toBe("pas-un-email");
    expect(key()).toBe(sent);
    expect(dialog().open).toBe(true);
  });

  it("a full session: the server's message above the form and beside the choice, which takes the focus", async () => {
    await mount();
    await click(link(1));
    await fillValid();
    replies.push(answer({ formError: ENROLLMENT_MESSAGES.full, fieldErrors: { formation_id: ENROLLMENT_MESSAGES.full } }));
    await submit();
    expect(alerts()).toEqual([ENROLLMENT_MESSAGES.full]);
    expect($("#enrolment-formation_id").getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe($("#enrolment-formation_id"));
    expect(input("user_name").value).toBe("Haddad");
  });

  it("a post that cannot reach the server says so, focused, the input kept; an answer that is not the typed JSON too", async () => {
    await mount();
    await click(link(0));
    await fillValid();
    replies.push(new TypeError("Failed to fetch"));
    await submit();
    expect(alerts()).toEqual([ENROLLMENT_MESSAGES.failure]);
    expect(document.activeElement?.getAttribute("role")).toBe("alert");
    expect([input("user_name").value, input("email").value]).toEqual(["Haddad", "sarah.haddad@exemple.dz"]);
    expect(dialog().open).toBe(true);

    replies.push({ html: "<p>page</p>" } as unknown as EnrollmentAnswer);
    await submit();
    expect(alerts()).toEqual([ENROLLMENT_MESSAGES.failure]);
    expect(posts).toHaveLength(2);
  });

  it("a success closes the dialog, announces it for 10 s, and the cards take the places of the answer", async () => {
    await mount();
    await click(link(1));
    await fillValid();
    replies.push(answer({ status: "success", options: [{ id: 1, title: "Implantologie", taken: 4, max_participants: 5, sessions: [] }, { id: 2, title: "Session pleine", taken: 1, max_participants: 1, sessions: [] }] }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await submit();
    expect(dialog().open).toBe(false);
    expect(document.activeElement).toBe(link(1));
    const banner = () => container.querySelector("[role=alert]")?.textContent ?? null;
    expect(banner()).toContain(ENROLLMENT_MESSAGES.success);
    expect(badge("Implantologie")).toBe("1 place");
    await act(async () => vi.advanceTimersByTime(SUCCESS_BANNER_MS - 100));
    expect(banner()).toContain(ENROLLMENT_MESSAGES.success);
    await act(async () => vi.advanceTimersByTime(200));
    expect(banner()).toBeNull();
  });

  it("the banner closes at its cross; a new opening hides it and starts from an empty form", async () => {
    await mount();
    await click(link(1));
    await fillValid();
    replies.push(answer({ status: "success", options: null }));
    await submit();
    // no places in the answer: the cards stay as they were
    expect(badge("Implantologie")).toBe("2 places");
    await click(container.querySelector<HTMLButtonElement>("button[aria-label='Fermer le message']")!);
    expect(container.querySelector("[role=alert]")).toBeNull();

    replies.push(answer({ status: "success" }));
    await click(link(0));
    await fillValid();
    await submit();
    expect(container.querySelector("[role=alert]")).not.toBeNull();
    await click(link(0));
    expect(container.querySelector("[role=alert]")).toBeNull();
    expect(input("email").value).toBe("");
  });

  it("a second click while the post runs sends nothing; the button says 'Envoi en cours...'", async () => {
    await mount();
    await click(link(1));
    await fillValid();
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    replies.push(answer({ status: "success" }));
    const form = $<HTMLFormElement>("form#enrolment");
    await act(async () => {
      form.requestSubmit();
      form.requestSubmit();
    });
    const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
    expect([button.textContent, button.disabled]).toEqual(["Envoi en cours...", true]);
    expect(posts).toHaveLength(1);
    await act(async () => {
      release();
      await new Promise((r) => setTimeout(r, 10));
    });
    expect(posts).toHaveLength(1);
    expect(dialog().open).toBe(false);
  });
});
