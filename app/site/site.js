// @ts-check
/*
 * The public site's behaviour, without React (issue 15, docs/decisions/016-public-pages-without-hydration.md).
 *
 * Content pages are server-rendered and not hydrated: this script, inlined at the end of every
 * public page (minified at build, see vite.config.ts), is all the JavaScript they run. It gives
 * the markup its behaviour through data attributes:
 *   [data-site-nav]    the navigation: fixed bar once scrolled, dropdowns, the mobile menu
 *   [data-reveal]      sections that fade or slide in once scrolled into view
 *   [data-target]      figures that count up once in view
 *   [data-compare]     before/after pictures and their slider
 *   [data-carousel]    carousels and tabbed carousels (arrows, dots and tabs with their slide's
 *                      index, swipe, autoplay)
 *   img[data-fallback] pictures that show the placeholder when they fail to load
 *   [data-toast]       a toast the server rendered (after a redirect), closed after its duration
 *   dialog[data-site-dialog]  dialogs the server rendered closed (their cross, their backdrop)
 *   button[data-reload] 'Réessayer' on a page that failed to load
 *   dialog[data-enrolment] the enrolment dialog of /formation and the syllabus pages, opened by a[data-enrol]
 *   form[data-booking] the booking form of /appointment: its free times follow the service and the date
 *   [data-autohide]    a message hidden after its time; [data-alert-close] an alert's cross
 * On a hydrated page (a form: booking, sign-in, enrolment) it runs too, and React leaves these
 * attributes alone: the listeners are on the document, and the parts that change the markup wait
 * until React has hydrated (`site:render`, sent by the root after each render of a new page).
 * No imports, no exports: it runs as a classic inline script.
 */
