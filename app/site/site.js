// @ts-check
/*
 * What remains of the public forms' behaviour without React (decisions 016, 017), until they become
 * islands (issue 27, item 1; the blog's reader and the booking form of /appointment already are, components/Island.tsx).
 * The page chrome (menu, reveals, counters, slider, carousels, pictures, the server's messages) is
 * app/site/chrome.ts, inlined before this script. Inlined after it in every public page (minified
 * at build, see vite.config.ts), through data attributes:
 *   dialog[data-site-dialog]  dialogs the server rendered closed (their cross, their backdrop)
 *   button[data-reload] 'Réessayer' on a page that failed to load
 *   dialog[data-enrolment] the enrolment dialog of /formation and the syllabus pages, opened by a[data-enrol]
 * On a hydrated page React owns the markup: the parts that change it wait for its `site:render`.
 * No imports, no exports: it runs as a classic inline script.
 */
(() => {
  const w = /** @type {Window & { __siteForms?: boolean; __reactRouterContext?: unknown }} */ (window);
  if (w.__siteForms) return;
  w.__siteForms = true;
  const doc = document;
  // on a page React drives, the enrolment links are left to the links themselves
  const hydrated = Boolean(w.__reactRouterContext);

  // ----- dialogs rendered closed by the server (components/ui/Dialog.tsx, StaticDialog): the cross closes
  // them, and a click on the backdrop too unless they fill the screen. Escape is the browser's.
  doc.addEventListener("click", (e) => {
    const t = e.target;
    if (!(t instanceof Element)) return;
    const cross = t.closest("[data-dialog-close]");
    const dialog = cross ? cross.closest("dialog[data-site-dialog]") : t.matches("dialog[data-site-dialog='']") ? t : null;
    if (dialog instanceof HTMLDialogElement) dialog.close();
  });

  // ----- 'Réessayer' on a page that failed to load (the blog's error): reloads once the server answers
  doc.addEventListener("click", (e) => {
    const button = e.target instanceof Element ? e.target.closest("button[data-reload]") : null;
    if (!(button instanceof HTMLButtonElement)) return;
    const box = button.parentElement;
    const status = box?.querySelector("[data-reload-status]");
    const cause = box?.querySelector("[data-reload-cause]");
    button.disabled = true;
    if (status instanceof HTMLElement) status.hidden = false;
    fetch(location.href, { cache: "no-store", credentials: "same-origin" }).then(
      () => location.reload(),
      () => {
        // the server cannot be reached: said as such, and the button can be pressed again
        button.disabled = false;
        if (status instanceof HTMLElement) status.hidden = true;
        if (cause) cause.textContent = cause.getAttribute("data-reload-cause");
      },
    );
  });

  // ----- the enrolment dialog (components/formation/EnrollmentDialog.tsx): opened by the enrol links, its
  // form posted to /inscription, whose answer page gives the fields their messages or says it is stored
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
  /** @type {HTMLFormElement | null} the dialog's form as the server rendered it: each opening starts from it */
  let pristineEnrolment = null;
  /** @returns {string} a random idempotency key (UUID v4 form), as hooks/use-submission-key.ts makes it */
  function submissionKey() {
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  /** @param {ParentNode} root the focus goes to the answer's message, or to its first refused field */
  function focusAnswer(root) {
    const target = root.querySelector("[data-focus]") ?? root.querySelector("[aria-invalid='true']");
    if (!(target instanceof HTMLElement)) return false;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
    return true;
  }
  /** @param {HTMLDialogElement} dialog @param {string} formationId */
  function openEnrolment(dialog, formationId) {
    const form = dialog.querySelector("form");
    if (!form || !pristineEnrolment) return;
    const fresh = /** @type {HTMLFormElement} */ (pristineEnrolment.cloneNode(true));
    form.replaceWith(fresh);
    const select = fresh.querySelector("select[name=formation_id]");
    if (select instanceof HTMLSelectElement) {
      const option = [...select.options].find((o) => o.value === formationId && !o.disabled);
      select.value = option ? formationId : "";
    }
    const key = fresh.querySelector("input[name=submission_key]");
    if (key instanceof HTMLInputElement) key.value = submissionKey();
    const banner = doc.querySelector("[data-enrolment-banner]");
    if (banner instanceof HTMLElement) banner.hidden = true;
    dialog.showModal();
    const first = fresh.querySelector("input[name=user_name]");
    if (first instanceof HTMLElement) first.focus();
  }
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let bannerTimer;
  function announceEnrolment() {
    const banner = doc.querySelector("[data-enrolment-banner]");
    if (!(banner instanceof HTMLElement)) return;
    banner.hidden = false;
    clearTimeout(bannerTimer);
    bannerTimer = setTimeout(() => (banner.hidden = true), Number(banner.dataset.duration) || 10000);
  }
  /** The page's parts that change with an enrolment ([data-live]), read again from the server. */
  function refreshLive() {
    fetch(location.href, { credentials: "same-origin" })
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html");
        doc.querySelectorAll("[data-live]").forEach((el) => {
          const next = fresh.querySelector(`[data-live="${el.getAttribute("data-live")}"]`);
          if (next) el.replaceWith(doc.importNode(next, true));
        });
        init();
      })
      // the figures stay as they were: the enrolment itself is stored and announced
      .catch(() => undefined);
  }
  doc.addEventListener("click", (e) => {
    const link = e.target instanceof Element ? e.target.closest("a[data-enrol]") : null;
    const dialog = doc.querySelector("dialog[data-enrolment]");
    // on a page React drives, the link leads to /inscription
    if (hydrated || !link || !(dialog instanceof HTMLDialogElement) || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    openEnrolment(dialog, link.getAttribute("data-enrol") ?? "");
  });
  doc.addEventListener("submit", (e) => {
    const form = e.target;
    const dialog = form instanceof HTMLFormElement ? form.closest("dialog[data-enrolment]") : null;
    if (hydrated || !(form instanceof HTMLFormElement) || !(dialog instanceof HTMLDialogElement)) return;
    e.preventDefault();
    // a second click while the first post runs sends nothing (the key would make it harmless)
    if (form.dataset.busy !== undefined) return;
    const busy = (/** @type {boolean} */ on) => setBusy(form, on);
    busy(true);
    fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin" })
      .then((r) => r.text())
      .then((html) => {
        busy(false);
        const answer = new DOMParser().parseFromString(html, "text/html");
        if (answer.querySelector("[data-enrolment-stored]")) {
          dialog.close();
          announceEnrolment();
          refreshLive();
          return;
        }
        // refused: the server's messages beside the fields, the input as it was posted
        const fields = answer.querySelector("form#enrollment [data-form-fields]");
        const mine = form.querySelector("[data-form-fields]");
        if (!fields || !mine) throw new Error("no answer");
        mine.replaceWith(doc.importNode(fields, true));
        focusAnswer(form);
      })
      .catch(() => {
        // the post did not reach the server (or no answer came back): said, the input kept
        busy(false);
        const failure = dialog.querySelector("template[data-enrolment-failure]");
        const fields = form.querySelector("[data-form-fields]");
        if (!(failure instanceof HTMLTemplateElement) || !fields) return;
        fields.querySelector("[data-enrolment-failed]")?.remove();
        const box = /** @type {HTMLElement} */ (failure.content.firstElementChild?.cloneNode(true));
        box.dataset.enrolmentFailed = "";
        fields.prepend(box);
        box.focus();
      });
  });
  function initEnrolment() {
    const dialog = doc.querySelector("dialog[data-enrolment]");
    const form = dialog?.querySelector("form");
    if (hydrated || !form || pristineEnrolment) return;
    pristineEnrolment = /** @type {HTMLFormElement} */ (form.cloneNode(true));
  }
  function init() {
    initEnrolment();
  }
  // after React renders a new page (hydrated pages): close the menus, give the new markup its behaviour
  w.addEventListener("site:render", init);
  // a hydrated page waits for React (its first `site:render`): changing its markup before would break hydration
  if (!hydrated) init();
})();
