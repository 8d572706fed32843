import { useEffect } from "react";
import { toast as showSonner, Toaster } from "sonner";
import type { Toast } from "~/lib/toast";

/** Toasts already shown in this page's life: a result seen again (a remount) shows nothing. */
const shown = new Set<string>();

export function showToast(t: Toast) {
  if (shown.has(t.id)) return;
  shown.add(t.id);
  const show = t.type === "success" ? showSonner.success : t.type === "error" ? showSonner.error : showSonner;
  show(t.title ?? t.description, { id: t.id, description: t.title ? t.description : undefined, duration: t.duration });
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

/** The one toaster of the site, in the root layout. */
export function AppToaster() {
  // sonner's richColors draw green on pale green below WCAG AA; the same tones, darker text
  return (
    <Toaster
      position="top-right"
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
