import { Menu, X } from "~/components/admin/icons";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { NavGroup } from "./nav";
import { StaffNavGroups } from "./StaffNavGroups";

/**
 * The staff menu below 1024 px (docs/product.md, "Staff area"): the 'Menu' button of the header
 * opens the grouped links as a sheet rising from the bottom of the screen, where a thumb reaches
 * them, with 'Fermer' at the very bottom. A modal <dialog>: the page behind is inert, Escape
 * closes it; it closes on any navigation too. The focus goes to the current link (or the first)
 * when it opens, and back to 'Menu' when it closes. Its links are drawn only while it is open.
 */
export function MenuSheet({ groups }: { groups: readonly NavGroup[] }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { key } = useLocation();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      (d.querySelector<HTMLElement>("[aria-current='page']") ?? d.querySelector<HTMLElement>("a"))?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  // a link followed (or any navigation): the menu has done its work
  useEffect(() => setOpen(false), [key]);

  // a tablet turned to 1024 px or more: the side bar shows, a modal menu would only hide the page
  useEffect(() => {
    const wide = window.matchMedia("(min-width: 1024px)");
    const close = () => wide.matches && setOpen(false);
    wide.addEventListener("change", close);
    return () => wide.removeEventListener("change", close);
  }, []);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="staff-menu"
        onClick={() => setOpen(true)}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg bg-navy-900 px-2.5 text-sm font-semibold text-white transition hover:bg-navy-800 lg:hidden"
      >
        <Menu aria-hidden className="h-5 w-5" />
        {/* on the narrowest phones (320 px) the icon alone, so that the clinic's name fits beside it */}
        <span className="max-[359px]:sr-only">Menu</span>
      </button>
      <dialog
        ref={dialog}
        id="staff-menu"
        aria-labelledby="staff-menu-title"
        // Escape, or the dialog closed any other way: the state follows, the focus goes back to 'Menu'
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
        // a tap on the dimmed page around the sheet closes it
        onClick={(e) => {
          if (e.target === e.currentTarget) setOpen(false);
        }}
        className="mx-0 mb-0 mt-auto max-h-[88dvh] w-full max-w-none overflow-hidden rounded-t-2xl bg-white p-0 text-navy-900 shadow-2xl backdrop:bg-navy-950/50 sm:mx-auto sm:mb-4 sm:max-w-xl sm:rounded-2xl lg:hidden"
      >
        <div className="flex max-h-[88dvh] flex-col">
          <p id="staff-menu-title" className="border-b border-slate-100 px-4 pb-2 pt-3 text-xs font-semibold uppercase tracking-wider text-slate-500">
            Menu
          </p>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-3">
            {/* drawn when opened: every staff page's HTML carries the side bar's links only */}
            {open && <StaffNavGroups groups={groups} variant="sheet" />}
          </div>
          <div className="border-t border-slate-100 p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl bg-slate-100 text-[15px] font-semibold text-navy-900 transition hover:bg-slate-200"
            >
              <X aria-hidden className="h-5 w-5" />
              Fermer le menu
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
