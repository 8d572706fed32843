/*
 * The page chrome (issue 27, decision 016), what stays plain script on the public pages: the server's markup
 * given its behaviour through data attributes. [data-site-nav]: the bar fixed once scrolled, dropdowns, the
 * mobile menu; [data-reveal]: sections shown once scrolled into view; [data-target]: figures that count up;
 * [data-compare]: before/after and its slider; [data-carousel]: arrows, dots and tabs (their slide's index),
 * swipe, autoplay; img[data-fallback]: the placeholder for a picture that fails; the server's messages
 * (app/site/messages.ts); [data-island-src]: an island's module, fetched once the page has loaded;
 * input[data-submission-key]: a plain form's idempotency key, made here (the page is served to everyone);
 * form[data-once]: a plain form sent once, its button saying so ([data-busy]). Inlined in every page (vite.config.ts), it starts by itself as a classic script
 * (`start(document)` for tests); on a hydrated page, at React's `site:render`. Then `<html data-site="ready">`.
 */
import { newSubmissionKey } from "~/lib/submission-key";
import { messages, type Listen } from "./messages";

export type SiteWindow = Window & typeof globalThis & { __site?: boolean; __reactRouterContext?: unknown };

export const DROPDOWN_CLOSE_DELAY_MS = 300;
export const PLACEHOLDER_SRC = "/media/placeholder.svg";
const SWIPE_PX = 40; // a swipe longer than this (and more across than down) moves one slide
const PAINT_WAIT_MS = 3000; // the longest the islands' files wait, after the load event, for the first contentful paint

/** 7000 -> "7 000" (narrow no-break spaces), as formatNumber of app/lib/format.ts, without Intl (slow to build on a phone). */
export const formatNumber = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");

