import { useSitePhoto } from "~/hooks/use-site-photo";
import type { PhotoSlot } from "~/lib/photo-slots";
import { Photo, type Drawing, type PhotoProps } from "./Photo";

/**
 * One picture slot of the site (app/lib/photo-slots.ts): the photo staff uploaded for it
 * (/admin/photos), or the slot's drawing. `drawing` overrides the slot's drawing (an alt text
 * naming the doctor from the clinic's identity).
 */
export function SlotPhoto({ slot, drawing, ...rest }: { slot: PhotoSlot; drawing?: Drawing } & Omit<PhotoProps, "photo" | "drawing" | "sizes" | "priority" | "slot">) {
  const photo = useSitePhoto(slot.key);
  return <Photo photo={photo} drawing={drawing ?? slot.drawing} sizes={slot.sizes} priority={slot.priority} {...rest} />;
}
