import { CARE_PAGES } from "~/content/care-pages";
import { CLEAN_PAGE } from "~/content/clean";
import { careSlot, HOME_PHOTO_SLOTS, SITE_PHOTO_SLOTS, type PhotoSlot } from "./photo-slots";

/**
 * Every picture slot of the public site (app/lib/photo-slots.ts), care pages included, in the
 * order of the staff screen: home, the smile landing page, /clean, the five treatments, the ten
 * needs, the doctor, the clinic rooms, the training offer. The server accepts a photo only for a
 * slot of this list.
 */
const S = SITE_PHOTO_SLOTS;

export const PHOTO_SLOTS: readonly PhotoSlot[] = [
  ...HOME_PHOTO_SLOTS,
  S["dentist.hero"],
  S["dentist.redo"],
  S["dentist.veneers"],
  careSlot(CLEAN_PAGE),
  ...CARE_PAGES.map(careSlot),
  S["doctor.portrait"],
  S["espace.room"],
  S["espace.sterilisation"],
  S["formation.hero"],
  S["formation.trainer"],
];

const BY_KEY = new Map(PHOTO_SLOTS.map((s) => [s.key, s]));

export function findPhotoSlot(key: unknown): PhotoSlot | undefined {
  return typeof key === "string" ? BY_KEY.get(key) : undefined;
}

export interface PhotoSlotGroup {
  page: PhotoSlot["page"];
  slots: PhotoSlot[];
}

/** The slots grouped by the page they appear on, pages in the list's order. */
export function groupSlotsByPage(slots: readonly PhotoSlot[] = PHOTO_SLOTS): PhotoSlotGroup[] {
  const groups = new Map<string, PhotoSlotGroup>();
  for (const s of slots) {
    const g = groups.get(s.page.path) ?? { page: s.page, slots: [] };
    g.slots.push(s);
    groups.set(s.page.path, g);
  }
  return [...groups.values()];
}
