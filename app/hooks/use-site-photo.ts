import type { SitePhotoRef } from "~/lib/root-data";
import { useRootData } from "./use-root-data";

/**
 * The photo staff put in a picture slot of the site (app/lib/photo-slots.ts, /admin/photos), from
 * the root loader; null while the slot has none (or when the root loader failed, on an error
 * page): the slot's drawing is shown.
 */
export function useSitePhoto(slot: string): SitePhotoRef | null {
  return useRootData()?.photos?.[slot] ?? null;
}
