import { CalendarCheck, ChevronDown, House, Menu, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { BOOKING_LINK, DIRECT_LINKS, MENUS, WORKSPACE_LINK, type NavMenu } from "~/content/navigation";
import { Logo } from "./Logo";

export const DROPDOWN_CLOSE_DELAY_MS = 300;

/**
 * Main navigation. Dropdowns open on hover or click, one at a time, and close 300 ms after the
 * mouse leaves, on an outside click or with Escape. Below the large breakpoint (992 px) a
 * hamburger toggles a collapsible menu (300 ms). The bar becomes fixed once the page has
 * scrolled past the contact bar (`fixed` prop, decided by the layout).
 */
export function NavBar({ fixed }: { fixed: boolean }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mobileSection, setMobileSection] = useState<string | null>(null);
  const openedBy = useRef<"hover" | "click">("hover");
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();
  const baseId = useId();

  const cancelClose = useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  }, []);
  const scheduleClose = useCallback(() => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenId(null), DROPDOWN_CLOSE_DELAY_MS);
  }, [cancelClose]);

  // Close everything after a navigation.
  useEffect(() => {
    setOpenId(null);
    setMobileOpen(false);
    setMobileSection(null);
  }, [location.pathname]);

  // Outside click and Escape.
  useEffect(() => {
    function onPointerDown(e: PointerEvent) {
      if (navRef.current && !navRef.current.contains(e.target as Node)) {
        setOpenId(null);
      }
    }
    function onKeyDown(e: KeyboardEvent) {
      if (e.key !== "Escape") return;
      setOpenId((current) => {
        if (current) {
          const btn = document.getElementById(`${baseId}-${current}-button`);
          btn?.focus();
        }
        return null;
      });
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      cancelClose();
    };
  }, [baseId, cancelClose]);

  return (
    <nav
      ref={navRef}
      aria-label="Navigation principale"
      data-fixed={fixed ? "true" : "false"}
      className={`${fixed ? "fixed inset-x-0 top-0 shadow-lg" : "relative"} z-40 bg-navy-900 text-white`}
    >
      <div className="container-site flex min-h-14 items-center justify-between gap-2">
        <Link to="/" className={`${fixed ? "flex" : "hidden"} shrink-0 py-2 lg:hidden`} aria-label="Accueil">
          <Logo variant="light" narrowTagline={false} />
        </Link>

        {/* Large screens */}
        <ul className="hidden w-full flex-wrap items-center justify-center gap-x-1 lg:flex xl:flex-nowrap xl:justify-between">
          <li>
            <NavLink
              to="/"
              end
              className={({ isActive }) => `inline-flex min-h-11 items-center rounded-md px-2 hover:text-gold-400 ${isActive ? "text-gold-400" : "text-white"}`}
            >
              <House aria-hidden className="h-4.5 w-4.5" />
              <span className="sr-only">{DIRECT_LINKS[0].label}</span>
            </NavLink>
          </li>
          {MENUS.map((menu) => (
            <li
              key={menu.id}
              className="relative"
              onMouseEnter={() => {
                cancelClose();
                if (openId !== menu.id) openedBy.current = "hover";
                setOpenId(menu.id);
              }}
              onMouseLeave={scheduleClose}
            >
              <Dropdown
                menu={menu}
                baseId={baseId}
                open={openId === menu.id}
                onToggle={() => {
                  cancelClose();
                  // A click on a menu that the pointer just opened keeps it open; a second click closes it.
                  if (openId === menu.id && openedBy.current === "click") {
                    setOpenId(null);
                  } else {
                    openedBy.current = "click";
                    setOpenId(menu.id);
                  }
                }}
              />
            </li>
          ))}
          {DIRECT_LINKS.slice(1).map((l) => (
            <li key={l.to}>
              <DirectLink to={l.to} label={l.label} />
            </li>
          ))}
          {fixed && (
            <li>
              <Link to={BOOKING_LINK.to} className="btn-gold ml-1 min-h-9 whitespace-nowrap px-3 text-xs uppercase">
                <CalendarCheck aria-hidden className="h-4 w-4" />
                RDV<span className="sr-only"> : {BOOKING_LINK.label}</span>
              </Link>
            </li>
          )}
        </ul>

        {/* Small screens */}
        <button
          type="button"
          className="ml-auto inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold uppercase tracking-wide lg:hidden"
          aria-expanded={mobileOpen}
          aria-controls={`${baseId}-mobile`}
          onClick={() => setMobileOpen((o) => !o)}
        >
          {mobileOpen ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
          <span>Menu</span>
          <span className="sr-only">{mobileOpen ? " (fermer)" : " (ouvrir)"}</span>
        </button>
      </div>

      <div
        id={`${baseId}-mobile`}
        data-open={mobileOpen ? "true" : "false"}
        className={`grid transition-[grid-template-rows,visibility] duration-300 ease-in-out lg:hidden ${mobileOpen ? "visible grid-rows-[1fr]" : "invisible grid-rows-[0fr]"}`}
        inert={!mobileOpen}
      >
        <div className="overflow-hidden">
          <ul className="container-site max-h-[calc(100dvh-3.5rem)] space-y-1 overflow-y-auto pb-5 pt-1">
            <li>
              <MobileLink to="/" label="Accueil" />
            </li>
            {MENUS.map((menu) => (
              <li key={menu.id}>
                <MobileSection
                  menu={menu}
                  baseId={baseId}
                  open={mobileSection === menu.id}
                  onToggle={() => setMobileSection((c) => (c === menu.id ? null : menu.id))}
                />
              </li>
            ))}
            {[...DIRECT_LINKS.slice(1), WORKSPACE_LINK].map((l) => (
              <li key={l.to}>
                <MobileLink to={l.to} label={l.label} />
              </li>
            ))}
            <li className="pt-2">
              <Link to={BOOKING_LINK.to} className="btn-gold w-full uppercase">
                {BOOKING_LINK.label}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </nav>
  );
}

