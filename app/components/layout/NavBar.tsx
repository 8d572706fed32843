import { CalendarCheck, ChevronDown, House, Menu, Phone, X } from "lucide-react";
import { useId } from "react";
import { Link, NavLink } from "react-router";
import { BOOKING_LINK, DIRECT_LINKS, MENUS, WORKSPACE_LINK, type NavMenu } from "~/content/navigation";
import { useClinic } from "~/hooks/use-clinic";
import { useI18n } from "~/hooks/use-locale";
import { phoneLabel } from "~/i18n/clinic";
import { LanguageSwitch, useAlternatePath } from "./LanguageSwitch";
import { Logo } from "./Logo";

/**
 * Main navigation. From 1280 px (the `nav` breakpoint) it is one row under the contact bar: the
 * four menus and the direct links, plus a compact booking button once fixed. Dropdowns open on
 * hover or click, one at a time, and close 300 ms after the mouse leaves, on an outside click or
 * with Escape. Below 1280 px it is the only header bar (64 px): logo, phone, booking (from 768 px)
 * and a menu button that toggles a collapsible menu (300 ms; Escape closes it and gives focus back
 * to the button). The bar becomes fixed once the page has scrolled past the contact bar (below
 * 1280 px there is no contact bar, so as soon as it scrolls).
 *
 * The markup is rendered closed; the behaviour (open, close, fixed, with `aria-expanded`,
 * `data-open` and `data-fixed`) is the site's script's (app/site/chrome.ts), the same on a hydrated
 * page and on a content page that is not. The row (`data-nav-row`) is what it measures to reserve
 * the bar's height.
 */
export function NavBar() {
  const clinic = useClinic();
  const baseId = useId();
  const { locale, t, href, label, words } = useI18n();
  const bilingual = useAlternatePath() !== null;
  // a menu in the page's language: its title, its links' labels and where they go
  const localMenu = (menu: NavMenu): NavMenu => ({
    id: menu.id,
    label: locale === "fr" ? menu.label : t(`menus.${menu.id}` as "menus.sourire"),
    links: menu.links.map((l) => ({ to: href(l.to), label: label(l) })),
  });

  return (
    <nav
      aria-label={t("layout.mainNav")}
      data-site-nav
      className="group/nav relative z-40 bg-navy-900 text-white data-[fixed=true]:fixed data-[fixed=true]:inset-x-0 data-[fixed=true]:top-0 data-[fixed=true]:shadow-lg"
    >
      <div data-nav-row className="container-site flex min-h-16 items-center justify-between gap-2 nav:min-h-14">
        {/* Below 1280 px: the one header bar */}
        <Link to={href("/")} className="flex min-w-0 py-2 nav:hidden" aria-label={t("layout.homeOf", { name: words.name })}>
          <Logo variant="light" narrowTagline={false} />
        </Link>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2 nav:hidden">
          {clinic.phones.slice(0, 2).map((p, i) => (
            <a
              key={p.tel}
              href={`tel:${p.tel}`}
              className={`${i === 0 ? "hidden min-[360px]:inline-flex" : "hidden lg:inline-flex"} min-h-11 min-w-11 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2 text-sm font-medium hover:text-gold-400`}
            >
              <Phone aria-hidden className="h-5 w-5 shrink-0 text-gold-400 md:h-4 md:w-4" />
              <span className="sr-only">{t("layout.phoneLabel", { label: phoneLabel(p.label, locale) })}</span>
              <span className="max-md:sr-only" dir="ltr">
                {p.display}
              </span>
            </a>
          ))}
          <span className="hidden md:block">
            <Link to={href(BOOKING_LINK.to)} className="btn-gold min-h-10 whitespace-nowrap px-4 text-xs uppercase">
              <CalendarCheck aria-hidden className="h-4 w-4" />
              {label(BOOKING_LINK)}
            </Link>
          </span>
          {/* from 576 px; on a phone it is in the menu */}
          <LanguageSwitch className="text-sm hover:text-gold-400 max-sm:hidden" />
          <button
            type="button"
            data-mobile-toggle
            className="group inline-flex min-h-11 items-center gap-2 rounded-md px-2 text-sm font-semibold uppercase tracking-wide hover:text-gold-400 sm:px-3"
            aria-expanded="false"
            aria-controls={`${baseId}-mobile`}
          >
            <Menu aria-hidden className="h-6 w-6 group-aria-expanded:hidden" />
            <X aria-hidden className="hidden h-6 w-6 group-aria-expanded:block" />
            <span>{t("layout.menu")}</span>
            <span className="sr-only group-aria-expanded:hidden">{t("layout.menuOpen")}</span>
            <span className="sr-only hidden group-aria-expanded:inline">{t("layout.menuClose")}</span>
          </button>
        </div>

        {/* From 1280 px: the full menu row */}
        <ul className="hidden w-full flex-nowrap items-center justify-between nav:flex">
          <li>
            <NavLink to={href("/")} end className={({ isActive }) => `inline-flex min-h-11 items-center rounded-md px-2 hover:text-gold-400 ${isActive ? "text-gold-400" : "text-white"}`}>
              <House aria-hidden className="h-4.5 w-4.5" />
              <span className="sr-only">{label(DIRECT_LINKS[0])}</span>
            </NavLink>
          </li>
          {MENUS.map((menu) => (
            <li key={menu.id} className="relative">
              <Dropdown menu={localMenu(menu)} baseId={baseId} />
            </li>
          ))}
          {DIRECT_LINKS.slice(1).map((l) => (
            <li key={l.to}>
              <DirectLink to={href(l.to)} label={label(l)} />
            </li>
          ))}
          {/* once the bar is fixed (the contact bar, which has it, scrolled away) */}
          {bilingual && (
            <li className="hidden group-data-[fixed=true]/nav:block">
              <LanguageSwitch className="text-[12px] hover:text-gold-400" />
            </li>
          )}
          {/* once the bar is fixed */}
          <li className="hidden group-data-[fixed=true]/nav:block">
            <Link to={href(BOOKING_LINK.to)} className="btn-gold ms-2 min-h-9 whitespace-nowrap px-3 text-xs uppercase">
              <CalendarCheck aria-hidden className="h-4 w-4" />
              {t("layout.rdv")}
              <span className="sr-only">{t("layout.rdvHint", { label: label(BOOKING_LINK) })}</span>
            </Link>
          </li>
        </ul>
      </div>

      <div
        id={`${baseId}-mobile`}
        data-open="false"
        className="invisible grid grid-rows-[0fr] transition-[grid-template-rows,visibility] duration-300 ease-in-out data-[open=true]:visible data-[open=true]:grid-rows-[1fr] nav:hidden"
        inert
      >
        <div className="overflow-hidden">
          <ul className="container-site max-h-[calc(100dvh-4rem)] space-y-1 overflow-y-auto pb-5 pt-1 md:max-w-2xl">
            <li>
              <MobileLink to={href("/")} label={label(DIRECT_LINKS[0])} />
            </li>
            {MENUS.map((menu) => (
              <li key={menu.id}>
                <MobileSection menu={localMenu(menu)} baseId={baseId} />
              </li>
            ))}
            {[...DIRECT_LINKS.slice(1), WORKSPACE_LINK].map((l) => (
              <li key={l.to}>
                <MobileLink to={href(l.to)} label={label(l)} />
              </li>
            ))}
            <li className="pt-2">
              <Link to={href(BOOKING_LINK.to)} className="btn-gold w-full uppercase">
                {label(BOOKING_LINK)}
              </Link>
            </li>
            {bilingual && (
              <li className="pt-1">
                <LanguageSwitch className="w-full justify-center text-sm hover:bg-white/10" />
              </li>
            )}
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
        `block whitespace-nowrap rounded-md px-1.5 py-3.5 text-[12px] font-semibold uppercase tracking-normal transition-colors hover:text-gold-400 ${isActive ? "text-gold-400" : "text-white"}`
      }
    >
      {label}
    </NavLink>
  );
}

