// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { start, type SiteWindow } from "./chrome";

let chrome: ReturnType<typeof start> | undefined;
const $ = (selector: string) => document.querySelector<HTMLElement>(selector)!;
const reduceMotion = (on: boolean) => vi.spyOn(window, "matchMedia").mockReturnValue({ matches: on } as MediaQueryList);
function mount(html: string) {
  document.body.innerHTML = html;
  chrome = start(document);
}
const fire = (el: EventTarget, type: string, props: Record<string, unknown> = {}, bubbles = true) =>
  el.dispatchEvent(Object.defineProperties(new Event(type, { bubbles }), Object.fromEntries(Object.entries(props).map(([k, value]) => [k, { value }]))));

beforeEach(() => {
  vi.useFakeTimers();
  reduceMotion(false);
});
afterEach(() => {
  chrome?.stop();
  document.body.innerHTML = "";
  delete (window as SiteWindow).__reactRouterContext;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("toasts", () => {
  const toast = (duration = "") => `<div id="box" role="status"><div data-toast ${duration}><p>Vous avez été déconnecté.</p><button data-toast-close>×</button></div></div><a id="elsewhere" href="/">x</a>`;
  const state = () => (!document.querySelector("#box") ? "gone" : $("[data-toast]").dataset.closing === "" ? "closing" : "shown");

  it("fades out after its duration (4 s unless it says), then is removed", () => {
    mount(toast());
    vi.advanceTimersByTime(3999);
    expect(state()).toBe("shown");
    vi.advanceTimersByTime(1);
    expect(state()).toBe("closing");
    vi.advanceTimersByTime(300);
    expect(state()).toBe("gone");
    mount(toast(`data-duration="8000"`));
    vi.advanceTimersByTime(7999);
    expect(state()).toBe("shown");
  });

  it("waits while the pointer is on it, then runs the time it had left (at least 1 s)", () => {
    mount(toast());
    vi.advanceTimersByTime(1000);
    fire($("[data-toast]"), "pointerenter", {}, false);
    vi.advanceTimersByTime(60_000);
    expect(state()).toBe("shown");
    fire($("[data-toast]"), "pointerleave", {}, false);
    vi.advanceTimersByTime(2999);
    expect(state()).toBe("shown");
    vi.advanceTimersByTime(1);
    expect(state()).toBe("closing");
    mount(toast());
    vi.advanceTimersByTime(3900);
    fire($("[data-toast]"), "pointerenter", {}, false);
    fire($("[data-toast]"), "pointerleave", {}, false);
    vi.advanceTimersByTime(999);
    expect(state()).toBe("shown");
    vi.advanceTimersByTime(1);
    expect(state()).toBe("closing");
  });

  it("waits while the focus is in it; the pointer leaving does not restart it then", () => {
    mount(toast());
    $("[data-toast-close]").focus();
    vi.advanceTimersByTime(60_000);
    expect(state()).toBe("shown");
    fire($("[data-toast]"), "pointerleave", {}, false);
    vi.advanceTimersByTime(60_000);
    expect(state()).toBe("shown");
    $("#elsewhere").focus();
    vi.advanceTimersByTime(4000);
    expect(state()).toBe("closing");
  });

  it("closes at its cross, at once under reduced motion", () => {
    mount(toast());
    $("[data-toast-close]").click();
    expect(state()).toBe("closing");
    vi.advanceTimersByTime(300);
    expect(state()).toBe("gone");
    reduceMotion(true);
    mount(toast());
    $("[data-toast-close]").click();
    vi.advanceTimersByTime(0);
    expect(state()).toBe("gone");
  });
});

describe("messages that go, alerts that close", () => {
  it("hides a [data-autohide] message after its time (5 s unless it says)", () => {
    mount(`<div id="a" data-autohide="2000">Rendez-vous enregistré</div><div id="b" data-autohide>Autre</div>`);
    vi.advanceTimersByTime(1999);
    expect([$("#a").hidden, $("#b").hidden]).toEqual([false, false]);
    vi.advanceTimersByTime(1);
    expect($("#a").hidden).toBe(true);
    vi.advanceTimersByTime(3000);
    expect($("#b").hidden).toBe(true);
  });

  it("an alert's cross hides the alert, or the autohide message it is in", () => {
    mount(`<div id="alert" data-alert><button id="x1" data-alert-close>×</button></div>
      <div id="banner" data-autohide="60000"><div id="inner" data-alert><button id="x2" data-alert-close>×</button></div></div>`);
    $("#x1").click();
    expect($("#alert").hidden).toBe(true);
    $("#x2").click();
    expect([$("#banner").hidden, $("#inner").hidden]).toEqual([true, false]);
  });
});

describe("the answer's focus at load", () => {
  const form = `<form><input id="name" aria-invalid="true"><input id="phone" aria-invalid="true"></form>`;
  it("goes to the answer's message ([data-focus]) on a page that is not hydrated", () => {
    const scrolled: Element[] = [];
    vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: HTMLElement) {
      scrolled.push(this);
    });
    mount(`<div id="msg" tabindex="-1" data-alert data-focus>Merci</div>${form}`);
    expect([document.activeElement, scrolled]).toEqual([$("#msg"), [$("#msg")]]);
  });

  it("else to the first refused field, once", () => {
    mount(form);
    expect(document.activeElement).toBe($("#name"));
    $("#phone").focus();
    chrome!.init();
    expect(document.activeElement).toBe($("#phone"));
  });

  it("is React's on a hydrated page", () => {
    (window as SiteWindow).__reactRouterContext = {};
    mount(form);
    window.dispatchEvent(new Event("site:render"));
    expect(document.activeElement).not.toBe($("#name"));
  });
});

describe("'Réessayer' on a page that failed to load", () => {
  const page = `<div role="alert"><p id="cause" data-reload-cause="Impossible de charger les blogs: serveur injoignable">Impossible de charger les blogs: erreur 500</p>
    <button id="retry" type="button" data-reload>Réessayer</button><p id="status" role="status" data-reload-status hidden>Chargement des articles...</p></div>`;
  function serverAnswers(answer: Promise<Response>) {
    const fetch = vi.fn(() => answer);
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }
  afterEach(() => vi.unstubAllGlobals());

  it("shows the loading text, asks the server for the page, and reloads once it answers", async () => {
    const reload = vi.fn();
    vi.spyOn(document, "location", "get").mockReturnValue({ href: "http://clinic.test/blog", reload } as unknown as Location);
    let answer!: (r: Response) => void;
    const fetch = serverAnswers(new Promise<Response>((r) => (answer = r)));
    mount(page);
    $("#retry").click();
    expect([($("#retry") as HTMLButtonElement).disabled, $("#status").hidden]).toEqual([true, false]);
    expect(fetch).toHaveBeenCalledWith("http://clinic.test/blog", { cache: "no-store", credentials: "same-origin" });
    // a second press while it asks sends nothing more
    $("#retry").click();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    answer(new Response("<html></html>", { status: 500 }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("says the server cannot be reached, and can be pressed again", async () => {
    const reload = vi.fn();
    vi.spyOn(document, "location", "get").mockReturnValue({ href: "http://clinic.test/blog", reload } as unknown as Location);
    serverAnswers(Promise.reject(new TypeError("Failed to fetch")));
    mount(page);
    $("#retry").click();
    await vi.waitFor(() => expect(($("#retry") as HTMLButtonElement).disabled).toBe(false));
    expect($("#status").hidden).toBe(true);
    expect($("#cause").textContent).toBe("Impossible de charger les blogs: serveur injoignable");
    expect(reload).not.toHaveBeenCalled();
  });
});
