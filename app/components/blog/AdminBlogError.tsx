import { isRouteErrorResponse, Link } from "react-router";
import { ADMIN_BLOG_TEXTS } from "~/lib/admin-blog";

/** A failure of the screen itself (session expired, server error): never internal detail. */
export function AdminBlogError({ error }: { error: unknown }) {
  const expired = isRouteErrorResponse(error) && error.status === 401;
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900 md:p-8">
      <h1 className="font-serif text-2xl font-bold text-red-900">{ADMIN_BLOG_TEXTS.title}</h1>
      <p className="mt-3 font-semibold">{expired ? "Votre session a expiré : reconnectez-vous pour continuer." : ADMIN_BLOG_TEXTS.unexpected}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        {expired ? (
          <Link to="/login?redirectTo=%2Fadmin%2Fblog" className="btn-primary">
            Se reconnecter
          </Link>
        ) : (
          <a href="/admin/blog" className="btn-primary">
            Recharger la page
          </a>
        )}
      </div>
    </div>
  );
}
