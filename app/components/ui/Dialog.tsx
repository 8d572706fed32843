import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * Accessible modal dialog on the native <dialog> element: showModal() moves focus inside,
 * makes the rest of the page inert, closes with Escape, and focus returns to the element that
 * opened it. `onClose` is called when the visitor closes it (Escape, cross, backdrop click, or
 * code calling close() on the element); not when the `open` prop closed it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  size = "md",
  fullScreen = false,
  closeLabel = "Fermer",
  id,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: "md" | "lg" | "xl";
  fullScreen?: boolean;
  closeLabel?: string;
  /** the dialog's id (its title's is `<id>-title`); without it, React's: an island names its own, as the server's and the browser's trees differ */
  id?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // set when the `open` prop closed it: the parent already knows, so onClose is not called
  const closedByProp = useRef(false);
  const generatedId = useId();
  const titleId = id ? `${id}-title` : generatedId;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement as HTMLElement | null;
      d.showModal();
    } else if (!open && d.open) {
      closedByProp.current = true;
      d.close();
    }
  }, [open]);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const handle = () => {
      // The close event arrives asynchronously: by then the dialog may have been opened again
      // (browser Back then Forward, say); such a stale event must not close it a second time.
      const byProp = closedByProp.current;
      closedByProp.current = false;
      if (d.open) return;
      if (!byProp) onClose();
      const el = opener.current;
      if (el && document.contains(el)) el.focus();
    };
    d.addEventListener("close", handle);
    return () => d.removeEventListener("close", handle);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      className={dialogClass(size, fullScreen)}
      onClick={(e) => {
        // a click on the backdrop (the dialog element itself, outside its content) closes it
        if (e.target === ref.current && !fullScreen) ref.current?.close();
      }}
    >
      <DialogFrame titleId={titleId} title={title} closeLabel={closeLabel} fullScreen={fullScreen} onClose={() => ref.current?.close()}>
        {children}
      </DialogFrame>
    </dialog>
  );
}

export function dialogClass(size: "md" | "lg" | "xl", fullScreen: boolean) {
  const width = fullScreen ? "h-dvh max-h-none w-screen max-w-none rounded-none" : size === "xl" ? "max-w-5xl" : size === "lg" ? "max-w-3xl" : "max-w-xl";
  return `m-auto w-[calc(100%-1.5rem)] ${width} overflow-hidden rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-navy-950/60 backdrop:backdrop-blur-sm`;
}

/** The inside of a dialog: its title and cross, then its scrolling content. */
export function DialogFrame({ titleId, title, closeLabel, fullScreen, onClose, children }: { titleId: string; title: ReactNode; closeLabel: string; fullScreen: boolean; onClose?: () => void; children: ReactNode }) {
  return (
    <div className={`flex ${fullScreen ? "h-full" : "max-h-[90dvh]"} flex-col`}>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 md:px-6">
        <h2 id={titleId} data-dialog-title className="font-serif text-xl font-bold text-navy-900 [overflow-wrap:anywhere] md:text-2xl">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-me-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        >
          <X aria-hidden className="h-5 w-5" />
          <span className="sr-only">{closeLabel}</span>
        </button>
      </div>
      <div data-dialog-body className="overflow-y-auto px-5 py-5 md:px-6">
        {children}
      </div>
    </div>
  );
}