function DirectLink({ to, label }: { to: string; label: string }) {
  return (
    <NavLink
      to={to}
      end
      className={({ isActive }) =>
        `block whitespace-nowrap rounded-md px-2 py-3.5 text-[12px] font-semibold uppercase tracking-wide transition-colors hover:text-gold-400 xl:px-2.5 2xl:text-[13px] ${isActive ? "text-gold-400" : "text-white"}`
      }
    >
      {label}
    </NavLink>
  );
}

function Dropdown({ menu, baseId, open, onToggle }: { menu: NavMenu; baseId: string; open: boolean; onToggle: () => void }) {
  const panelId = `${baseId}-${menu.id}-panel`;
  return (
    <>
      <button
        id={`${baseId}-${menu.id}-button`}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className={`inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-3.5 text-[12px] font-semibold uppercase tracking-wide transition-colors hover:text-gold-400 xl:px-2.5 2xl:text-[13px] ${open ? "text-gold-400" : ""}`}
      >
        {menu.label}
        <ChevronDown aria-hidden className={`h-3.5 w-3.5 transition-transform duration-200 ${open ? "rotate-180" : ""}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute left-0 top-full z-50 min-w-64 rounded-b-xl border-t-2 border-gold-500 bg-white py-2 text-slate-800 shadow-xl"
      >
        <ul>
          {menu.links.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                className={({ isActive }) =>
                  `block px-4 py-2.5 text-sm transition-colors hover:bg-teal-50 hover:text-teal-600 ${isActive ? "font-semibold text-teal-600" : ""}`
                }
              >
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

function MobileLink({ to, label }: { to: string; label: string }) {
  return (
    <NavLink
      to={to}
      end
      className={({ isActive }) => `block rounded-md px-3 py-3 text-sm font-semibold uppercase tracking-wide hover:bg-white/10 ${isActive ? "text-gold-400" : ""}`}
    >
      {label}
    </NavLink>
  );
}

function MobileSection({ menu, baseId, open, onToggle }: { menu: NavMenu; baseId: string; open: boolean; onToggle: () => void }) {
  const panelId = `${baseId}-${menu.id}-mobile-panel`;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggle}
        className="flex w-full items-center justify-between rounded-md px-3 py-3 text-left text-sm font-semibold uppercase tracking-wide hover:bg-white/10"
      >
        {menu.label}
        <ChevronDown aria-hidden className={`h-4 w-4 transition-transform duration-200 ${open ? "rotate-180" : ""}`} />
      </button>
      <ul id={panelId} hidden={!open} className="mb-2 ml-3 border-l border-white/20 pl-2">
        {menu.links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to} className={({ isActive }) => `block rounded-md px-3 py-2.5 text-sm text-white/90 hover:bg-white/10 ${isActive ? "text-gold-400" : ""}`}>
              {l.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}
