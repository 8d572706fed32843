import { useRouteLoaderData } from "react-router";
import type { MediaRef } from "~/lib/media";
import type { loader as rootLoader } from "~/root";

export type SitePhotoRef = MediaRef & { alt: string };

/**
 * The photo staff put in a picture slot of the site (app/lib/photo-slots.ts, /admin/photos), from
 * the root loader; null while the slot has none (or when the root loader failed, on an error
 * page): the slot's drawing is shown.
 */
export function useSitePhoto(slot: string): SitePhotoRef | null {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  const photos = data?.photos as Record<string, SitePhotoRef> | undefined;
  return photos?.[slot] ?? null;
}