(() => {
  const w = /** @type {Window & { __site?: boolean; __reactRouterContext?: unknown }} */ (window);
  if (w.__site) return;
  w.__site = true;
  const doc = document;
  const reduced = () => w.matchMedia("(prefers-reduced-motion: reduce)").matches;
  /** @type {WeakSet<Element>} elements already given their behaviour */
  const ready = new WeakSet();
  /** @param {Element} el */
  const once = (el) => (ready.has(el) ? false : (ready.add(el), true));
  /** @param {string} id */
  const byId = (id) => doc.getElementById(id);

  /* ---------------- navigation ---------------- */
  const DROPDOWN_CLOSE_DELAY_MS = 300;
  /** @type {HTMLElement | null} */
  let openButton = null;
  let openedBy = "hover";
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let closeTimer;
  const nav = () => /** @type {HTMLElement | null} */ (doc.querySelector("[data-site-nav]"));
  /** @param {Element | null} button @param {boolean} open */
  function expand(button, open) {
    if (!button) return;
    button.setAttribute("aria-expanded", String(open));
    const panel = byId(button.getAttribute("aria-controls") || "");
    if (panel) panel.hidden = !open;
  }
  /** @param {HTMLElement | null} button the dropdown to open, or null to close them all */
  function setDropdown(button) {
    nav()
      ?.querySelectorAll("[data-dropdown]")
      .forEach((b) => expand(b, b === button));
    openButton = button;
  }
  const cancelClose = () => clearTimeout(closeTimer);
  const scheduleClose = () => {
    cancelClose();
    closeTimer = setTimeout(() => setDropdown(null), DROPDOWN_CLOSE_DELAY_MS);
  };
  const mobileToggle = () => /** @type {HTMLElement | null} */ (nav()?.querySelector("[data-mobile-toggle]") ?? null);
  /** @param {boolean} open */
  function setMobile(open) {
    const toggle = mobileToggle();
    if (!toggle) return;
    toggle.setAttribute("aria-expanded", String(open));
    const panel = byId(toggle.getAttribute("aria-controls") || "");
    if (!panel) return;
    panel.dataset.open = String(open);
    panel.inert = !open;
    if (!open)
      nav()
        ?.querySelectorAll("[data-mobile-section]")
        .forEach((b) => expand(b, false));
  }
  function closeMenus() {
    setDropdown(null);
    setMobile(false);
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
    const wrap = n.parentElement;
    if (wrap) wrap.style.height = fixed && row ? `${row.getBoundingClientRect().height}px` : "";
  }
  function measureBar() {
    const row = nav()?.querySelector("[data-nav-row]");
    if (!row) return;
    const height = row.getBoundingClientRect().height;
    doc.documentElement.style.setProperty("--site-bar-height", `${Math.ceil(height)}px`);
    const n = nav();
    if (n?.dataset.fixed === "true" && n.parentElement) n.parentElement.style.height = `${height}px`;
    fixBar();
  }
  function initNav() {
    const n = nav();
    if (!n || !once(n)) return;
    n.dataset.fixed = "false";
    n.querySelectorAll("[data-dropdown]").forEach((button) => {
      const item = button.parentElement;
      if (!item) return;
      item.addEventListener("mouseenter", () => {
        cancelClose();
        if (openButton !== button) openedBy = "hover";
        setDropdown(/** @type {HTMLElement} */ (button));
      });
      item.addEventListener("mouseleave", scheduleClose);
    });
    const row = n.querySelector("[data-nav-row]");
    // measured when the browser has laid the page out (the observer's first report), not before
    if (row && typeof ResizeObserver !== "undefined") new ResizeObserver(measureBar).observe(row);
    else measureBar();
  }
  w.addEventListener("scroll", fixBar, { passive: true });
  w.addEventListener("resize", measureBar);

  doc.addEventListener("click", (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (!target) return;
    const dropdown = /** @type {HTMLElement | null} */ (target.closest("[data-dropdown]"));
    if (dropdown) {
      cancelClose();
      // a click on a menu the pointer just opened keeps it open; a second click closes it
      if (openButton === dropdown && openedBy === "click") setDropdown(null);
      else {
        openedBy = "click";
        setDropdown(dropdown);
      }
      return;
    }
    if (target.closest("[data-mobile-toggle]")) {
      setMobile(mobileToggle()?.getAttribute("aria-expanded") !== "true");
      return;
    }
    const section = target.closest("[data-mobile-section]");
    if (section) {
      const open = section.getAttribute("aria-expanded") !== "true";
      nav()
        ?.querySelectorAll("[data-mobile-section]")
        .forEach((b) => expand(b, open && b === section));
      return;
    }
    const stepper = target.closest("[data-carousel-prev], [data-carousel-next], [data-carousel-dot]");
    if (stepper) carouselStep(stepper);
  });
  doc.addEventListener("pointerdown", (e) => {
    const n = nav();
    if (n && e.target instanceof Node && !n.contains(e.target)) setDropdown(null);
  });
  doc.addEventListener("keydown", (e) => {
    const target = e.target instanceof Element ? e.target : null;
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
    const tab = target?.closest('[role="tab"][data-carousel-dot]');
    if (tab) carouselTabKey(/** @type {KeyboardEvent} */ (e), tab);
  });

  /* ---------------- sections revealed on scroll ---------------- */
  // Nothing here reads the layout: a first observer says what is on screen at load (left as painted,
  // with no entrance), a second reveals the rest once. Reading positions while hiding sections
  // would make the browser lay the page out again for each section, before the first paint.
  /** @type {IntersectionObserver | undefined} */
  let revealer;
  /** @type {IntersectionObserver | undefined} */
  let sorter;
  function initReveal() {
    if (reduced() || typeof IntersectionObserver === "undefined") return;
    revealer ??= new IntersectionObserver(
      (entries) => {
        for (const x of entries) {
          if (!x.isIntersecting) continue;
          x.target.setAttribute("data-reveal", "shown");
          revealer?.unobserve(x.target);
        }
      },
      { rootMargin: "0px 0px -8% 0px", threshold: 0.05 },
    );
    sorter ??= new IntersectionObserver((entries) => {
      for (const x of entries) {
        sorter?.unobserve(x.target);
        if (x.isIntersecting) continue;
        x.target.setAttribute("data-reveal", "hidden");
        revealer?.observe(x.target);
      }
    });
    doc.querySelectorAll("[data-reveal]").forEach((el) => {
      if (once(el)) sorter?.observe(el);
    });
  }

  /* ---------------- figures that count up ---------------- */
  /**
   * A whole number as the site writes it (formatNumber of app/lib/format.ts: groups of three
   * digits, a narrow no-break space between them: 7000 -> "7 000"), without Intl, whose French
   * formatter costs tens of milliseconds to build on a phone.
   * @param {number} n
   */
  const formatNumber = (n) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
  /** @param {HTMLElement} el @param {number} value */
  function showCount(el, value) {
    el.dataset.value = String(value);
    const text = el.querySelector("[data-count-text]");
    if (text) text.textContent = `${el.dataset.prefix || ""}${formatNumber(value)}${el.dataset.suffix || ""}`;
  }
  function initCounters() {
    if (reduced()) return;
    doc.querySelectorAll("[data-target]").forEach((node) => {
      const el = /** @type {HTMLElement} */ (node);
      if (!el.querySelector("[data-count-text]") || !once(el)) return;
      const target = Number(el.dataset.target);
      const step = Number(el.dataset.step) || 1;
      const interval = Number(el.dataset.interval) || 50;
      showCount(el, 0);
      const run = () => {
        let value = 0;
        const id = setInterval(() => {
          value = Math.min(value + step, target);
          showCount(el, value);
          if (value >= target) clearInterval(id);
        }, interval);
      };
      if (typeof IntersectionObserver === "undefined") return run();
      const io = new IntersectionObserver(
        (entries) => {
          if (!entries.some((x) => x.isIntersecting)) return;
          io.disconnect();
          run();
        },
        { threshold: 0.4 },
      );
      io.observe(el);
    });
  }

  /* ---------------- before / after ---------------- */
  doc.addEventListener("input", (e) => {
    const input = e.target;
    if (!(input instanceof HTMLInputElement)) return;
    const root = input.closest("[data-compare]");
    if (!root) return;
    const position = Number(input.value);
    const before = /** @type {HTMLElement | null} */ (root.querySelector("[data-compare-before]"));
    const divider = /** @type {HTMLElement | null} */ (root.querySelector("[data-compare-divider]"));
    if (before) before.style.clipPath = `inset(0 ${100 - position}% 0 0)`;
    if (divider) divider.style.left = `${position}%`;
    input.setAttribute("aria-valuetext", `${position} % avant, ${100 - position} % après`);
  });

  /* ---------------- carousels ---------------- */
  /** @param {Element} root */
  const slidesOf = (root) => [...root.querySelectorAll("[data-carousel-slide]")];
  /** @param {Element} root */
  const currentOf = (root) => Number(root.getAttribute("data-selected") || 0);
  /** @param {Element} root @param {number} index */
  function select(root, index) {
    const slides = slidesOf(root);
    if (!slides.length) return;
    const n = (index + slides.length) % slides.length;
    root.setAttribute("data-selected", String(n));
    const track = /** @type {HTMLElement | null} */ (root.querySelector("[data-carousel-track]"));
    if (track) {
      track.style.transitionDuration = reduced() ? "0s" : "";
      track.style.transform = `translateX(${-100 * n}%)`;
    }
    slides.forEach((s, i) => {
      /** @type {HTMLElement} */ (s).inert = i !== n;
    });
    root.querySelectorAll("[data-carousel-dot]").forEach((dot) => {
      const i = Number(dot.getAttribute("data-carousel-dot"));
      if (dot.getAttribute("role") === "tab") {
        dot.setAttribute("aria-selected", String(i === n));
        dot.setAttribute("tabindex", i === n ? "0" : "-1");
      } else if (i === n) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  }
  /** @param {Element} control */
  function carouselStep(control) {
    const root = control.closest("[data-carousel]");
    if (!root) return;
    if (control.hasAttribute("data-carousel-dot")) select(root, Number(control.getAttribute("data-carousel-dot")));
    else select(root, currentOf(root) + (control.hasAttribute("data-carousel-next") ? 1 : -1));
  }
  /** Arrow keys, Home and End move between tabs (and show their panel). @param {KeyboardEvent} e @param {Element} tab */
  function carouselTabKey(e, tab) {
    const root = tab.closest("[data-carousel]");
    if (!root) return;
    const tabs = [...root.querySelectorAll('[role="tab"][data-carousel-dot]')];
    const i = tabs.indexOf(tab);
    const next = e.key === "ArrowRight" ? i + 1 : e.key === "ArrowLeft" ? i - 1 : e.key === "Home" ? 0 : e.key === "End" ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const n = (next + tabs.length) % tabs.length;
    select(root, n);
    /** @type {HTMLElement} */ (tabs[n]).focus();
  }
  function initCarousels() {
    doc.querySelectorAll("[data-carousel]").forEach((root) => {
      if (!once(root)) return;
      select(root, currentOf(root));
      const track = root.querySelector("[data-carousel-track]");
      // a swipe of more than 40 px moves one slide
      let startX = 0;
      let startY = 0;
      track?.addEventListener("pointerdown", (e) => {
        const p = /** @type {PointerEvent} */ (e);
        startX = p.clientX;
        startY = p.clientY;
      });
      track?.addEventListener("pointerup", (e) => {
        const p = /** @type {PointerEvent} */ (e);
        const dx = p.clientX - startX;
        if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(p.clientY - startY)) select(root, currentOf(root) + (dx < 0 ? 1 : -1));
      });
      const delay = Number(root.getAttribute("data-autoplay"));
      if (!delay || reduced()) return;
      // autoplay pauses while the pointer is over it or the focus inside it
      let paused = false;
      const pause = () => (paused = true);
      const resume = () => (paused = false);
      root.addEventListener("mouseenter", pause);
      root.addEventListener("mouseleave", resume);
      root.addEventListener("focusin", pause);
      root.addEventListener("focusout", resume);
      const id = setInterval(() => {
        if (!root.isConnected) return clearInterval(id);
        if (!paused && !doc.hidden) select(root, currentOf(root) + 1);
      }, delay);
    });
  }

  /* ---------------- pictures that fail ---------------- */
  const PLACEHOLDER_SRC = "/media/placeholder.svg";
  /** @param {HTMLImageElement} img */
  function placeholder(img) {
    if (img.dataset.placeholder === "true" || !img.hasAttribute("data-fallback")) return;
    img.dataset.placeholder = "true";
    img.removeAttribute("srcset");
    img.src = PLACEHOLDER_SRC;
  }
  // on a hydrated page, the Img component does it (React would put a failed source back)
  const hydrated = Boolean(w.__reactRouterContext);
  doc.addEventListener(
    "error",
    (e) => {
      if (!hydrated && e.target instanceof HTMLImageElement) placeholder(e.target);
    },
    true,
  );
  function initImages() {
    if (hydrated) return;
    // a picture that failed before this script listened
    doc.querySelectorAll("img[data-fallback]").forEach((img) => {
      const i = /** @type {HTMLImageElement} */ (img);
      if (i.complete && i.naturalWidth === 0 && i.getAttribute("src")) placeholder(i);
    });
  }

  // ----- toasts rendered by the server (components/ServerToast.tsx): gone after their duration, or at their cross
  /** @param {HTMLElement} toast */
  function dismiss(toast) {
    toast.dataset.closing = "";
    setTimeout(() => toast.parentElement?.remove(), reduced() ? 0 : 300);
  }
  doc.addEventListener("click", (e) => {
    const close = e.target instanceof Element ? e.target.closest("[data-toast-close]") : null;
    const toast = close?.closest("[data-toast]");
    if (toast) dismiss(/** @type {HTMLElement} */ (toast));
  });
  function initToasts() {
    doc.querySelectorAll("[data-toast]").forEach((el) => {
      if (!once(el)) return;
      const toast = /** @type {HTMLElement} */ (el);
      /** @type {ReturnType<typeof setTimeout> | undefined} */
      let timer;
      // the time left runs only while the visitor is not reading it (pointer or focus on it)
      let left = Number(toast.dataset.duration) || 4000;
      let since = 0;
      const run = () => {
        since = Date.now();
        timer = setTimeout(() => dismiss(toast), left);
      };
      const pause = () => {
        if (timer === undefined) return;
        clearTimeout(timer);
        timer = undefined;
        left = Math.max(1000, left - (Date.now() - since));
      };
      toast.addEventListener("pointerenter", pause);
      toast.addEventListener("focusin", pause);
      toast.addEventListener("pointerleave", () => timer === undefined && !toast.contains(doc.activeElement) && run());
      toast.addEventListener("focusout", (e) => timer === undefined && !toast.contains(/** @type {Node | null} */ (e.relatedTarget)) && run());
      run();
    });
  }

  // ----- a form's answer on a page that is not hydrated (a native post): the focus goes to its message, or
  // to its first refused field, as a hydrated form's would (components/ui/Alert.tsx, forms.tsx)
  function initFocus() {
    if (hydrated || ready.has(doc.body)) return;
    ready.add(doc.body);
    focusAnswer(doc);
  }

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
  // an alert's cross ([data-alert-close], components/ui/Alert.tsx) hides it, or the banner it is in
  doc.addEventListener("click", (e) => {
    const cross = e.target instanceof Element ? e.target.closest("[data-alert-close]") : null;
    const box = cross?.closest("[data-enrolment-banner], [data-autohide]") ?? cross?.closest("[data-alert]");
    if (box instanceof HTMLElement) box.hidden = true;
  });
  // a message that goes after its time ([data-autohide] = milliseconds: the booking's success)
  function initAutohide() {
    doc.querySelectorAll("[data-autohide]").forEach((el) => {
      if (!once(el)) return;
      const box = /** @type {HTMLElement} */ (el);
      setTimeout(
        () => {
          box.hidden = true;
        },
        Number(el.getAttribute("data-autohide")) || 5000,
      );
    });
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
    initNav();
    initEnrolment();
    initBooking();
    initAutohide();
    initFocus();
    initToasts();
    initImages();
    initReveal();
    initCounters();
    initCarousels();
    doc.documentElement.dataset.site = "ready";
  }
  // after React renders a new page (hydrated pages): close the menus, give the new markup its behaviour
  w.addEventListener("site:render", () => {
    closeMenus();
    init();
  });
  // a hydrated page waits for React (its first `site:render`): changing its markup before would break hydration
  if (!hydrated) init();
})();
