import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import type { Toast } from "~/lib/toast";

const TONES: Record<Toast["type"], { box: string; Icon: typeof Info }> = {
  success: { box: "border-green-300 bg-green-50 text-green-900", Icon: CircleCheck },
  error: { box: "border-red-300 bg-red-50 text-red-900", Icon: CircleAlert },
  message: { box: "border-slate-200 bg-white text-navy-900", Icon: Info },
};

/**
 * A toast on a page that is not hydrated (decision 016): rendered by the server with the page, top
 * right like the toaster's (sonner) on hydrated pages, in the same tones. The site's script
 * (app/site/messages.ts, [data-toast]) closes it after its duration, unless the pointer or the focus is
 * on it, and at its cross.
 */
export function ServerToast({ toast }: { toast: Toast }) {
  const { box, Icon } = TONES[toast.type];
  return (
    <div className="pointer-events-none fixed inset-x-4 top-4 z-[70] flex justify-end sm:inset-x-6 sm:top-6" role="status" aria-live="polite">
      <div
        data-toast
        data-duration={toast.duration ?? 4000}
        className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 text-sm shadow-lg transition-opacity duration-300 data-[closing]:opacity-0 motion-reduce:transition-none sm:w-[356px] ${box}`}
      >
        <Icon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
        <div className="min-w-0 flex-1">
          {toast.title && <p className="font-semibold">{toast.title}</p>}
          <p className={toast.title ? "mt-0.5" : "font-medium"}>{toast.description}</p>
        </div>
        <button
          type="button"
          data-toast-close
          aria-label="Fermer la notification"
          className="-m-2 flex h-9 w-9 shrink-0 items-center justify-center rounded-full opacity-70 hover:opacity-100"
        >
          <X aria-hidden className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
