import { useEffect } from "react";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { AppToaster, useToast } from "./components/toaster";
import { BadRequest, GeneralErrorBoundary } from "./components/error-boundary";
import { ServerToast } from "./components/ServerToast";
import { SiteLayout } from "./components/layout/SiteLayout";
import { publicOrigin } from "./.server/config";
import { siteContent } from "./.server/site-content";
import { demoFacts } from "./lib/demo-facts";
import { addDaysYmd } from "./lib/schedule";
import { todayInClinic } from "./lib/clinic-time";
import { requestGuard } from "./.server/request-limits";
import { getToast } from "./.server/toast";
import { islandScripts } from "./.server/islands";
import { requestInfo } from "./context";
import { pageHydrates } from "./lib/page-handle";
import { showsPatientBar } from "./lib/patient-bar";
import { isStaffPath, type RootData } from "./lib/root-data";
import { localeOf } from "./i18n/locale";
// the page chrome (menus, carousels, reveals, the server's messages), written into every page
import chromeScript, { url as chromeUrl } from "./site/chrome.ts?inline-script";
// the site's stylesheet, first in the head (before the scripts React hoists there): it alone blocks the first paint
import siteStyles from "./app.css?url";
// the two fonts of the first screen (headings, text), preloaded: the same hashed files app.css uses
import headingFont from "@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url";
import textFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/** The Arabic pages' text font (public/fonts, app.css), preloaded on those pages only. */
/** the Arabic pages' text and headings (app/app.css): both weights, so that no heading waits for its file to be discovered */
const ARABIC_FONTS = ["/fonts/ibm-plex-sans-arabic-arabic-400-normal.woff2", "/fonts/ibm-plex-sans-arabic-arabic-600-normal.woff2"];

/** Before every loader and action of the site: bodies over their limit (413) or not a form (400). */
export const middleware: Route.MiddlewareFunction[] = [requestGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin();
  const { toast, setCookie } = await getToast(request);
  const today = todayInClinic();
  // the opening hours every page shows (footer, contact, JSON-LD): the schedule staff edit; the
  // photos staff put in the site's picture slots (app/lib/photo-slots.ts), slot → photo; read
  // once per content version (app/.server/site-content.ts)
  const { weekly, exceptions, clinic, photos, demoReviews } = await siteContent(today);
  const demoSite = demoFacts(clinic, demoReviews).length > 0;
  const base = { nonce: context.get(requestInfo).nonce, origin, toast, clinic, demoSite };
  // a staff page shows none of the site's chrome: no hours, photos nor islands (4 KiB less of each
  // staff page, issue 33, item 4); a navigation out of the staff area reads the root again (below)
  const rootData: RootData = isStaffPath(new URL(request.url).pathname)
    ? { ...base, hours: null, photos: {}, islands: {} }
    : {
        ...base,
        hours: { weekly, upcoming: exceptions.filter((e) => e.startDate <= addDaysYmd(today, 30)) },
        photos,
        // the islands' script files (hashed names), for the pages that render one (components/Island.tsx)
        islands: islandScripts(),
      };
  return data(rootData, setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined);
}

// The nonce and origin do not change between navigations; only a form post (whose redirect may
// carry a toast) makes the root read again, and a navigation into or out of the staff area, whose
// root data is smaller (the loader above).
export function shouldRevalidate({ formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return Boolean(formMethod && formMethod.toUpperCase() !== "GET") || isStaffPath(currentUrl.pathname) !== isStaffPath(nextUrl.pathname);
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = rootData?.nonce || undefined;
  // the staff area has a work layout of its own (app/routes/admin.tsx): no marketing chrome
  const location = useLocation();
  const staffArea = isStaffPath(location.pathname);
  // the page's language is its URL's: /ar/… is Arabic, right to left (docs/decisions/029-arabic.md)
  const arabic = localeOf(location.pathname) === "ar";
  // a content page is not hydrated: its HTML and the site's script are the whole page (decision 016).
  // In the browser React runs only on a hydrated page, and keeps its scripts through navigations.
  const matches = useMatches();
  const hydrate = typeof document !== "undefined" || pageHydrates(matches);
  // on a hydrated page, the site's script gives the new markup its behaviour after each render
  useEffect(() => {
    window.dispatchEvent(new Event("site:render"));
  }, [location.key]);
  return (
    <html lang={arabic ? "ar-DZ" : "fr"} dir={arabic ? "rtl" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b2a47" />
        <link rel="stylesheet" href={siteStyles} precedence="site" />
        {/* the fonts the first screen paints with, preloaded: in French Inter (the text) and Playfair Display (the
            headings); an Arabic page's text and headings are in the Arabic font, and its few Latin characters
            (digits, the clinic's name) wait for Inter without a preload: on a slow network every preloaded
            byte delays the first paint (issue 33: Inter's 48 KB cost an Arabic page 0.3 s of LCP) */}
        {arabic ? (
          ARABIC_FONTS.map((href) => <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />)
        ) : (
          <>
            <link rel="preload" href={headingFont} as="font" type="font/woff2" crossOrigin="anonymous" />
            <link rel="preload" href={textFont} as="font" type="font/woff2" crossOrigin="anonymous" />
          </>
        )}
        <Meta />
        <Links />
      </head>
      <body>
        {staffArea ? children : <SiteLayout patientBar={showsPatientBar(location.pathname)}>{children}</SiteLayout>}
        {/* a page that is not hydrated shows its toast (after a redirect: "Vous avez été déconnecté.") from the server */}
        {!hydrate && rootData?.toast && <ServerToast toast={rootData.toast} />}
        {hydrate && (
          <>
            {/* staff: at the bottom, never over the header's controls */}
            <AppToaster position={staffArea ? "below-staff-header" : "top-right"} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
        {/* after React Router's context script: the site's script knows whether React will hydrate. On every
            page, staff's too: React does not run a script it adds in a navigation. A staff page loads it (a
            hashed file the browser keeps) rather than carrying its 10 KB each time (issue 33, item 4) */}
        {staffArea && chromeUrl ? <script nonce={nonce} src={chromeUrl} /> : <script nonce={nonce} dangerouslySetInnerHTML={{ __html: chromeScript }} />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useToast(loaderData.toast);
  return <Outlet />;
}

/** A request the site cannot read (not a form, a broken multipart): said as such, not as a crash. */
const ROOT_STATUS_HANDLERS = {
  400: () => <BadRequest />,
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={ROOT_STATUS_HANDLERS} />;
}
