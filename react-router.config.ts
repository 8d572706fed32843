import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Tests build to their own folder so that several builds never clobber each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Route middleware: the staff area is guarded once, by the `admin` route's middleware. The
  // other flags of React Router 8, on (issue 30): loaders, actions and middleware read the page's
  // address from their `url` argument, `request.url` being the request as sent (a data request's
  // `.data`, `_routes`, `index`), and a trailing slash is kept in data requests (`/a/_.data`).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
