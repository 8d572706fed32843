import { useRouteLoaderData } from "react-router";
import { ROOT_ROUTE_ID, type RootData } from "~/lib/root-data";

/**
 * The root loader's data (app/root.tsx), or undefined on an error page whose root loader failed.
 * Typed by ~/lib/root-data rather than by the root module, which imports the layout that reads it.
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
}
