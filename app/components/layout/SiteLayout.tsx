import type { ReactNode } from "react";
import { ContactBar } from "./ContactBar";
import { Footer } from "./Footer";
import { MobileBar } from "./MobileBar";
import { NavBar } from "./NavBar";
import { useI18n } from "~/hooks/use-locale";

/**
 * The frame of every route: contact bar (from 1280 px), navigation (fixed once scrolled past the
 * contact bar), footer, mobile bar (not on the staff's sign-in screens: app/lib/patient-bar.ts). While the bar is fixed, the site's script (app/site/chrome.ts)
 * reserves the navigation row's height in its wrapper (the page does not jump and nothing slides
 * under it) and publishes it as `--site-bar-height`, which the stylesheet uses as the page's
 * scroll padding so anchors land below it.
 */
export function SiteLayout({ children, patientBar = true }: { children: ReactNode; patientBar?: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-navy-900 focus:shadow"
      >
        {t("layout.skipToContent")}
      </a>
      <header>
        <ContactBar />
        {/* keeps the page from jumping when the nav leaves the flow */}
        <div>
          <NavBar />
        </div>
      </header>
      <main id="contenu" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer patientBar={patientBar} />
      {patientBar && <MobileBar />}
    </>
  );
}
