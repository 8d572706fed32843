// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatNumber, start, type SiteWindow } from "./chrome";

/** IntersectionObserver as a test drives it: `report(el, true)` says `el` is on screen. */
class FakeIO {
  static all: FakeIO[] = [];
  watched = new Set<Element>();
  constructor(
    public callback: (entries: Partial<IntersectionObserverEntry>[]) => void,
    public options?: IntersectionObserverInit,
  ) {
    FakeIO.all.push(this);
  }
  observe = (el: Element) => this.watched.add(el);
  unobserve = (el: Element) => this.watched.delete(el);
  disconnect = () => this.watched.clear();
  static report(el: Element, isIntersecting: boolean) {
    for (const io of FakeIO.all.filter((x) => x.watched.has(el))) io.callback([{ target: el, isIntersecting }]);
  }
}
class FakeRO {
  static all: FakeRO[] = [];
  constructor(public callback: () => void) {
    FakeRO.all.push(this);
  }
  observe = () => undefined;
}

let chrome: ReturnType<typeof start> | undefined;
const w = window as SiteWindow;
const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector)!;
const reduceMotion = (on: boolean) => vi.spyOn(window, "matchMedia").mockReturnValue({ matches: on } as MediaQueryList);
function mount(html: string) {
  document.body.innerHTML = html;
  chrome = start(document);
}
/** An event of `type` with `props` (clientX, relatedTarget…) on `el`. */
const fire = (el: EventTarget, type: string, props: Record<string, unknown> = {}, bubbles = true) =>
  el.dispatchEvent(Object.defineProperties(new Event(type, { bubbles, cancelable: true }), Object.fromEntries(Object.entries(props).map(([k, value]) => [k, { value }]))));
const key = (el: Element, k: string) => el.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));

