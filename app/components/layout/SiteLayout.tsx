import { useEffect, useRef, useState, type ReactNode } from "react";
import { ContactBar } from "./ContactBar";
import { Footer } from "./Footer";
import { MobileBar } from "./MobileBar";
import { NavBar } from "./NavBar";

/**
 * The frame of every route: contact bar (from 1280 px), navigation (fixed once scrolled past the
 * contact bar), footer, mobile bar. The navigation row's height is reserved while the bar is
 * fixed (the page does not jump and nothing slides under it) and published as
 * `--site-bar-height`, which app.css uses as the page's scroll padding so anchors land below it.
 */
export function SiteLayout({ children }: { children: ReactNode }) {
  const contactRef = useRef<HTMLDivElement>(null);
  const navWrapRef = useRef<HTMLDivElement>(null);
  const [fixed, setFixed] = useState(false);
  const [navHeight, setNavHeight] = useState(0);

  useEffect(() => {
    const onScroll = () => {
      const limit = contactRef.current?.offsetHeight ?? 0;
      setFixed(window.scrollY > limit);
    };
    const row = navWrapRef.current?.querySelector<HTMLElement>("[data-nav-row]");
    const measure = () => {
      const height = row?.getBoundingClientRect().height ?? 0;
      setNavHeight(height);
      document.documentElement.style.setProperty("--site-bar-height", `${Math.ceil(height)}px`);
      onScroll();
    };
    measure();
    const observer = row ? new ResizeObserver(measure) : null;
    if (row) observer?.observe(row);
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", measure);
    };
  }, []);

  return (
    <>
      <a href="#contenu" className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-navy-900 focus:shadow">
        Aller au contenu
      </a>
      <header>
        <ContactBar ref={contactRef} />
        {/* keeps the page from jumping when the nav leaves the flow */}
        <div ref={navWrapRef} style={fixed ? { height: navHeight } : undefined}>
          <NavBar fixed={fixed} />
        </div>
      </header>
      <main id="contenu" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      <MobileBar />
    </>
  );
}
