import type { Route } from "./+types/robots[.]txt";
import { getConfig } from "~/.server/config";
import { buildRobotsTxt } from "~/lib/sitemap";

/** /robots.txt: keep crawlers out of the staff area and the login page; point them to the sitemap. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = getConfig().PUBLIC_URL ?? new URL(request.url).origin;
  return new Response(buildRobotsTxt(origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
