import { route, type RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

/**
 * File-based routes (app/routes/, flat naming): one module per screen. admin.tsx is the staff
 * layout; its middleware guards every admin.* loader and action.
 *
 * A few modules are named after what they are rather than their URL, and mapped here:
 * - smile-makeover.tsx: the smile-transformation landing page, kept at /dentist (the URL the
 *   home page, the menu and the sitemap link to).
 */
const NAMED_ROUTES = [route("dentist", "routes/smile-makeover.tsx")];

export default [
  ...(await flatRoutes({ ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx", "**/.*", "**/routes/smile-makeover.tsx"] })),
  ...NAMED_ROUTES,
] satisfies RouteConfig;
