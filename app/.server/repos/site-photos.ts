import type { MediaRef } from "~/lib/media";
import { auditStaff } from "../audit";
import { nowIso, writeTransaction, type Db } from "../db";
import { saveMedia, scheduleMediaDeletion, toMediaRef } from "../media";
import type { Actor } from "../actor";

/**
 * The photos staff put in the picture slots of the site (docs/product.md, "Staff: photos";
 * slots in app/lib/photo-slots.ts). One row per slot that has a photo; a slot without a row, or
 * whose upload's files were deleted, shows its drawing. A replaced or removed photo is marked for
 * deletion at once: the media job (purgeDueMedia) deletes its files within the minute.
 */
/** `altAr`: the Arabic alternative text, null until staff write it (an Arabic page then reads the drawing's). */
export type SitePhoto = MediaRef & { alt: string; altAr: string | null };

/** What staff write about a photo: its alternative text in French, and in Arabic (optional). */
export interface PhotoAlts {
  alt: string;
  altAr: string | null;
}

export interface SitePhotoEntry {
  slot: string;
  alt: string;
  updatedAt: string;
  photo: SitePhoto;
}

/** Every slot's photo, uploads already deleted left out. */
export async function listSitePhotos(h: Db): Promise<SitePhotoEntry[]> {
  const rows = await h.db
    .selectFrom("site_photos as p")
    .innerJoin("media as m", "m.id", "p.media_id")
    .select(["p.slot", "p.alt", "p.alt_ar", "p.updated_at", "m.id", "m.width", "m.height", "m.widths"])
    .where("m.deleted_at", "is", null)
    .orderBy("p.slot")
    .execute();
  return rows.map((r) => ({ slot: r.slot, alt: r.alt, updatedAt: r.updated_at, photo: { ...toMediaRef(r), alt: r.alt, altAr: r.alt_ar ?? null } }));
}

/** slot → photo, what every page reads from the root loader. */
export async function sitePhotoMap(h: Db): Promise<Record<string, SitePhoto>> {
  const out: Record<string, SitePhoto> = {};
  for (const e of await listSitePhotos(h)) out[e.slot] = e.photo;
  return out;
}

/**
 * Put a new photo in `slot`: the file is checked and re-encoded first (its files and media row
 * are written before the transaction; an UploadError is thrown for a refused file), then the slot
 * points at it, the photo it replaces is marked for deletion and the entry is audited, all in one
 * transaction. Two uploads racing for one slot each mark the other's photo: none is left behind.
 */
export async function setSitePhoto(h: Db, slot: string, file: File, { alt, altAr }: PhotoAlts, actor: Actor): Promise<{ photo: SitePhoto; replaced: string | null }> {
  const ref = await saveMedia(h.db, file);
  try {
    const replaced = await writeTransaction(h, async (trx) => {
      const now = nowIso();
      for (let attempt = 0; attempt < 5; attempt++) {
        let q = trx.selectFrom("site_photos").select("media_id").where("slot", "=", slot);
        if (h.engine === "postgres") q = q.forUpdate();
        const current = await q.executeTakeFirst();
        if (current) {
          const r = await trx
            .updateTable("site_photos")
            .set({ media_id: ref.id, alt, alt_ar: altAr, updated_at: now })
            .where("slot", "=", slot)
            .where("media_id", "=", current.media_id)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) continue;
        } else {
          const r = await trx
            .insertInto("site_photos")
            .values({ slot, media_id: ref.id, alt, alt_ar: altAr, updated_at: now })
            .onConflict((oc) => oc.column("slot").doNothing())
            .returning("slot")
            .executeTakeFirst();
          // another upload created the row meanwhile: read it again and replace it
          if (!r) continue;
        }
        const old = current?.media_id ?? null;
        await scheduleMediaDeletion(trx, [old]);
        await auditStaff(trx, actor, { action: old ? "photo.replace" : "photo.set", targetType: "photo", targetId: slot, detail: slot });
        return old;
      }
      throw new Error("site photo slot kept changing");
    });
    return { photo: { ...ref, alt, altAr }, replaced };
  } catch (err) {
    // the new upload is referenced by nothing: its files go with the next media job
    await scheduleMediaDeletion(h.db, [ref.id]).catch(() => undefined);
    throw err;
  }
}

/** Change the alt texts of the slot's photo; false when the slot has no photo (any more). */
export async function updateSitePhotoAlt(h: Db, slot: string, { alt, altAr }: PhotoAlts, actor: Actor): Promise<boolean> {
  return writeTransaction(h, async (trx) => {
    const r = await trx.updateTable("site_photos").set({ alt, alt_ar: altAr, updated_at: nowIso() }).where("slot", "=", slot).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await auditStaff(trx, actor, { action: "photo.alt", targetType: "photo", targetId: slot, detail: slot });
    return true;
  });
}

/** Remove the slot's photo (the drawing shows again at once); false when it had none. */
export async function removeSitePhoto(h: Db, slot: string, actor: Actor): Promise<boolean> {
  return writeTransaction(h, async (trx) => {
    const r = await trx.deleteFrom("site_photos").where("slot", "=", slot).returning("media_id").executeTakeFirst();
    if (!r) return false;
    await scheduleMediaDeletion(trx, [r.media_id]);
    await auditStaff(trx, actor, { action: "photo.remove", targetType: "photo", targetId: slot, detail: slot });
    return true;
  });
}

/** Which of these slots hold a photo. */
export async function filledSlots(h: Pick<Db, "db">, slots: readonly string[]): Promise<string[]> {
  if (!slots.length) return [];
  const rows = await h.db.selectFrom("site_photos").select("slot").where("slot", "in", [...slots]).execute();
  return rows.map((r) => r.slot);
}
