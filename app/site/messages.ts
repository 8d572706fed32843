/*
 * The server's messages on a page (part of the page chrome, app/site/chrome.ts):
 *   [data-toast]       a toast the server rendered (after a redirect, components/ServerToast.tsx): closed after
 *                      its duration (paused while the pointer or the focus is on it), or at its cross
 *   [data-autohide]    a message hidden after its time (milliseconds; the booking's success, now in its island, hides itself)
 *   [data-alert-close] an alert's cross (components/ui/Alert.tsx): hides the alert, or the banner it is in
 *   [data-focus]       on a page that is not hydrated, a form's answer takes the focus at load (its message,
 *                      else its first refused field), as a hydrated form's would
 *   button[data-reload] 'Réessayer' on a page that failed to load (the blog's error, components/blog/BlogStates.tsx):
 *                      shows [data-reload-status], asks the server for the page and reloads once it answers; when
 *                      it cannot be reached, [data-reload-cause] says so (the text of that attribute)
 */
/** An event listener added with the page chrome's abort signal (chrome.ts `start`). */
export type Listen = <K extends keyof WindowEventMap>(target: EventTarget, type: K, fn: (e: WindowEventMap[K]) => void, options?: AddEventListenerOptions) => void;

export const TOAST_DURATION_MS = 4000;
/** Under the pointer or the focus, a toast keeps at least this long once left. */
export const TOAST_MIN_LEFT_MS = 1000;
export const TOAST_FADE_MS = 300;
export const AUTOHIDE_MS = 5000;

type Context = { on: Listen; reduced: () => boolean; once: (el: Element) => boolean; hydrated: boolean };

/** The focus goes to the answer's message, or to its first refused field. */
export function focusAnswer(root: ParentNode): boolean {
  const target = root.querySelector("[data-focus]") ?? root.querySelector("[aria-invalid='true']");
  if (!(target instanceof HTMLElement)) return false;
  target.scrollIntoView({ block: "center" });
  target.focus({ preventScroll: true });
  return true;
}

/** Listens on `doc`; returns what gives new markup its behaviour (run at load and after each render). */
export function messages(doc: Document, { on, reduced, once, hydrated }: Context): () => void {
  const dismiss = (toast: HTMLElement) => {
    toast.dataset.closing = "";
    setTimeout(() => toast.parentElement?.remove(), reduced() ? 0 : TOAST_FADE_MS);
  };
  on(doc, "click", (e) => {
    const close = e.target instanceof Element ? e.target.closest("[data-toast-close]") : null;
    const toast = close?.closest<HTMLElement>("[data-toast]");
    if (toast) dismiss(toast);
  });
  on(doc, "click", (e) => {
    const cross = e.target instanceof Element ? e.target.closest("[data-alert-close]") : null;
    const box = cross?.closest("[data-autohide]") ?? cross?.closest("[data-alert]");
    if (box instanceof HTMLElement) box.hidden = true;
  });
  on(doc, "click", (e) => {
    const button = e.target instanceof Element ? e.target.closest("button[data-reload]") : null;
    if (!(button instanceof HTMLButtonElement) || button.disabled) return;
    const box = button.parentElement;
    const status = box?.querySelector<HTMLElement>("[data-reload-status]");
    const cause = box?.querySelector("[data-reload-cause]");
    const busy = (on: boolean) => {
      button.disabled = on;
      if (status) status.hidden = !on;
    };
    busy(true);
    fetch(doc.location.href, { cache: "no-store", credentials: "same-origin" }).then(
      () => doc.location.reload(),
      () => {
        // the server cannot be reached: said as such, and the button can be pressed again
        busy(false);
        if (cause) cause.textContent = cause.getAttribute("data-reload-cause");
      },
    );
  });

  function initToasts() {
    doc.querySelectorAll<HTMLElement>("[data-toast]").forEach((toast) => {
      if (!once(toast)) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      // the time left runs only while the visitor is not reading it (pointer or focus on it)
      let left = Number(toast.dataset.duration) || TOAST_DURATION_MS;
      let since = 0;
      const run = () => {
        since = Date.now();
        timer = setTimeout(() => dismiss(toast), left);
      };
      const pause = () => {
        if (timer === undefined) return;
        clearTimeout(timer);
        timer = undefined;
        left = Math.max(TOAST_MIN_LEFT_MS, left - (Date.now() - since));
      };
      toast.addEventListener("pointerenter", pause);
      toast.addEventListener("focusin", pause);
      toast.addEventListener("pointerleave", () => timer === undefined && !toast.contains(doc.activeElement) && run());
      toast.addEventListener("focusout", (e) => timer === undefined && !toast.contains(e.relatedTarget as Node | null) && run());
      run();
    });
  }
  function initAutohide() {
    doc.querySelectorAll<HTMLElement>("[data-autohide]").forEach((box) => {
      if (once(box)) setTimeout(() => (box.hidden = true), Number(box.getAttribute("data-autohide")) || AUTOHIDE_MS);
    });
  }
  function initFocus() {
    if (hydrated || !once(doc.body)) return;
    focusAnswer(doc);
  }
  return () => {
    initAutohide();
    initFocus();
    initToasts();
  };
}
