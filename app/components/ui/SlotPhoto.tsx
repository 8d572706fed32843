import { useSitePhoto } from "~/hooks/use-site-photo";
import { useLocale } from "~/hooks/use-locale";
import type { PhotoSlot } from "~/lib/photo-slots";
import { Photo, type Drawing, type PhotoProps } from "./Photo";

/**
 * One picture slot of the site (app/lib/photo-slots.ts): the photo staff uploaded for it
 * (/admin/photos), or the slot's drawing. `drawing` overrides the slot's drawing (an alt text
 * naming the doctor from the clinic's identity; on an Arabic page, the drawing described in Arabic).
 * On an Arabic page a photo reads the Arabic text staff wrote for it, else the drawing's
 * description in the page's language: never the French text under dir=rtl.
 */
export function SlotPhoto({ slot, drawing, ...rest }: { slot: PhotoSlot; drawing?: Drawing } & Omit<PhotoProps, "photo" | "drawing" | "sizes" | "priority" | "slot">) {
  const stored = useSitePhoto(slot.key);
  const locale = useLocale();
  const shown = drawing ?? slot.drawing;
  const photo = stored && locale === "ar" ? { ...stored, alt: stored.altAr || shown.alt } : stored;
  return <Photo photo={photo} drawing={shown} sizes={slot.sizes} priority={slot.priority} {...rest} />;
}
