import { CONTENT_PAGE } from "~/lib/page-handle";

/** Server-rendered, not hydrated: the site's script is all it runs (decision 016). */
export const handle = CONTENT_PAGE;

/**
 * Any path that no route claims: a 404 page with status 404 (rendered by the root error
 * boundary), in French, or in Arabic under /ar (route id "ar-404", app/routes.ts).
 */
export function loader() {
  throw new Response("Page introuvable", { status: 404 });
}

export default function NotFound() {
  return null;
}
