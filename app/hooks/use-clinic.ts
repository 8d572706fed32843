import { useRouteLoaderData } from "react-router";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import type { loader as rootLoader } from "~/root";

/**
 * The clinic's identity as staff saved it (/admin/clinique), from the root loader. An error page
 * whose root loader failed falls back to the demo identity rather than breaking.
 */
export function useClinic(): Clinic {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return (data?.clinic as Clinic | undefined) ?? DEMO_CLINIC;
}
