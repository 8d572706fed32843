import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import { useRootData } from "./use-root-data";

/**
 * The clinic's identity as staff saved it (/admin/clinique), from the root loader. An error page
 * whose root loader failed falls back to the demo identity rather than breaking.
 */
export function useClinic(): Clinic {
  return useRootData()?.clinic ?? DEMO_CLINIC;
}
