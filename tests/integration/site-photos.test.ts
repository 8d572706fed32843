import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { resetConfig } from "~/.server/config";
import { mediaDir, purgeDueMedia } from "~/.server/media";
import { listSitePhotos, removeSitePhoto, setSitePhoto, sitePhotoMap, updateSitePhotoAlt } from "~/.server/repos/site-photos";
import type { Actor } from "~/.server/actor";
import { insertStaff } from "~/.server/repos/staff";
import { UploadError } from "~/.server/uploads";
import type { PhotoActionResult } from "~/components/admin/photos/types";
import { createLoadContext, staffContext } from "~/context";
import { PHOTO_FORM_MESSAGES } from "~/lib/photo-form";
import { findPhotoSlot, PHOTO_SLOTS } from "~/lib/photo-slot-list";
import { action } from "~/routes/admin.photos";
import { describeEachEngine } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/** docs/product.md, "Staff: photos": the slots' photos, stored by content, replaced and removed. */

const STAFF = { userId: 1, email: "dentiste@clinique.test" };
const ACTOR: Actor = { staffUserId: STAFF.userId, label: STAFF.email, ip: "198.51.100.7" };

/** A real photograph-like JPEG made here (no binary fixture): a gradient and a disc, with camera and GPS EXIF. */
async function jpeg(width: number, height: number, opts: { orientation?: number } = {}): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#0d8a94"/><stop offset="1" stop-color="#f6ecd8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#c59a4a"/></svg>`;
  let img = sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Make: "TestCam", Model: "Clinic 1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "36/1 44/1 12/1", GPSLongitudeRef: "E", GPSLongitude: "3/1 5/1 0/1" } });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return img.toBuffer();
}

const asFile = (bytes: Buffer, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => null,
    (e: unknown) => e,
  );
}

interface Answer {
  data: PhotoActionResult;
  init: { status?: number } | null;
}

async function post(fields: Record<string, string | File>): Promise<Answer> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const context = createLoadContext({ nonce: "", clientIp: "198.51.100.7" });
  context.set(staffContext, staffSession({ ...STAFF, role: "dentist", idHash: "x" }));
  return (await action({ request: new Request("http://clinic.test/admin/photos", { method: "POST", body }), params: {}, context } as never)) as unknown as Answer;
}

const files = () => (fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()).sort() : []);

it("names every slot once, with a drawing of public/media, an alt text and sizes", () => {
  const keys = PHOTO_SLOTS.map((s) => s.key);
  expect(new Set(keys).size).toBe(keys.length);
  // home (hero, 3 surgery blocks, 5 treatments), /dentist (3), 16 care pages, doctor, 2 rooms, 2 formation
  expect(keys.length).toBe(9 + 3 + 16 + 1 + 2 + 2);
  for (const s of PHOTO_SLOTS) {
    expect(s.key).toMatch(/^[a-z0-9.-]+$/);
    expect(fs.existsSync(path.join("public", s.drawing.src))).toBe(true);
    expect(s.drawing.width).toBeGreaterThan(0);
    expect(s.sizes).not.toBe("");
  }
  expect(findPhotoSlot("care.implants-dentaires")?.page).toEqual({ path: "/implants-dentaires", title: expect.any(String) });
  expect(findPhotoSlot("home.hero")?.priority).toBe(true);
  expect(findPhotoSlot("nope")).toBeUndefined();
});