function Dropdown({ menu, baseId }: { menu: NavMenu; baseId: string }) {
  const panelId = `${baseId}-${menu.id}-panel`;
  return (
    <>
      <button
        id={`${baseId}-${menu.id}-button`}
        type="button"
        data-dropdown
        aria-expanded="false"
        aria-controls={panelId}
        className="group inline-flex items-center gap-1 whitespace-nowrap rounded-md px-1.5 py-3.5 text-[12px] font-semibold uppercase tracking-normal transition-colors hover:text-gold-400 aria-expanded:text-gold-400"
      >
        {menu.label}
        <ChevronDown aria-hidden className="h-3.5 w-3.5 transition-transform duration-200 group-aria-expanded:rotate-180" />
      </button>
      <div id={panelId} hidden className="absolute start-0 top-full z-50 min-w-64 rounded-b-xl border-t-2 border-gold-500 bg-white py-2 text-slate-800 shadow-xl">
        <ul>
          {menu.links.map((l) => (
            <li key={l.to}>
              <NavLink
                to={l.to}
                className={({ isActive }) => `block px-4 py-2.5 text-sm transition-colors hover:bg-teal-50 hover:text-teal-600 ${isActive ? "font-semibold text-teal-600" : ""}`}
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
    <NavLink to={to} end className={({ isActive }) => `block rounded-md px-3 py-3 text-sm font-semibold uppercase tracking-wide hover:bg-white/10 ${isActive ? "text-gold-400" : ""}`}>
      {label}
    </NavLink>
  );
}

function MobileSection({ menu, baseId }: { menu: NavMenu; baseId: string }) {
  const panelId = `${baseId}-${menu.id}-mobile-panel`;
  return (
    <>
      <button
        type="button"
        data-mobile-section
        aria-expanded="false"
        aria-controls={panelId}
        className="group flex w-full items-center justify-between rounded-md px-3 py-3 text-start text-sm font-semibold uppercase tracking-wide hover:bg-white/10"
      >
        {menu.label}
        <ChevronDown aria-hidden className="h-4 w-4 transition-transform duration-200 group-aria-expanded:rotate-180" />
      </button>
      <ul id={panelId} hidden className="mb-2 ms-3 border-s border-white/20 ps-2">
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
