import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { SiteLayout } from "./components/layout/SiteLayout";
import { getConfig } from "./.server/config";
import "./app.css";

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = getConfig().PUBLIC_URL ?? new URL(request.url).origin;
  return { nonce: context?.nonce ?? "", origin };
}

// The root data (nonce, origin) does not change between navigations.
export function shouldRevalidate() {
  return false;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce || undefined;
  return (
    <html lang="fr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b2a47" />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteLayout>{children}</SiteLayout>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page introuvable" : "Une erreur est survenue";
  const text = notFound
    ? "La page que vous cherchez n'existe pas ou a été déplacée."
    : "Nous n'avons pas pu afficher cette page. Merci de réessayer dans un instant ; si le problème persiste, appelez-nous.";
  return (
    <section className="container-site flex min-h-[55vh] flex-col items-center justify-center py-20 text-center">
      <title>{`${title} | Clinique dentaire`}</title>
      <p className="eyebrow">{notFound ? "Erreur 404" : "Erreur"}</p>
      <h1 className="mt-3 text-4xl font-bold">{title}</h1>
      <p className="mt-4 max-w-xl text-slate-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Retour à l'accueil
        </Link>
        <Link to="/appointment" className="btn border border-navy-900 text-navy-900 hover:bg-slate-50">
          Prendre Rendez-vous
        </Link>
      </div>
    </section>
  );
}