/** Gives `doc` its behaviour; `stop()` removes the listeners on the document and the window. */
export function start(doc: Document = document): { init: () => void; stop: () => void } {
  const w = doc.defaultView as SiteWindow;
  doc.documentElement.dataset.js = ""; // what only a page without scripts needs is hidden at once (app.css, [data-no-js])
  const abort = new AbortController();
  const on: Listen = (target, type, fn, options) => target.addEventListener(type, fn as EventListener, { ...options, signal: abort.signal });
  const reduced = () => w.matchMedia("(prefers-reduced-motion: reduce)").matches;
  /** an element on a right-to-left page (Arabic): its carousels, tabs and comparisons are mirrored */
  const rtlOf = (el: Element) => el.closest("[dir]")?.getAttribute("dir") === "rtl";
  const ready = new WeakSet<Element>();
  const once = (el: Element) => (ready.has(el) ? false : (ready.add(el), true));
  const byId = (id: string | null) => doc.getElementById(id || "");
  // on a hydrated page React drives the pictures and the answers' focus
  const hydrated = Boolean(w.__reactRouterContext);

  /* ---------------- navigation ---------------- */
  let openButton: HTMLElement | null = null;
  let openedBy = "hover";
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  const nav = () => doc.querySelector<HTMLElement>("[data-site-nav]");
  function expand(button: Element, open: boolean) {
    button.setAttribute("aria-expanded", String(open));
    const panel = byId(button.getAttribute("aria-controls"));
    if (panel) panel.hidden = !open;
  }
  /** Opens `button`'s dropdown and closes the others (null: closes them all). */
  function setDropdown(button: HTMLElement | null) {
    nav()?.querySelectorAll("[data-dropdown]").forEach((b) => expand(b, b === button));
    openButton = button;
  }
  const cancelClose = () => clearTimeout(closeTimer);
  const scheduleClose = () => (cancelClose(), (closeTimer = setTimeout(() => setDropdown(null), DROPDOWN_CLOSE_DELAY_MS)));
  const mobileToggle = () => nav()?.querySelector<HTMLElement>("[data-mobile-toggle]") ?? null;
  function setMobile(open: boolean) {
    const toggle = mobileToggle();
    if (!toggle) return;
    toggle.setAttribute("aria-expanded", String(open));
    const panel = byId(toggle.getAttribute("aria-controls"));
    if (!panel) return;
    panel.dataset.open = String(open);
    panel.inert = !open;
    if (!open) nav()?.querySelectorAll("[data-mobile-section]").forEach((b) => expand(b, false));
  }
  /** The bar becomes fixed once the page has scrolled past the contact bar; its height stays reserved. */
  function fixBar() {
    const n = nav();
    if (!n) return;
    const contact = doc.querySelector("[data-contact-bar]");
    const fixed = w.scrollY > (contact instanceof HTMLElement ? contact.offsetHeight : 0);
    if (n.dataset.fixed === String(fixed)) return;
    n.dataset.fixed = String(fixed);
    const row = n.querySelector("[data-nav-row]");
    if (n.parentElement) n.parentElement.style.height = fixed && row ? `${row.getBoundingClientRect().height}px` : "";
  }
  function measureBar() {
    const n = nav();
    const row = n?.querySelector("[data-nav-row]");
    if (!n || !row) return;
    const height = row.getBoundingClientRect().height;
    doc.documentElement.style.setProperty("--site-bar-height", `${Math.ceil(height)}px`);
    if (n.dataset.fixed === "true" && n.parentElement) n.parentElement.style.height = `${height}px`;
    fixBar();
  }
  function initNav() {
    const n = nav();
    if (!n || !once(n)) return;
    n.dataset.fixed = "false";
    n.querySelectorAll<HTMLElement>("[data-dropdown]").forEach((button) => {
      const item = button.parentElement;
      if (!item) return;
      item.addEventListener("mouseenter", () => {
        cancelClose();
        if (openButton !== button) openedBy = "hover";
        setDropdown(button);
      });
      item.addEventListener("mouseleave", scheduleClose);
    });
    const row = n.querySelector("[data-nav-row]");
    // measured when the browser has laid the page out (the observer's first report), not before
    if (row && typeof ResizeObserver !== "undefined") new ResizeObserver(measureBar).observe(row);
    else measureBar();
  }
  on(w, "scroll", fixBar, { passive: true });
  on(w, "resize", measureBar);
  on(doc, "click", (e) => {
    const target = e.target instanceof Element ? e.target : null;
    const dropdown = target?.closest<HTMLElement>("[data-dropdown]");
    if (!target) return;
    if (dropdown) {
      cancelClose();
      // a click on a menu the pointer just opened keeps it open; a second click closes it
      const close = openButton === dropdown && openedBy === "click";
      openedBy = "click";
      return setDropdown(close ? null : dropdown);
    }
    if (target.closest("[data-mobile-toggle]")) return setMobile(mobileToggle()?.getAttribute("aria-expanded") !== "true");
    const section = target.closest("[data-mobile-section]");
    if (section) {
      const open = section.getAttribute("aria-expanded") !== "true";
      return nav()?.querySelectorAll("[data-mobile-section]").forEach((b) => expand(b, open && b === section));
    }
    const stepper = target.closest("[data-carousel-prev], [data-carousel-next], [data-carousel-dot]");
    const root = stepper?.closest("[data-carousel]");
    if (!stepper || !root) return;
    if (stepper.hasAttribute("data-carousel-dot")) select(root, Number(stepper.getAttribute("data-carousel-dot")));
    else select(root, currentOf(root) + (stepper.hasAttribute("data-carousel-next") ? 1 : -1));
  });
  on(doc, "pointerdown", (e) => {
    const n = nav();
    if (n && e.target instanceof Node && !n.contains(e.target)) setDropdown(null);
  });
  on(doc, "keydown", (e) => {
    if (e.key === "Escape") {
      const toggle = mobileToggle();
      if (toggle?.getAttribute("aria-expanded") === "true") {
        setMobile(false);
        toggle.focus();
      } else if (openButton) {
        openButton.focus();
        setDropdown(null);
      }
      return;
    }
    // in a tabbed carousel, arrow keys, Home and End move between tabs (and show their panel)
    const tab = e.target instanceof Element ? e.target.closest('[role="tab"][data-carousel-dot]') : null;
    const root = tab?.closest("[data-carousel]");
    if (!tab || !root) return;
    const tabs = [...root.querySelectorAll<HTMLElement>('[role="tab"][data-carousel-dot]')];
    const i = tabs.indexOf(tab as HTMLElement);
    // right to left, the next tab is on the left
    const forward = rtlOf(root) ? "ArrowLeft" : "ArrowRight";
    const back = rtlOf(root) ? "ArrowRight" : "ArrowLeft";
    const next = e.key === forward ? i + 1 : e.key === back ? i - 1 : e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const n = (next + tabs.length) % tabs.length;
    select(root, n);
    tabs[n].focus();
  });

  /* ---------------- sections revealed on scroll ---------------- */
  // no layout read: a first observer sorts out what is on screen at load (left as painted), a second reveals the rest
  let revealer: IntersectionObserver | undefined, sorter: IntersectionObserver | undefined;
  function initReveal() {
    if (reduced() || typeof IntersectionObserver === "undefined") return;
    const options = { rootMargin: "0px 0px -8% 0px", threshold: 0.05 };
    revealer ??= new IntersectionObserver((entries) => {
      for (const x of entries.filter((x) => x.isIntersecting)) {
        x.target.setAttribute("data-reveal", "shown");
        revealer?.unobserve(x.target);
      }
    }, options);
    sorter ??= new IntersectionObserver((entries) => {
      for (const x of entries) {
        sorter?.unobserve(x.target);
        if (x.isIntersecting) continue;
        x.target.setAttribute("data-reveal", "hidden");
        revealer?.observe(x.target);
      }
    });
    doc.querySelectorAll("[data-reveal]").forEach((el) => once(el) && sorter?.observe(el));
  }

  /* ---------------- figures that count up (under reduced motion: the server's final value) ---------------- */
  function showCount(el: HTMLElement, value: number) {
    el.dataset.value = String(value);
    const text = el.querySelector("[data-count-text]");
    if (text) text.textContent = `${el.dataset.prefix || ""}${formatNumber(value)}${el.dataset.suffix || ""}`;
  }
  function initCounters() {
    if (reduced()) return;
    doc.querySelectorAll<HTMLElement>("[data-target]").forEach((el) => {
      if (!el.querySelector("[data-count-text]") || !once(el)) return;
      const target = Number(el.dataset.target);
      const step = Number(el.dataset.step) || 1;
      showCount(el, 0);
      const run = () => {
        let value = 0;
        const id = setInterval(() => {
          value = Math.min(value + step, target);
          showCount(el, value);
          if (value >= target) clearInterval(id);
        }, Number(el.dataset.interval) || 50);
      };
      if (typeof IntersectionObserver === "undefined") return run();
      const io = new IntersectionObserver((entries) => entries.some((x) => x.isIntersecting) && (io.disconnect(), run()), { threshold: 0.4 });
      io.observe(el);
    });
  }

  /* ---------------- before / after (a range input moves the divider) ---------------- */
  on(doc, "input", (e) => {
    const input = e.target;
    const root = input instanceof HTMLInputElement ? input.closest("[data-compare]") : null;
    if (!root || !(input instanceof HTMLInputElement)) return;
    const position = Number(input.value);
    const before = root.querySelector<HTMLElement>("[data-compare-before]");
    const divider = root.querySelector<HTMLElement>("[data-compare-divider]");
    // right to left, "before" is on the right and the range grows leftwards: the same geometry, mirrored
    const rtl = rtlOf(root);
    if (before) before.style.clipPath = rtl ? `inset(0 0 0 ${100 - position}%)` : `inset(0 ${100 - position}% 0 0)`;
    if (divider) divider.style[rtl ? "right" : "left"] = `${position}%`;
    // the page's language: the template the component wrote (data-valuetext), else the French one
    const text = input.dataset.valuetext ?? "{before} % avant, {after} % après";
    input.setAttribute("aria-valuetext", text.replace("{before}", String(position)).replace("{after}", String(100 - position)));
  });

  /* ---------------- carousels ---------------- */
  const currentOf = (root: Element) => Number(root.getAttribute("data-selected") || 0);
  function select(root: Element, index: number) {
    const slides = [...root.querySelectorAll<HTMLElement>("[data-carousel-slide]")];
    if (!slides.length) return;
    const n = (index + slides.length) % slides.length;
    root.setAttribute("data-selected", String(n));
    const track = root.querySelector<HTMLElement>("[data-carousel-track]");
    if (track) {
      track.style.transitionDuration = reduced() ? "0s" : "";
      // right to left (an Arabic page), the next slide is to the left: the track moves the other way
      track.style.transform = `translateX(${(rtlOf(root) ? 100 : -100) * n}%)`;
    }
    slides.forEach((s, i) => (s.inert = i !== n));
    root.querySelectorAll("[data-carousel-dot]").forEach((dot) => {
      const i = Number(dot.getAttribute("data-carousel-dot"));
      if (dot.getAttribute("role") === "tab") {
        dot.setAttribute("aria-selected", String(i === n));
        dot.setAttribute("tabindex", i === n ? "0" : "-1");
      } else if (i === n) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  }
  function initCarousels() {
    doc.querySelectorAll<HTMLElement>("[data-carousel]").forEach((root) => {
      if (!once(root)) return;
      select(root, currentOf(root));
      const track = root.querySelector("[data-carousel-track]");
      let [startX, startY] = [0, 0];
      track?.addEventListener("pointerdown", (e) => ([startX, startY] = [(e as PointerEvent).clientX, (e as PointerEvent).clientY]));
      track?.addEventListener("pointerup", (e) => {
        const p = e as PointerEvent;
        const dx = p.clientX - startX;
        if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(p.clientY - startY)) select(root, currentOf(root) + ((dx < 0) !== rtlOf(root) ? 1 : -1));
      });
      const delay = Number(root.getAttribute("data-autoplay"));
      if (!delay || reduced()) return;
      // autoplay pauses while the pointer is over it or the focus inside it
      let paused = false;
      for (const type of ["mouseenter", "focusin"]) root.addEventListener(type, () => (paused = true));
      for (const type of ["mouseleave", "focusout"]) root.addEventListener(type, () => (paused = false));
      const id = setInterval(() => {
        if (!root.isConnected) return clearInterval(id);
        if (!paused && !doc.hidden) select(root, currentOf(root) + 1);
      }, delay);
    });
  }

  /* ---------------- pictures that fail (on a hydrated page, the Img component does it) ---------------- */
  function placeholder(img: HTMLImageElement) {
    if (img.dataset.placeholder === "true" || !img.hasAttribute("data-fallback")) return;
    img.dataset.placeholder = "true";
    img.removeAttribute("srcset");
    img.src = PLACEHOLDER_SRC;
  }
  on(doc, "error", (e) => !hydrated && e.target instanceof HTMLImageElement && placeholder(e.target), { capture: true });
  function initImages() {
    // a picture that failed before this script listened
    if (!hydrated) doc.querySelectorAll<HTMLImageElement>("img[data-fallback]").forEach((i) => i.complete && i.naturalWidth === 0 && i.getAttribute("src") && placeholder(i));
  }

  /* ---------------- islands ---------------- */
  // An island's module and its chunks (components/Island.tsx) are fetched once the page has loaded
  // (its stylesheet, fonts and pictures) and painted: the first paint never shares the network nor
  // the main thread with React; or at the visitor's first interaction, whichever comes first. Each file once.
  let islandsAsked = false;
  function loadIslands() {
    if (islandsAsked) return;
    islandsAsked = true;
    const asked = new Set<string>();
    const add = (tag: "link" | "script", url: string) => {
      if (!url || asked.has(url)) return;
      asked.add(url);
      if (tag === "link") {
        const link = doc.createElement("link");
        link.rel = "modulepreload";
        link.href = url;
        doc.head.append(link);
      } else {
        const script = doc.createElement("script");
        script.type = "module";
        script.src = url;
        doc.body.append(script);
      }
    };
    doc.querySelectorAll<HTMLElement>("[data-island-src]").forEach((el) => {
      for (const url of (el.dataset.islandPreload ?? "").split(" ")) add("link", url);
      add("script", el.dataset.islandSrc ?? "");
    });
  }
  function initIslands() {
    // a hydrated page renders its islands' components itself
    if (hydrated || islandsAsked || !doc.querySelector("[data-island-src]")) return;
    // after the load event and the first contentful paint (a phone's, and headless Chromium's, can
    // come after the load event: 199 ms against 147 ms in Lighthouse's trace of /appointment), then
    // the frame after it; at most PAINT_WAIT_MS after the load event (a tab opened in the background
    // paints only when shown); where the browser does not report paints, the frame after the load event
    const afterPaint = () => {
      const next = () => w.requestAnimationFrame(() => setTimeout(loadIslands, 0));
      const Observer = w.PerformanceObserver;
      if (!Observer?.supportedEntryTypes?.includes("paint")) return next();
      let done = false;
      const go = () => {
        if (done) return;
        done = true;
        observer.disconnect();
        clearTimeout(timer);
        next();
      };
      const observer = new Observer((list) => list.getEntriesByName("first-contentful-paint").length > 0 && go());
      const timer = setTimeout(go, PAINT_WAIT_MS);
      observer.observe({ type: "paint", buffered: true });
    };
    if (doc.readyState === "complete") return afterPaint();
    on(w, "load", afterPaint, { once: true });
    for (const type of ["pointerdown", "focusin", "keydown"] as const) on(doc, type, loadIslands, { capture: true, passive: true, once: true });
  }

  /* ---------------- a plain form's key ---------------- */
  // A page the page cache stores carries no key of its own: each visitor's browser makes one, so
  // that a post sent twice stores one row (an answer page carries the server's key: kept).
  function initSubmissionKeys() {
    doc.querySelectorAll<HTMLInputElement>("input[data-submission-key]").forEach((input) => {
      if (!input.value) input.value = newSubmissionKey();
    });
  }

  /* ---------------- a plain form's post ---------------- */
  // On a page that is not hydrated, a form marked `data-once` (the personal page's confirm and cancel) is
  // sent once: a second press while its answer loads sends nothing, and its button's label says it is on
  // its way (`data-busy`: that text, swapped with the label's). A page shown again from the history is ready again.
  const swapBusy = (form: Element) =>
    form.querySelectorAll("[data-busy]").forEach((el) => {
      const label = el.textContent;
      el.textContent = el.getAttribute("data-busy");
      el.setAttribute("data-busy", label ?? "");
    });
  on(doc, "submit", (e) => {
    const form = e.target;
    if (hydrated || e.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-once")) return;
    if (form.hasAttribute("data-sent")) return e.preventDefault();
    form.setAttribute("data-sent", "");
    swapBusy(form);
  });
  on(w, "pageshow", (e) => e.persisted && doc.querySelectorAll("form[data-sent]").forEach((form) => (form.removeAttribute("data-sent"), swapBusy(form))));

  const initMessages = messages(doc, { on, reduced, once, hydrated });
  function init() {
    initNav();
    initMessages();
    initImages();
    initReveal();
    initCounters();
    initCarousels();
    initIslands();
    initSubmissionKeys();
    doc.documentElement.dataset.site = "ready";
  }
  // after React renders a new page (hydrated pages): close the menus, give the new markup its behaviour
  w.addEventListener("site:render", () => (setDropdown(null), setMobile(false), init()), { signal: abort.signal });
  // a hydrated page waits for React (its first `site:render`): changing its markup before would break hydration
  if (!hydrated) init();
  return { init, stop: () => abort.abort() };
}

// inlined in the page as a classic script: it starts by itself, once
if (typeof document !== "undefined" && document.currentScript && !(window as SiteWindow).__site) {
  (window as SiteWindow).__site = true;
  start(document);
}
