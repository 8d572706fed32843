import { publicOrigin } from "~/.server/config";
import { buildRobotsTxt } from "~/lib/sitemap";

/** /robots.txt: keep crawlers out of the staff area and the login page; point them to the sitemap. */
export function loader() {
  return new Response(buildRobotsTxt(publicOrigin()), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
