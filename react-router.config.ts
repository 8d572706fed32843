import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // Tests build to their own folder so that several builds never clobber each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Route middleware: the staff area is guarded once, by the `admin` route's middleware.
  future: { v8_middleware: true },
} satisfies Config;
