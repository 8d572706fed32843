import { useEffect, useSyncExternalStore } from "react";
import type { Toast } from "~/lib/toast";

type Sonner = typeof import("sonner");

/**
 * sonner is loaded with the first toast, not with the page: most public pages never show one, and
 * its code is not part of what a visitor downloads (issue 15). Toasts asked for before it is there
 * wait in `pending` and are shown once the toaster is on screen.
 */
let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
const pending: Toast[] = [];
/** true while the <Toaster> is on screen and subscribed to sonner's store */
let mounted = false;
const listeners = new Set<() => void>();

function loadSonner() {
  loading ??= import("sonner").then(
    (m) => {
      sonner = m;
      for (const l of listeners) l();
      return m;
    },
    (err: unknown) => {
      // a failed download (the network dropped): the next toast tries again, nothing is lost
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Download the toaster now (the staff area, where most actions end with a toast). */
export function preloadToaster() {
  loadSonner().catch(() => undefined);
}

/** Toasts already shown in this page's life: a result seen again (a remount) shows nothing. */
const shown = new Set<string>();

function display(s: Sonner, t: Toast) {
  const show = t.type === "success" ? s.toast.success : t.type === "error" ? s.toast.error : s.toast;
  show(t.title ?? t.description, { id: t.id, description: t.title ? t.description : undefined, duration: t.duration });
}

export function showToast(t: Toast) {
  if (shown.has(t.id)) return;
  shown.add(t.id);
  if (sonner && mounted) return display(sonner, t);
  pending.push(t);
  loadSonner().catch(() => {
    // kept in `pending`; shown when a later toast's download succeeds
  });
}

/**
 * Show a toast that arrived from the server: in the root loader (after a redirect) or in an
 * action's result (after a fetcher). Each toast shows once, whatever re-renders.
 */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    // After the <Toaster> has subscribed (a parent's effects run after its children's). Not
    // cancelled if the component goes away meanwhile: the toast belongs to the page, and `shown`
    // keeps it to one.
    setTimeout(() => showToast(toast), 0);
  }, [toast]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Where the toasts appear: top right on the public site; in the staff area at the top right too,
 * but below the staff header (56 px on a phone, 64 px from 1024 px), so that they never cover its
 * 'Menu', 'Site public' and 'Se déconnecter', nor the save buttons and card actions at the bottom
 * of a phone's screen, where a thumb works (docs/product.md, "Texts, toasts and timings").
 */
export type ToasterPlace = "top-right" | "below-staff-header";

/** The one toaster of the site, in the root layout: on screen from the first toast. */
export function AppToaster({ position = "top-right" }: { position?: ToasterPlace }) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => null,
  );
  return loaded ? <LoadedToaster sonner={loaded} position={position} /> : null;
}

function LoadedToaster({ sonner: s, position }: { sonner: Sonner; position: ToasterPlace }) {
  // runs after <Toaster>'s own effect has subscribed to sonner's store: the waiting toasts show
  useEffect(() => {
    mounted = true;
    for (const t of pending.splice(0)) display(s, t);
    return () => {
      mounted = false;
    };
  }, [s]);
  // sonner's richColors draw green on pale green below WCAG AA; the same tones, darker text
  return (
    <s.Toaster
      position="top-right"
      {...(position === "below-staff-header" ? { offset: { top: 76 }, mobileOffset: { top: 64 } } : {})}
      richColors
      closeButton
      toastOptions={{
        classNames: {
          success: "border-green-300! bg-green-50! text-green-900!",
          error: "border-red-300! bg-red-50! text-red-900!",
          info: "border-sky-300! bg-sky-50! text-sky-900!",
        },
      }}
    />
  );
}
