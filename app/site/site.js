// @ts-check
/*
 * What remains of the public forms' behaviour without React (decisions 016, 017): the booking form, until
 * it becomes an island (issue 27, item 1; the enrolment dialog, the blog's reader and 'Copier le lien'
 * already are, components/Island.tsx; the dialogs' cross is React's, 'Réessayer' is in site/messages.ts).
 * The page chrome (menu, reveals, counters, slider, carousels, pictures, the server's messages) is
 * app/site/chrome.ts, inlined before this script. Inlined after it in every public page (minified
 * at build, see vite.config.ts), through data attributes:
 *   form[data-booking] the booking form of /appointment: its free times follow the service and the date
 * On a hydrated page React owns the markup: the parts that change it wait for its `site:render`.
 * No imports, no exports: it runs as a classic inline script.
 */
(() => {
  const w = /** @type {Window & { __siteForms?: boolean; __reactRouterContext?: unknown }} */ (window);
  if (w.__siteForms) return;
  w.__siteForms = true;
  const doc = document;
  // on a page React drives, the booking form is left to the post itself
  const hydrated = Boolean(w.__reactRouterContext);

  // ----- the booking form's helpers
  /**
   * A form's post is running (or no longer): the form is marked, and its button ([data-busy-label])
   * disabled, showing its second label ('Envoi en cours...').
   * @param {HTMLFormElement} form @param {boolean} on
   */
  function setBusy(form, on) {
    if (on) form.dataset.busy = "";
    else delete form.dataset.busy;
    const button = form.querySelector("[data-busy-label]");
    if (!(button instanceof HTMLButtonElement)) return;
    button.disabled = on;
    button.setAttribute("aria-disabled", String(on));
    if (on) button.dataset.busy = "";
    else delete button.dataset.busy;
  }
  /** @returns {string} a random idempotency key (UUID v4 form), as hooks/use-submission-key.ts makes it */
  function submissionKey() {
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  // ----- the booking form of /appointment (components/booking/BookingForm.tsx): the free times follow the
  // service and the date; the server answers the post (decision 016)
  /**
   * @typedef {{ service: string; date: string; times: string[]; next: string | null; nextLabel: string | null; message: string }} SlotsView
   * @typedef {{ form: HTMLFormElement; key: string; timer?: ReturnType<typeof setTimeout>; abort?: AbortController; pendingTime: string | null; focusTime: boolean }} Booking
   */
  /** @type {WeakMap<HTMLFormElement, Booking>} */
  const bookings = new WeakMap();
  /** @param {HTMLFormElement} form @param {string} name */
  const field = (form, name) => /** @type {HTMLInputElement | HTMLSelectElement | null} */ (form.elements.namedItem(name));
  /** @param {HTMLFormElement} form @param {string} kind @param {string} [text] the day's own words */
  function slotsLine(form, kind, text) {
    const line = form.querySelector("[data-slots-line]");
    const tpl = form.querySelector(`template[data-line="${kind}"]`);
    if (!line || !(tpl instanceof HTMLTemplateElement)) return;
    const content = /** @type {DocumentFragment} */ (tpl.content.cloneNode(true));
    const p = content.querySelector("[data-line-text]");
    if (p && text !== undefined) p.textContent = text;
    line.replaceChildren(content);
  }
  /** @param {HTMLFormElement} form @param {string} name @param {boolean} show */
  function showPart(form, name, show) {
    const el = form.querySelector(`[${name}]`);
    if (el instanceof HTMLElement) el.hidden = !show;
  }
  /** 'Heure': its placeholder, and the day's times (morning and afternoon apart) @param {HTMLFormElement} form @param {string} placeholder @param {string[]} times @param {string | null} wanted */
  function fillTimes(form, placeholder, times, wanted) {
    const select = field(form, "time");
    if (!(select instanceof HTMLSelectElement)) return;
    const texts = JSON.parse(select.getAttribute("data-placeholders") ?? "{}");
    const first = doc.createElement("option");
    first.value = "";
    first.textContent = texts[placeholder] ?? "";
    /** @type {(HTMLOptionElement | HTMLOptGroupElement)[]} */
    const parts = [first];
    for (const [label, some] of [
      ["Matin", times.filter((t) => t < "12:00")],
      ["Après-midi", times.filter((t) => t >= "12:00")],
    ]) {
      if (!some.length) continue;
      const group = doc.createElement("optgroup");
      group.label = /** @type {string} */ (label);
      for (const t of some) group.append(new Option(t, t));
      parts.push(group);
    }
    select.replaceChildren(...parts);
    select.value = wanted && times.includes(wanted) ? wanted : "";
    select.disabled = times.length === 0;
    if (placeholder === "loading") select.setAttribute("aria-busy", "true");
    else select.removeAttribute("aria-busy");
  }
  /** @param {Booking} b @param {SlotsView} view */
  function showView(b, view) {
    const { form } = b;
    const select = field(form, "time");
    const wanted = b.pendingTime ?? (select instanceof HTMLSelectElement ? select.value : null);
    b.pendingTime = null;
    fillTimes(form, view.times.length ? "choose" : "none", view.times, wanted);
    slotsLine(form, view.times.length ? "open" : "none", view.message);
    const next = form.querySelector("[data-slots-next]");
    if (next instanceof HTMLButtonElement) {
      next.hidden = !(view.times.length === 0 && view.next);
      next.value = `day:${view.next ?? ""}`;
      next.dataset.pickDate = view.next ?? "";
      const text = next.querySelector("[data-next-text]");
      if (text) text.textContent = view.nextLabel ?? "";
    }
    if (select instanceof HTMLSelectElement && select.value) fieldFixed(select);
    if (b.focusTime && select instanceof HTMLSelectElement) {
      b.focusTime = false;
      (view.times.length ? select : /** @type {HTMLElement} */ (form.querySelector("[data-slots-next]:not([hidden])") ?? select)).focus();
    }
  }
  /** What the service and the date chosen call for. @param {Booking} b @param {boolean} [now] no wait (a retry, a day picked) */
  function refreshSlots(b, now = false) {
    const { form } = b;
    const service = field(form, "service")?.value ?? "";
    const date = field(form, "date")?.value ?? "";
    const offline = JSON.parse(form.dataset.offline ?? "[]").includes(service);
    const key = `${service}|${date}`;
    clearTimeout(b.timer);
    b.abort?.abort();
    const submit = form.querySelector("[data-busy-label]");
    if (submit instanceof HTMLButtonElement) {
      submit.disabled = offline;
      submit.setAttribute("aria-disabled", String(offline));
    }
    showPart(form, "data-slots-phones", offline);
    showPart(form, "data-slots-retry", false);
    showPart(form, "data-slots-next", false);
    if (offline) {
      b.key = key;
      slotsLine(form, "offline");
      fillTimes(form, "offline", [], null);
      return;
    }
    if (!service || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      b.key = "";
      slotsLine(form, "idle");
      fillTimes(form, service ? "date" : "service", [], null);
      return;
    }
    b.key = key;
    slotsLine(form, "loading");
    fillTimes(form, "loading", [], null);
    const abort = (b.abort = new AbortController());
    b.timer = setTimeout(
      () => {
        fetch(`/appointment/creneaux?${new URLSearchParams({ service, date })}`, { signal: abort.signal, headers: { Accept: "application/json" } })
          .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
          .then((/** @type {SlotsView} */ view) => {
            if (abort.signal.aborted || b.key !== key) return;
            showView(b, view);
          })
          .catch(() => {
            if (abort.signal.aborted || b.key !== key) return;
            // said in French, with 'Réessayer'
            slotsLine(form, "failed");
            fillTimes(form, "failed", [], null);
            showPart(form, "data-slots-retry", true);
          });
      },
      now ? 0 : 250,
    );
  }
  /** A refused field the patient has fixed loses its message (the server checks it again at the post). @param {Element} el */
  function fieldFixed(el) {
    if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement)) return;
    if (el.getAttribute("aria-invalid") !== "true" || !el.checkValidity() || (el.type !== "checkbox" && !el.value)) return;
    if (el instanceof HTMLInputElement && el.type === "checkbox" && !el.checked) return;
    el.removeAttribute("aria-invalid");
    for (const id of (el.getAttribute("aria-describedby") ?? "").split(/\s+/)) {
      const message = id.endsWith("-error") ? doc.getElementById(id) : null;
      if (message) message.hidden = true;
    }
    // the nearest free times belonged to the refused time
    if (el.name === "time") el.form?.querySelector("[data-slots-alternatives]")?.remove();
  }
  /** @param {Event} e */
  function onBookingChange(e) {
    const el = e.target;
    if (!(el instanceof Element)) return;
    const form = el.closest("form[data-booking]");
    const b = form instanceof HTMLFormElement ? bookings.get(form) : undefined;
    if (!b) return;
    fieldFixed(el);
    const name = el.getAttribute("name");
    if ((name === "service" || name === "date") && `${field(b.form, "service")?.value}|${field(b.form, "date")?.value}` !== b.key) refreshSlots(b);
  }
  doc.addEventListener("input", onBookingChange);
  doc.addEventListener("change", onBookingChange);
  doc.addEventListener("click", (e) => {
    const t = e.target instanceof Element ? e.target : null;
    const form = t?.closest("form[data-booking]");
    const b = form instanceof HTMLFormElement ? bookings.get(form) : undefined;
    if (!t || !b) return;
    if (t.closest("[data-slots-retry]")) return refreshSlots(b, true);
    // 'Prochain jour libre' or a nearest free time: set in place (without the script, the server renders them)
    const pick = t.closest("button[data-pick-date]");
    if (!(pick instanceof HTMLButtonElement) || !pick.dataset.pickDate) return;
    e.preventDefault();
    const date = field(b.form, "date");
    if (date) date.value = pick.dataset.pickDate;
    if (date) fieldFixed(date);
    b.pendingTime = pick.dataset.pickTime ?? null;
    b.focusTime = true;
    refreshSlots(b, true);
  });
  doc.addEventListener("submit", (e) => {
    const form = e.target;
    const b = form instanceof HTMLFormElement ? bookings.get(form) : undefined;
    if (!b || !(form instanceof HTMLFormElement)) return;
    // the post runs (the browser's): a second click sends nothing (the key would make it harmless)
    if (form.dataset.busy !== undefined) return e.preventDefault();
    const submitter = /** @type {SubmitEvent} */ (e).submitter;
    if (submitter?.getAttribute("name") === "intent") return;
    // the button has no name: disabled, it takes nothing away from what the browser posts
    setBusy(form, true);
  });
  // back to a page kept by the browser (Back after the post): the form is not running any more
  w.addEventListener("pageshow", (e) => {
    if (!e.persisted) return;
    doc.querySelectorAll("form[data-booking]").forEach((form) => setBusy(/** @type {HTMLFormElement} */ (form), false));
  });
  function initBooking() {
    if (hydrated) return;
    doc.querySelectorAll("form[data-booking]").forEach((el) => {
      const form = /** @type {HTMLFormElement} */ (el);
      if (bookings.has(form)) return;
      const key = field(form, "submission_key");
      if (key instanceof HTMLInputElement && !key.value) key.value = submissionKey();
      // the times follow by themselves: no button to ask for them
      showPart(form, "data-slots-ask", false);
      const panel = form.querySelector("[data-slots-panel]");
      const b = /** @type {Booking} */ ({ form, key: "", pendingTime: null, focusTime: false });
      bookings.set(form, b);
      // what the server rendered stays as it is: the day it showed (after a post, ?service=…&date=…)
      const shown = panel?.getAttribute("data-view-key");
      const now = `${field(form, "service")?.value}|${field(form, "date")?.value}`;
      if (shown && shown === now) b.key = now;
      else refreshSlots(b, true);
    });
  }

  function init() {
    initBooking();
  }
  // after React renders a new page (hydrated pages): close the menus, give the new markup its behaviour
  w.addEventListener("site:render", init);
  // a hydrated page waits for React (its first `site:render`): changing its markup before would break hydration
  if (!hydrated) init();
})();
