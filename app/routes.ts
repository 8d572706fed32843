import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

/**
 * File-based routes (app/routes/, flat naming): one module per screen.
 * admin.tsx is the staff layout; every admin.* module checks the session itself.
 */
export default flatRoutes({ ignoredRouteFiles: ["**/*.test.ts", "**/*.test.tsx", "**/.*"] }) satisfies RouteConfig;