describeEachEngine("site photos", { appDb: true }, (t) => {
  let uploads: string;

  beforeAll(() => {
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-site-photos-"));
    process.env.UPLOAD_DIR = uploads;
    resetConfig();
  });
  afterAll(() => {
    delete process.env.UPLOAD_DIR;
    resetConfig();
    fs.rmSync(uploads, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await insertStaff(t.h, STAFF.email, "hash-not-used");
    fs.rmSync(mediaDir(), { recursive: true, force: true });
  });

  const auditActions = async () => (await t.h.db.selectFrom("audit_log").select(["action", "detail", "staff_user_id"]).orderBy("id").execute()).map((r) => [r.action, r.detail]);

  it("stores an upload as AVIF and WebP at each width up to the original, upright, without its EXIF or GPS", async () => {
    const original = await jpeg(2000, 1200);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const { photo, replaced } = await setSitePhoto(t.h, "home.hero", asFile(original, "cabinet.jpg", "image/jpeg"), { alt: "La salle d'attente de la clinique", altAr: "قاعة الانتظار في العيادة" }, ACTOR);
    expect(replaced).toBeNull();
    expect(photo).toMatchObject({ width: 1600, height: 960, widths: [480, 960, 1600], alt: "La salle d'attente de la clinique", altAr: "قاعة الانتظار في العيادة" });
    expect(photo.id).toMatch(/^[a-f0-9]{32}$/);

    const expected = [480, 960, 1600].flatMap((w) => [`${photo.id}-${w}.avif`, `${photo.id}-${w}.webp`]).sort();
    expect(files()).toEqual(expected);
    for (const w of [480, 960, 1600]) {
      for (const ext of ["avif", "webp"] as const) {
        const meta = await sharp(path.join(mediaDir(), `${photo.id}-${w}.${ext}`)).metadata();
        expect(meta.format).toBe(ext === "avif" ? "heif" : "webp");
        expect(meta.width).toBe(w);
        expect(meta.height).toBe(Math.round((w * 1200) / 2000));
        expect(meta.exif).toBeUndefined();
      }
    }

    expect(await sitePhotoMap(t.h)).toEqual({ "home.hero": { id: photo.id, width: 1600, height: 960, widths: [480, 960, 1600], alt: "La salle d'attente de la clinique", altAr: "قاعة الانتظار في العيادة" } });
    expect(await auditActions()).toEqual([["photo.set", "home.hero"]]);
  });

  it("makes only the widths a small photo can fill, and turns a photo upright from its EXIF orientation", async () => {
    const small = await setSitePhoto(t.h, "doctor.portrait", asFile(await jpeg(600, 400), "petit.jpg", "image/jpeg"), { alt: "Portrait", altAr: null }, ACTOR);
    expect(small.photo).toMatchObject({ width: 600, height: 400, widths: [480, 600] });

    // taken sideways: stored 1000 x 700 with orientation 6 (turn 90°), shown 700 x 1000
    const sideways = await setSitePhoto(t.h, "formation.trainer", asFile(await jpeg(1000, 700, { orientation: 6 }), "portrait.jpg", "image/jpeg"), { alt: "Le formateur", altAr: null }, ACTOR);
    expect(sideways.photo).toMatchObject({ width: 700, height: 1000, widths: [480, 700] });
    const meta = await sharp(path.join(mediaDir(), `${sideways.photo.id}-700.webp`)).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([700, 1000, undefined]);
  });

  it("refuses a text file renamed .jpg by its content: nothing stored", async () => {
    const fake = asFile(Buffer.from("ceci n'est pas une photo\n".repeat(40)), "photo.jpg", "image/jpeg");
    const err = await rejection(setSitePhoto(t.h, "home.hero", fake, { alt: "Texte", altAr: null }, ACTOR));
    expect(err).toBeInstanceOf(UploadError);
    expect((err as UploadError).status).toBe(415);
    expect((err as Error).message).toBe(PHOTO_FORM_MESSAGES.photoBadType);
    expect(await t.h.db.selectFrom("media").selectAll().execute()).toEqual([]);
    expect(await listSitePhotos(t.h)).toEqual([]);
    expect(files()).toEqual([]);
  });

  it("replacing a photo marks the old one for deletion; the media job deletes its files and keeps the new ones", async () => {
    const first = await setSitePhoto(t.h, "espace.room", asFile(await jpeg(1000, 700), "a.jpg", "image/jpeg"), { alt: "Première", altAr: null }, ACTOR);
    const second = await setSitePhoto(t.h, "espace.room", asFile(await jpeg(1200, 800), "b.jpg", "image/jpeg"), { alt: "Seconde", altAr: null }, ACTOR);
    expect(second.replaced).toBe(first.photo.id);

    const old = await t.h.db.selectFrom("media").selectAll().where("id", "=", first.photo.id).executeTakeFirstOrThrow();
    expect(old.delete_after).not.toBeNull();
    expect(Date.parse(old.delete_after!)).toBeLessThanOrEqual(Date.now());
    expect((await sitePhotoMap(t.h))["espace.room"]).toMatchObject({ id: second.photo.id, alt: "Seconde" });

    expect(await purgeDueMedia(t.h)).toBe(1);
    expect(files().every((f) => f.startsWith(second.photo.id))).toBe(true);
    expect(files()).toHaveLength(second.photo.widths.length * 2);
    const purged = await t.h.db.selectFrom("media").select("deleted_at").where("id", "=", first.photo.id).executeTakeFirstOrThrow();
    expect(purged.deleted_at).not.toBeNull();
    // a second run has nothing left to do
    expect(await purgeDueMedia(t.h)).toBe(0);
    expect(await auditActions()).toEqual([
      ["photo.set", "espace.room"],
      ["photo.replace", "espace.room"],
    ]);
  });

  it("two uploads racing for one empty slot leave one photo, the other marked for deletion", async () => {
    const [a, b] = await Promise.all([
      setSitePhoto(t.h, "home.surgery.1", asFile(await jpeg(800, 600), "a.jpg", "image/jpeg"), { alt: "A", altAr: null }, ACTOR),
      setSitePhoto(t.h, "home.surgery.1", asFile(await jpeg(800, 600), "b.jpg", "image/jpeg"), { alt: "B", altAr: null }, ACTOR),
    ]);
    const rows = await t.h.db.selectFrom("site_photos").selectAll().execute();
    expect(rows).toHaveLength(1);
    const kept = rows[0].media_id;
    const lost = kept === a.photo.id ? b.photo.id : a.photo.id;
    expect([a.photo.id, b.photo.id]).toContain(kept);
    const media = await t.h.db.selectFrom("media").select(["id", "delete_after"]).execute();
    expect(media.find((m) => m.id === kept)?.delete_after).toBeNull();
    expect(media.find((m) => m.id === lost)?.delete_after).not.toBeNull();
  });

  it("removing a photo brings the drawing back at once and marks the upload for deletion; alt texts change in place", async () => {
    const { photo } = await setSitePhoto(t.h, "care.implants-dentaires", asFile(await jpeg(900, 600), "i.jpg", "image/jpeg"), { alt: "Un implant", altAr: null }, ACTOR);
    expect(await updateSitePhotoAlt(t.h, "care.implants-dentaires", { alt: "Un implant posé au cabinet", altAr: "زرعة سنية في العيادة" }, ACTOR)).toBe(true);
    expect((await sitePhotoMap(t.h))["care.implants-dentaires"]).toMatchObject({ alt: "Un implant posé au cabinet", altAr: "زرعة سنية في العيادة" });
    // the Arabic text taken away: null again (the Arabic pages read the drawing's description)
    expect(await updateSitePhotoAlt(t.h, "care.implants-dentaires", { alt: "Un implant posé au cabinet", altAr: null }, ACTOR)).toBe(true);
    expect((await sitePhotoMap(t.h))["care.implants-dentaires"].altAr).toBeNull();

    expect(await removeSitePhoto(t.h, "care.implants-dentaires", ACTOR)).toBe(true);
    expect(await sitePhotoMap(t.h)).toEqual({});
    const m = await t.h.db.selectFrom("media").select("delete_after").where("id", "=", photo.id).executeTakeFirstOrThrow();
    expect(m.delete_after).not.toBeNull();
    // already gone: nothing to remove, no alt text to change
    expect(await removeSitePhoto(t.h, "care.implants-dentaires", ACTOR)).toBe(false);
    expect(await updateSitePhotoAlt(t.h, "care.implants-dentaires", { alt: "x", altAr: null }, ACTOR)).toBe(false);
    expect(await auditActions()).toEqual([
      ["photo.set", "care.implants-dentaires"],
      ["photo.alt", "care.implants-dentaires"],
      ["photo.alt", "care.implants-dentaires"],
      ["photo.remove", "care.implants-dentaires"],
    ]);
  });

  it("a slot whose upload's files were deleted shows the drawing", async () => {
    const { photo } = await setSitePhoto(t.h, "home.hero", asFile(await jpeg(700, 500), "h.jpg", "image/jpeg"), { alt: "Accueil", altAr: null }, ACTOR);
    await t.h.db.updateTable("media").set({ delete_after: new Date(Date.now() - 1000).toISOString() }).where("id", "=", photo.id).execute();
    await purgeDueMedia(t.h);
    expect(await sitePhotoMap(t.h)).toEqual({});
  });

  it("the screen's action: a missing alt text is said beside its field, a refused file beside the file field, the alt text typed kept", async () => {
    const photo = asFile(await jpeg(800, 600), "p.jpg", "image/jpeg");
    const noAlt = await post({ intent: "upload", slot: "home.hero", alt: "  ", photo });
    expect(noAlt.init?.status).toBe(400);
    expect(noAlt.data).toMatchObject({ intent: "upload", slot: "home.hero", ok: false });
    expect(noAlt.data.reply?.error?.alt).toEqual([PHOTO_FORM_MESSAGES.altMissing]);

    const fake = asFile(Buffer.from("%PDF-1.4 pas une image"), "photo.jpg", "image/jpeg");
    const refused = await post({ intent: "upload", slot: "home.hero", alt: "La façade", photo: fake });
    expect(refused.init?.status).toBe(415);
    expect(refused.data.reply?.error?.photo).toEqual([PHOTO_FORM_MESSAGES.photoBadType]);
    expect(refused.data.reply?.initialValue).toMatchObject({ alt: "La façade" });

    const unknown = await post({ intent: "upload", slot: "home.nowhere", alt: "x", photo });
    expect(unknown.init?.status).toBe(400);
    expect(await listSitePhotos(t.h)).toEqual([]);

    const stored = await post({ intent: "upload", slot: "home.hero", alt: "La façade de la clinique", photo });
    expect(stored.init?.status).toBe(200);
    expect(stored.data).toMatchObject({ intent: "upload", slot: "home.hero", ok: true, toast: { type: "success" } });
    expect((await sitePhotoMap(t.h))["home.hero"].alt).toBe("La façade de la clinique");

    const removed = await post({ intent: "remove", slot: "home.hero" });
    expect(removed.data).toMatchObject({ intent: "remove", ok: true });
    const again = await post({ intent: "remove", slot: "home.hero" });
    expect(again.init?.status).toBe(404);
    expect(await post({ intent: "nope" })).toMatchObject({ init: { status: 400 } });
  });
});