beforeEach(() => {
  FakeIO.all = [];
  FakeRO.all = [];
  vi.stubGlobal("IntersectionObserver", FakeIO);
  vi.stubGlobal("ResizeObserver", FakeRO);
  reduceMotion(false);
});
afterEach(() => {
  chrome?.stop();
  chrome = undefined;
  document.body.innerHTML = "";
  delete document.documentElement.dataset.site;
  delete w.__reactRouterContext;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NAV = `
  <div data-contact-bar></div>
  <div id="wrap"><nav data-site-nav>
    <div data-nav-row>
      <button data-mobile-toggle aria-expanded="false" aria-controls="m">Menu</button>
      <ul>
        <li id="li-a"><button id="a" data-dropdown aria-expanded="false" aria-controls="pa">Soins</button><div id="pa" hidden><a href="/x">x</a></div></li>
        <li id="li-b"><button id="b" data-dropdown aria-expanded="false" aria-controls="pb">Clinique</button><div id="pb" hidden></div></li>
      </ul>
    </div>
    <div id="m" data-open="false" inert>
      <button id="s1" data-mobile-section aria-expanded="false" aria-controls="ps1">Soins</button><ul id="ps1" hidden></ul>
      <button id="s2" data-mobile-section aria-expanded="false" aria-controls="ps2">Clinique</button><ul id="ps2" hidden></ul>
    </div>
  </nav></div>
  <main><p id="outside">texte</p></main>`;
const isOpen = (id: string) => $(`#${id}`).getAttribute("aria-expanded") === "true" && !$(`#p${id}`).hidden;

describe("navigation", () => {
  it("publishes the bar's height once laid out, and fixes the bar (its height reserved) once scrolled past the contact bar", () => {
    mount(NAV);
    const nav = $("[data-site-nav]");
    $("[data-nav-row]").getBoundingClientRect = () => ({ height: 56.4 }) as DOMRect;
    Object.defineProperty($("[data-contact-bar]"), "offsetHeight", { value: 40 });
    expect(nav.dataset.fixed).toBe("false");
    FakeRO.all[0].callback();
    expect(document.documentElement.style.getPropertyValue("--site-bar-height")).toBe("57px");
    vi.spyOn(window, "scrollY", "get").mockReturnValue(40);
    fire(window, "scroll");
    expect(nav.dataset.fixed).toBe("false");
    vi.spyOn(window, "scrollY", "get").mockReturnValue(41);
    fire(window, "scroll");
    expect(nav.dataset.fixed).toBe("true");
    expect($("#wrap").style.height).toBe("56.4px");
    vi.spyOn(window, "scrollY", "get").mockReturnValue(0);
    fire(window, "scroll");
    expect(nav.dataset.fixed).toBe("false");
    expect($("#wrap").style.height).toBe("");
  });

  it("opens a dropdown on click (closing the other), closes it on a second click", () => {
    mount(NAV);
    $("#a").click();
    expect(isOpen("a")).toBe(true);
    $("#b").click();
    expect([isOpen("a"), isOpen("b")]).toEqual([false, true]);
    $("#b").click();
    expect(isOpen("b")).toBe(false);
  });

  it("opens on hover, closes 300 ms after the pointer leaves unless it comes back; a click keeps a hovered menu open", () => {
    vi.useFakeTimers();
    mount(NAV);
    fire($("#li-a"), "mouseenter", {}, false);
    expect(isOpen("a")).toBe(true);
    fire($("#li-a"), "mouseleave", {}, false);
    vi.advanceTimersByTime(299);
    expect(isOpen("a")).toBe(true);
    fire($("#li-a"), "mouseenter", {}, false);
    vi.advanceTimersByTime(1000);
    expect(isOpen("a")).toBe(true);
    $("#a").click();
    expect(isOpen("a")).toBe(true);
    fire($("#li-a"), "mouseleave", {}, false);
    vi.advanceTimersByTime(300);
    expect(isOpen("a")).toBe(false);
  });

  it("closes a dropdown with Escape (the focus back on its button) and on a press outside the bar", () => {
    mount(NAV);
    $("#a").click();
    $<HTMLAnchorElement>("#pa a").focus();
    key($("#pa a"), "Escape");
    expect(isOpen("a")).toBe(false);
    expect(document.activeElement).toBe($("#a"));
    $("#a").click();
    fire($("#pa a"), "pointerdown");
    expect(isOpen("a")).toBe(true);
    fire($("#outside"), "pointerdown");
    expect(isOpen("a")).toBe(false);
  });

  it("toggles the mobile menu (aria-expanded, data-open, inert), one section open at a time; Escape closes it and focuses its button", () => {
    mount(NAV);
    const toggle = $("[data-mobile-toggle]");
    const panel = $("#m");
    toggle.click();
    expect([toggle.getAttribute("aria-expanded"), panel.dataset.open, panel.inert]).toEqual(["true", "true", false]);
    $("#s1").click();
    $("#s2").click();
    expect([isOpen("s1"), isOpen("s2")]).toEqual([false, true]);
    $("#s2").click();
    expect(isOpen("s2")).toBe(false);
    $("#s1").click();
    toggle.click();
    expect([toggle.getAttribute("aria-expanded"), panel.dataset.open, panel.inert, isOpen("s1")]).toEqual(["false", "false", true, false]);
    toggle.click();
    key($("#s1"), "Escape");
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(toggle);
  });
});

describe("start", () => {
  it("marks the page ready at once when it is not hydrated", () => {
    mount(NAV);
    expect(document.documentElement.dataset.site).toBe("ready");
  });

  it("on a hydrated page, waits for site:render, which closes the menus and gives new markup its behaviour", () => {
    w.__reactRouterContext = {};
    mount(NAV);
    expect(document.documentElement.dataset.site).toBeUndefined();
    expect($("[data-site-nav]").dataset.fixed).toBeUndefined();
    window.dispatchEvent(new Event("site:render"));
    expect(document.documentElement.dataset.site).toBe("ready");
    $("#a").click();
    $("[data-mobile-toggle]").click();
    document.body.insertAdjacentHTML("beforeend", `<div data-carousel data-selected="1"><div data-carousel-track><div data-carousel-slide></div><div data-carousel-slide></div></div></div>`);
    window.dispatchEvent(new Event("site:render"));
    expect([isOpen("a"), $("[data-mobile-toggle]").getAttribute("aria-expanded")]).toEqual([false, "false"]);
    expect($("[data-carousel-track]").style.transform).toBe("translateX(-100%)");
  });
});

describe("reveal", () => {
  const html = `<section id="top" data-reveal="static"></section><section id="low" data-reveal="static"></section>`;
  it("leaves what is on screen at load as painted, hides the rest and shows it once it scrolls into view", () => {
    mount(html);
    FakeIO.report($("#top"), true);
    FakeIO.report($("#low"), false);
    expect([$("#top").dataset.reveal, $("#low").dataset.reveal]).toEqual(["static", "hidden"]);
    FakeIO.report($("#low"), false);
    expect($("#low").dataset.reveal).toBe("hidden");
    FakeIO.report($("#low"), true);
    expect($("#low").dataset.reveal).toBe("shown");
    FakeIO.report($("#low"), false);
    expect($("#low").dataset.reveal).toBe("shown");
  });

  it("does nothing under reduced motion", () => {
    reduceMotion(true);
    mount(html);
    expect(FakeIO.all).toHaveLength(0);
    expect($("#low").dataset.reveal).toBe("static");
  });
});

describe("counters", () => {
  const html = `<span id="c" data-target="7000" data-value="7000" data-step="2500" data-interval="40" data-prefix="+" data-suffix=" patients"><span data-count-text>+7 000 patients</span></span>`;
  const text = () => $("[data-count-text]").textContent;
  it("counts up from 0 to the target once in view, by its step and interval, as the site writes numbers", () => {
    vi.useFakeTimers();
    mount(html);
    expect(text()).toBe("+0 patients");
    vi.advanceTimersByTime(200);
    expect(text()).toBe("+0 patients");
    FakeIO.report($("#c"), true);
    vi.advanceTimersByTime(40);
    expect(text()).toBe("+2\u202f500 patients");
    vi.advanceTimersByTime(80);
    expect([text(), $("#c").dataset.value]).toEqual(["+7\u202f000 patients", "7000"]);
    vi.advanceTimersByTime(400);
    expect(text()).toBe("+7\u202f000 patients");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("shows the final value at once under reduced motion", () => {
    reduceMotion(true);
    mount(html);
    expect(text()).toBe("+7 000 patients");
  });

  it("formats numbers in groups of three", () => {
    expect([formatNumber(12), formatNumber(1234567.4)]).toEqual(["12", "1\u202f234\u202f567"]);
  });
});

describe("before/after", () => {
  it("moves the divider and the before picture's edge as the slider moves (keys and pointer give the range input's input events)", () => {
    mount(`<div data-compare><div data-compare-before style="clip-path: inset(0 50% 0 0)"></div><div data-compare-divider style="left: 50%"></div>
      <input type="range" min="0" max="100" value="50" aria-valuetext="50 % avant, 50 % après"></div>`);
    const input = $<HTMLInputElement>("input");
    input.value = "51";
    fire(input, "input");
    expect($("[data-compare-divider]").style.left).toBe("51%");
    input.value = "30";
    fire(input, "input");
    expect($("[data-compare-before]").style.clipPath).toBe("inset(0 70% 0 0)");
    expect($("[data-compare-divider]").style.left).toBe("30%");
    expect(input.getAttribute("aria-valuetext")).toBe("30 % avant, 70 % après");
  });
});

describe("carousels", () => {
  const slides = `<div data-carousel-track><div data-carousel-slide>1</div><div data-carousel-slide>2</div><div data-carousel-slide>3</div></div>`;
  const dots = [0, 1, 2].map((i) => `<button data-carousel-dot="${i}">${i}</button>`).join("");
  const carousel = (attrs = "") => `<div data-carousel ${attrs}>${slides}<button data-carousel-prev>‹</button><button data-carousel-next>›</button>${dots}</div>`;
  const shown = () => {
    const root = $("[data-carousel]");
    const n = Number(root.dataset.selected);
    const inert = [...root.querySelectorAll<HTMLElement>("[data-carousel-slide]")].map((s) => s.inert);
    expect(inert).toEqual([0, 1, 2].map((i) => i !== n));
    expect($("[data-carousel-track]").style.transform).toBe(`translateX(${-100 * n}%)`);
    return n;
  };

  it("shows its selected slide at load; the arrows step (wrapping round), the dots jump, the current dot marked", () => {
    mount(carousel(`data-selected="1"`));
    expect(shown()).toBe(1);
    $("[data-carousel-next]").click();
    $("[data-carousel-next]").click();
    expect(shown()).toBe(0);
    $("[data-carousel-prev]").click();
    expect(shown()).toBe(2);
    $('[data-carousel-dot="1"]').click();
    expect(shown()).toBe(1);
    expect([...document.querySelectorAll("[data-carousel-dot]")].map((d) => d.getAttribute("aria-current"))).toEqual([null, "true", null]);
  });

  it("tabs: selected and focusable alone; arrows, Home and End move between them", () => {
    mount(`<div data-carousel>${[0, 1, 2].map((i) => `<button role="tab" data-carousel-dot="${i}">${i}</button>`).join("")}${slides}</div>`);
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tab"]')];
    const state = () => tabs.map((t) => `${t.getAttribute("aria-selected")}/${t.getAttribute("tabindex")}`);
    expect(state()).toEqual(["true/0", "false/-1", "false/-1"]);
    tabs[0].focus();
    key(tabs[0], "ArrowLeft");
    expect([shown(), document.activeElement]).toEqual([2, tabs[2]]);
    key(tabs[2], "ArrowRight");
    expect([shown(), document.activeElement]).toEqual([0, tabs[0]]);
    key(tabs[0], "End");
    expect(state()).toEqual(["false/-1", "false/-1", "true/0"]);
    key(tabs[2], "Home");
    expect(shown()).toBe(0);
    expect(key(tabs[0], "Enter")).toBe(true);
    expect(shown()).toBe(0);
  });

  it("a swipe of more than 40 px across moves one slide", () => {
    mount(carousel());
    const swipe = (x0: number, x1: number, y1 = 0) => {
      fire($("[data-carousel-track]"), "pointerdown", { clientX: x0, clientY: 0 });
      fire($("[data-carousel-track]"), "pointerup", { clientX: x1, clientY: y1 });
    };
    swipe(200, 150);
    expect(shown()).toBe(1);
    swipe(200, 170);
    swipe(200, 140, 80);
    expect(shown()).toBe(1);
    swipe(100, 160);
    expect(shown()).toBe(0);
  });

  it("plays by itself, paused under the pointer or the focus and while the page is hidden", () => {
    vi.useFakeTimers();
    mount(carousel(`data-autoplay="5000"`));
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(1);
    fire($("[data-carousel]"), "mouseenter", {}, false);
    vi.advanceTimersByTime(10_000);
    expect(shown()).toBe(1);
    fire($("[data-carousel]"), "mouseleave", {}, false);
    fire($("[data-carousel]"), "focusin");
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(1);
    fire($("[data-carousel]"), "focusout");
    vi.spyOn(document, "hidden", "get").mockReturnValue(true);
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(1);
    vi.spyOn(document, "hidden", "get").mockReturnValue(false);
    vi.advanceTimersByTime(5000);
    expect(shown()).toBe(2);
    $("[data-carousel]").remove();
    vi.advanceTimersByTime(5000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("under reduced motion: no autoplay, no sliding transition", () => {
    vi.useFakeTimers();
    reduceMotion(true);
    mount(carousel(`data-autoplay="5000"`));
    vi.advanceTimersByTime(20_000);
    expect(shown()).toBe(0);
    expect($("[data-carousel-track]").style.transitionDuration).toBe("0s");
  });
});

describe("pictures that fail", () => {
  it("shows the placeholder instead of a picture that fails, or failed before the script ran", () => {
    document.body.innerHTML = `<img id="early" data-fallback src="/gone.jpg" srcset="/gone-2x.jpg 2x"><img id="fine" data-fallback src="/ok.jpg">`;
    Object.defineProperty($("#fine"), "naturalWidth", { value: 800 });
    chrome = start(document);
    expect([$<HTMLImageElement>("#early").getAttribute("src"), $("#early").hasAttribute("srcset")]).toEqual(["/media/placeholder.svg", false]);
    expect($("#fine").getAttribute("src")).toBe("/ok.jpg");
    document.body.insertAdjacentHTML("beforeend", `<img id="late" data-fallback src="/late.jpg"><img id="plain" src="/plain.jpg">`);
    fire($("#late"), "error", {}, false);
    fire($("#plain"), "error", {}, false);
    expect([$("#late").getAttribute("src"), $("#late").dataset.placeholder, $("#plain").getAttribute("src")]).toEqual(["/media/placeholder.svg", "true", "/plain.jpg"]);
  });

  it("leaves them to React on a hydrated page", () => {
    w.__reactRouterContext = {};
    mount(`<img id="late" data-fallback src="/late.jpg">`);
    fire($("#late"), "error", {}, false);
    expect($("#late").getAttribute("src")).toBe("/late.jpg");
  });
});

describe("islands' files", () => {
  const ISLANDS = `
    <div data-island="booking" data-island-src="/assets/islands/booking-1.js" data-island-preload="/assets/islands/react-1.js /assets/islands/fields-1.js"></div>
    <div data-island="booking" data-island-src="/assets/islands/booking-1.js" data-island-preload="/assets/islands/react-1.js /assets/islands/fields-1.js"></div>`;
  const asked = () => ({
    scripts: [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => [s.type, s.getAttribute("src")]),
    preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute("href")),
  });
  // happy-dom would fetch the files: a test only looks at what was asked for
  beforeEach(() => {
    const settings = (window as unknown as { happyDOM?: { settings: { disableJavaScriptFileLoading: boolean; handleDisabledFileLoadingAsSuccess: boolean } } }).happyDOM?.settings;
    if (settings) Object.assign(settings, { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true });
  });
  afterEach(() => document.head.querySelectorAll("link").forEach((l) => l.remove()));

  /** the frame after the load event, and the task after it */
  const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)));

  it("are asked for once the load event's frame is painted, each once, and not before", async () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    mount(ISLANDS);
    await painted();
    expect(asked()).toEqual({ scripts: [], preloads: [] });
    window.dispatchEvent(new Event("load"));
    window.dispatchEvent(new Event("load"));
    expect(asked()).toEqual({ scripts: [], preloads: [] });
    await painted();
    expect(asked()).toEqual({ scripts: [["module", "/assets/islands/booking-1.js"]], preloads: ["/assets/islands/react-1.js", "/assets/islands/fields-1.js"] });
  });

  it("wait, after the load event, for the first contentful paint where the browser reports paints", async () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | null = null;
    const paints: string[] = [];
    class FakeObserver {
      static supportedEntryTypes = ["paint", "largest-contentful-paint"];
      constructor(cb: typeof report) {
        report = cb;
      }
      observe() {}
      disconnect() {
        report = null;
      }
    }
    vi.stubGlobal("PerformanceObserver", FakeObserver);
    try {
      mount(ISLANDS);
      window.dispatchEvent(new Event("load"));
      await painted();
      expect(asked()).toEqual({ scripts: [], preloads: [] });
      // the first paint (not contentful) changes nothing; the first contentful paint lets them come
      paints.push("first-paint");
      report!({ getEntriesByName: (name) => paints.filter((p) => p === name) });
      await painted();
      expect(asked().scripts).toEqual([]);
      paints.push("first-contentful-paint");
      report!({ getEntriesByName: (name) => paints.filter((p) => p === name) });
      expect(report).toBeNull();
      await painted();
      expect(asked().scripts).toEqual([["module", "/assets/islands/booking-1.js"]]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("come at most 3 s after the load event when no paint is reported (a tab opened in the background)", async () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    vi.stubGlobal(
      "PerformanceObserver",
      class {
        static supportedEntryTypes = ["paint"];
        observe() {}
        disconnect() {}
      },
    );
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      mount(ISLANDS);
      window.dispatchEvent(new Event("load"));
      vi.advanceTimersByTime(2900);
      expect(asked().scripts).toEqual([]);
      vi.advanceTimersByTime(100);
      vi.useRealTimers();
      await painted();
      expect(asked().scripts).toEqual([["module", "/assets/islands/booking-1.js"]]);
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it("are asked for at the visitor's first interaction when it comes before the load event", () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("interactive");
    mount(ISLANDS);
    fire(document.body, "focusin");
    expect(asked().scripts).toEqual([["module", "/assets/islands/booking-1.js"]]);
  });

  it("are asked for at the next frame on a page already loaded, and never on a page React drives", async () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
    w.__reactRouterContext = {};
    mount(ISLANDS);
    w.dispatchEvent(new Event("site:render"));
    await painted();
    expect(asked()).toEqual({ scripts: [], preloads: [] });
    chrome?.stop();
    delete w.__reactRouterContext;
    mount(ISLANDS);
    await painted();
    expect(asked().scripts).toEqual([["module", "/assets/islands/booking-1.js"]]);
  });
});

describe("a plain form's key", () => {
  it("is made by the browser when the page carries none, and an answer's key is kept", () => {
    mount(`
      <form id="a"><input type="hidden" name="submission_key" value="" data-submission-key></form>
      <form id="b"><input type="hidden" name="submission_key" value="11111111-2222-4333-8444-555555555555" data-submission-key></form>
      <form id="c"><input type="hidden" name="submission_key" value=""></form>`);
    const key = (id: string) => $<HTMLInputElement>(`#${id} input`).value;
    expect(key("a")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(key("b")).toBe("11111111-2222-4333-8444-555555555555");
    // a form that did not ask for one (an island's, which makes its own) is left alone
    expect(key("c")).toBe("");
  });
});

describe("a plain form's post", () => {
  it("is sent once: a second press sends nothing, the button's label says it is on its way; a page from the history is ready again", () => {
    mount(`
      <form id="a" data-once><button type="submit"><span data-busy="Annulation…">Confirmer l'annulation</span></button></form>
      <form id="b"><button type="submit">Envoyer</button></form>`);
    const submit = (id: string) => {
      const e = new Event("submit", { bubbles: true, cancelable: true });
      $(`#${id}`).dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(submit("a")).toBe(false);
    expect($("#a span").textContent).toBe("Annulation…");
    expect(submit("a")).toBe(true);
    // a form that did not ask for it is left alone
    expect(submit("b")).toBe(false);
    expect(submit("b")).toBe(false);
    fire(window, "pageshow", { persisted: true });
    expect($("#a span").textContent).toBe("Confirmer l'annulation");
    expect(submit("a")).toBe(false);
  });

  it("leaves a post an island took (prevented) to it", () => {
    mount(`<form id="a" data-once><button type="submit"><span data-busy="Annulation…">Confirmer</span></button></form>`);
    $("#a").addEventListener("submit", (e) => e.preventDefault());
    $("#a").dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    expect($("#a span").textContent).toBe("Confirmer");
    expect($("#a").hasAttribute("data-sent")).toBe(false);
  });
});
