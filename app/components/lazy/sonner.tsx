import { toast as showSonner, Toaster } from "sonner";
import type { Toast } from "~/lib/toast";

/**
 * sonner itself (~10 KiB gzip), loaded by ~/components/toaster the first time a page has a toast
 * to show: most visits never do, so it is in no page's first download.
 */
export function show(t: Toast) {
  const fn = t.type === "success" ? showSonner.success : t.type === "error" ? showSonner.error : showSonner;
  fn(t.title ?? t.description, { id: t.id, description: t.title ? t.description : undefined, duration: t.duration });
}

/** The one toaster of the site. sonner's richColors draw green on pale green below WCAG AA; the same tones, darker text. */
export default function AppSonner() {
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
