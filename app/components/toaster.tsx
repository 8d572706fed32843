import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { Toast } from "~/lib/toast";

/**
 * The site's toasts (sonner). sonner is not in the pages' first download: ./lazy/sonner is
 * imported the first time a toast must show, and <AppToaster> renders nothing until then.
 */

type Sonner = typeof import("./lazy/sonner");

/** Toasts already shown in this page's life: a result seen again (a remount) shows nothing. */
const shown = new Set<string>();
let sonner: Promise<Sonner> | null = null;
/** true once a toast has asked for sonner: <AppToaster> then mounts the real toaster */
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("./lazy/sonner");
    // a failed download (a new deployment, the network) may be tried again by the next toast
    sonner.catch(() => (sonner = null));
  }
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  return sonner;
}

// a failed download shows no toaster rather than the error page
const LazySonner = lazy(() => loadSonner().catch(() => ({ default: () => null })));

export function showToast(t: Toast) {
  if (shown.has(t.id)) return;
  shown.add(t.id);
  // sonner replays the toasts still showing to a <Toaster> that subscribes after them
  loadSonner().then(
    (m) => m.show(t),
    () => shown.delete(t.id),
  );
}

/**
 * Show a toast that arrived from the server: in the root loader (after a redirect) or in an
 * action's result (after a fetcher). Each toast shows once, whatever re-renders.
 */
export function useToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (toast) showToast(toast);
  }, [toast]);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The one toaster of the site, in the root layout: nothing until the first toast. */
export function AppToaster() {
  const on = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return on ? (
    <Suspense fallback={null}>
      <LazySonner />
    </Suspense>
  ) : null;
}
