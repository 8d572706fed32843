import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfig } from "~/.server/config";
import { writeTransaction } from "~/.server/db";
import { openDb, type Db } from "~/.server/db/connection";
import { purgeDueMedia, saveMedia } from "~/.server/media";
import type { Actor } from "~/.server/actor";
import {
  createCase,
  deleteCase,
  getCase,
  listCases,
  listPublicCases,
  moveCase,
  setPhotoDeletionDays,
  updateCase,
  withdrawConsent,
  type CaseInput,
} from "~/.server/repos/gallery";
import { linkPatient } from "~/.server/repos/patients";
import { erasePatient } from "~/.server/repos/patient-erasure";
import { createReview, deleteReview, listPublishedReviews, listReviews, moveReview, setReviewPublished, updateReview } from "~/.server/repos/reviews";
import { insertStaff } from "~/.server/repos/staff";
import { GALLERY_MESSAGES, type GalleryActionResult, RATING_CHOICES, reviewSchema } from "~/lib/gallery-form";
import { createLoadContext, staffContext } from "~/context";
import { action } from "~/routes/admin.galerie";
import { describeEachEngine, TEST_DATABASE_URL } from "../helpers/db";
import { staffSession } from "../helpers/staff";

/**
 * The before/after gallery and the reviews (docs/product.md, "Staff: gallery and reviews";
 * docs/architecture.md, "Consent") on both engines: a case is public while its consent stands,
 * withdrawing hides it at once and schedules its photos for deletion after the delay, the media
 * job deletes the files then, erasing the patient withdraws the case, two withdrawals at once
 * make one, and the reviews with their rating in half stars.
 */
const NOW = new Date("2026-03-10T09:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

let dir: string;
let uploads: string;
beforeAll(() => {
  uploads = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-gallery-"));
  dir = path.join(uploads, "media");
  process.env.UPLOAD_DIR = uploads;
  resetConfig();
});
afterAll(() => {
  delete process.env.UPLOAD_DIR;
  resetConfig();
  fs.rmSync(uploads, { recursive: true, force: true });
});

async function photo(colour: string, name = "photo.png"): Promise<File> {
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).png().toBuffer();
  return new File([new Uint8Array(png)], name, { type: "image/png" });
}

const filesOf = (id: string) => fs.readdirSync(dir).filter((f) => f.startsWith(id));

const INPUT: CaseInput = {
  treatment: "Esthétique dentaire",
  description: "Facettes en céramique sur les incisives.",
  beforeAlt: "Avant : incisives ébréchées",
  afterAlt: "Après : incisives harmonisées",
  ar: { description: null, beforeAlt: null, afterAlt: null },
  consentDate: "2026-03-01",
  consentScope: "site",
  patientId: null,
};

describeEachEngine("before/after gallery", (t) => {
  let actor: Actor;
  beforeEach(async () => {
    const staff = await insertStaff(t.h, "dentiste@clinique.test", "hash-not-used", "dentist");
    actor = { staffUserId: Number(staff.id), label: staff.email, ip: "198.51.100.7" };
  });

  async function newCase(input: Partial<CaseInput> = {}) {
    const before = await saveMedia(t.h.db, await photo("#c9a24a"), dir);
    const after = await saveMedia(t.h.db, await photo("#f4f4f4"), dir);
    const outcome = await createCase(t.h, actor, { ...INPUT, ...input }, { before, after }, NOW);
    if (!outcome.ok) throw new Error(outcome.reason);
    return { id: outcome.id, before, after };
  }

  const audits = (action: string) => t.h.db.selectFrom("audit_log").selectAll().where("action", "=", action).execute();

  it("a new case is public at once, with both photos, and its creation is audited", async () => {
    const c = await newCase();
    const pub = await listPublicCases(t.h);
    expect(pub).toHaveLength(1);
    expect(pub[0]).toMatchObject({ id: c.id, treatment: INPUT.treatment, before: { id: c.before.id, alt: INPUT.beforeAlt }, after: { id: c.after.id, alt: INPUT.afterAlt } });
    expect(pub[0].ar).toEqual({ description: null, beforeAlt: null, afterAlt: null });
    expect(pub[0]).not.toHaveProperty("patient");
    expect(filesOf(c.before.id).length).toBeGreaterThan(0);
    const [entry] = await audits("gallery.case.create");
    expect(entry).toMatchObject({ target_type: "gallery_case", target_id: String(c.id), actor: "dentiste@clinique.test" });
  });

  it("withdrawing consent hides the case at once; its photos are deleted after the delay, by the media job", async () => {
    await setPhotoDeletionDays(t.h, actor, 10);
    const c = await newCase();
    const outcome = await withdrawConsent(t.h, actor, c.id, NOW);
    const deleteAt = new Date(NOW.getTime() + 10 * DAY).toISOString();
    expect(outcome).toEqual({ ok: true, deleteAt });
    expect(await listPublicCases(t.h)).toEqual([]);
    const media = await t.h.db.selectFrom("media").select(["id", "delete_after", "deleted_at"]).where("id", "in", [c.before.id, c.after.id]).execute();
    expect(media.map((m) => m.delete_after)).toEqual([deleteAt, deleteAt]);

    // the day before: the files stay
    expect(await purgeDueMedia(t.h, new Date(NOW.getTime() + 9 * DAY), dir)).toBe(0);
    expect(filesOf(c.before.id).length).toBeGreaterThan(0);
    // at the time: both uploads' files go, the rows say when
    expect(await purgeDueMedia(t.h, new Date(deleteAt), dir)).toBe(2);
    expect(filesOf(c.before.id)).toEqual([]);
    expect(filesOf(c.after.id)).toEqual([]);
    const staff = await getCase(t.h, c.id);
    expect(staff).toMatchObject({ withdrawnAt: NOW.toISOString(), photosDeleteAt: deleteAt, photosDeleted: true, before: null, after: null });
    // a withdrawn case is not edited
    expect(await updateCase(t.h, actor, c.id, INPUT, {})).toEqual({ ok: false, reason: "withdrawn" });
  });

  it("replacing a photo schedules the old one for deletion now; deleting a case deletes its photos now", async () => {
    const c = await newCase();
    const fresh = await saveMedia(t.h.db, await photo("#ffffff"), dir);
    const ar = { description: "قشور خزفية على القواطع.", beforeAlt: "قبل: قواطع مكسورة", afterAlt: "بعد: قواطع متناسقة" };
    expect(await updateCase(t.h, actor, c.id, { ...INPUT, description: "Nouveau texte.", ar }, { before: fresh }, NOW)).toEqual({ ok: true });
    const [pub] = await listPublicCases(t.h);
    expect(pub).toMatchObject({ description: "Nouveau texte.", ar, before: { id: fresh.id }, after: { id: c.after.id } });
    const old = await t.h.db.selectFrom("media").select("delete_after").where("id", "=", c.before.id).executeTakeFirstOrThrow();
    expect(old.delete_after).toBe(NOW.toISOString());

    expect(await deleteCase(t.h, actor, c.id, NOW)).toEqual({ ok: true });
    expect(await getCase(t.h, c.id)).toBeUndefined();
    expect(await purgeDueMedia(t.h, NOW, dir)).toBe(3);
    expect(await deleteCase(t.h, actor, c.id, NOW)).toEqual({ ok: false, reason: "not_found" });
  });

  it("a photo that is gone hides the case even with its consent standing", async () => {
    const c = await newCase();
    await t.h.db.updateTable("media").set({ deleted_at: NOW.toISOString() }).where("id", "=", c.after.id).execute();
    expect(await listPublicCases(t.h)).toEqual([]);
  });

  it("erasing the linked patient withdraws the case in the same transaction and deletes its photos now", async () => {
    const patientId = (await writeTransaction(t.h, (trx) => linkPatient(trx, { name: "Nadia Cherif", phone: "0662 10 20 30", email: null })))!;
    const c = await newCase({ patientId });
    const other = await newCase();
    expect((await listCases(t.h)).find((x) => x.id === c.id)?.patient).toEqual({ id: patientId, name: "Nadia Cherif", erased: false });
    expect(await erasePatient(t.h, patientId, actor, NOW)).toMatchObject({ ok: true });
    const after = await getCase(t.h, c.id);
    expect(after?.withdrawnAt).toBe(NOW.toISOString());
    expect((await listPublicCases(t.h)).map((x) => x.id)).toEqual([other.id]);
    const media = await t.h.db.selectFrom("media").select("delete_after").where("id", "in", [c.before.id, c.after.id]).execute();
    expect(media.map((m) => m.delete_after)).toEqual([NOW.toISOString(), NOW.toISOString()]);
    // the erased record can no longer be linked
    expect(await createCase(t.h, actor, { ...INPUT, patientId }, { before: other.before, after: other.after })).toEqual({ ok: false, reason: "no_patient" });
  });

  it("two withdrawals at once: one withdraws and is audited, the other finds it done", async () => {
    // PostgreSQL: the second through another pool, as two app servers would
    let second: Db | undefined;
    if (t.engine === "postgres") {
      const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.h.db)).rows[0].name;
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      second = openDb({ kind: "postgres", url: url.toString() });
    }
    try {
      const c = await newCase();
      const outcomes = await Promise.all([withdrawConsent(t.h, actor, c.id, NOW), withdrawConsent(second ?? t.h, actor, c.id, new Date(NOW.getTime() + 1000))]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      expect(outcomes.filter((o) => !o.ok)).toEqual([{ ok: false, reason: "already" }]);
      expect(await audits("gallery.case.withdraw")).toHaveLength(1);
      expect(await withdrawConsent(t.h, actor, 999999, NOW)).toEqual({ ok: false, reason: "not_found" });
    } finally {
      await second?.close();
    }
  });

  it("moves a case among the published ones", async () => {
    const a = await newCase({ treatment: "Implants dentaires" });
    const b = await newCase({ treatment: "Blanchiment professionnel" });
    const c = await newCase({ treatment: "Orthodontie invisible" });
    expect(await moveCase(t.h, actor, c.id, "up")).toEqual({ ok: true, moved: true });
    expect((await listPublicCases(t.h)).map((x) => x.id)).toEqual([a.id, c.id, b.id]);
    expect(await moveCase(t.h, actor, a.id, "up")).toEqual({ ok: true, moved: false });
    await withdrawConsent(t.h, actor, b.id, NOW);
    expect(await moveCase(t.h, actor, b.id, "up")).toEqual({ ok: false, reason: "not_found" });
  });

  it("the delay is 0 to 365 days, checked by the database too", async () => {
    expect(await setPhotoDeletionDays(t.h, actor, 0)).toBe(true);
    expect(await setPhotoDeletionDays(t.h, actor, 0)).toBe(false);
    await expect(setPhotoDeletionDays(t.h, actor, 366)).rejects.toThrow();
    expect(await audits("gallery.settings")).toHaveLength(1);
  });
});

describeEachEngine("patient reviews", (t) => {
  let actor: Actor;
  beforeEach(async () => {
    const staff = await insertStaff(t.h, "admin@clinique.test", "hash-not-used", "admin");
    actor = { staffUserId: Number(staff.id), label: staff.email };
  });

  it("starts with the product's four demo reviews, published in order", async () => {
    const reviews = await listPublishedReviews(t.h);
    expect(reviews.map((r) => [r.name, r.rating])).toEqual([
      ["Amina B.", 5],
      ["Karim L.", 4.5],
      ["Samira H.", 4],
      ["Yacine M.", 4.5],
    ]);
  });

  it("adds, edits, unpublishes, moves and deletes a review, each audited", async () => {
    const { id } = await createReview(t.h, actor, { name: "Leïla K.", ratingHalves: 9, comment: "Très bonne prise en charge.", date: "2026-03-01", published: true });
    let mine = (await listPublishedReviews(t.h)).at(-1);
    expect(mine).toMatchObject({ id, name: "Leïla K.", rating: 4.5, date: "2026-03-01", published: true, position: 5 });

    expect(await updateReview(t.h, actor, id, { name: "Leïla K.", ratingHalves: 3, comment: "Correct.", date: "2026-03-02", published: true })).toEqual({ ok: true });
    mine = (await listReviews(t.h)).find((r) => r.id === id);
    expect(mine).toMatchObject({ rating: 1.5, comment: "Correct.", date: "2026-03-02" });

    expect(await setReviewPublished(t.h, actor, id, false)).toEqual({ ok: true, changed: true });
    expect(await setReviewPublished(t.h, actor, id, false)).toEqual({ ok: true, changed: false });
    expect((await listPublishedReviews(t.h)).map((r) => r.id)).not.toContain(id);

    expect(await moveReview(t.h, actor, id, "up")).toEqual({ ok: true, moved: true });
    expect((await listReviews(t.h)).map((r) => r.name)).toEqual(["Amina B.", "Karim L.", "Samira H.", "Leïla K.", "Yacine M."]);

    expect(await deleteReview(t.h, actor, id)).toEqual({ ok: true });
    expect(await deleteReview(t.h, actor, id)).toEqual({ ok: false, reason: "not_found" });
    expect(await updateReview(t.h, actor, id, { name: "x", ratingHalves: 4, comment: "x", date: "2026-03-02", published: true })).toEqual({ ok: false, reason: "not_found" });

    const actions = (await t.h.db.selectFrom("audit_log").select("action").where("target_type", "=", "review").orderBy("id").execute()).map((r) => r.action);
    expect(actions).toEqual(["review.create", "review.update", "review.unpublish", "review.move", "review.delete"]);
  });

  it("a rating is 1 to 5 in half stars: the form, the repository and the database refuse anything else", async () => {
    const base = { name: "Test", comment: "Un avis.", date: "2026-03-01" };
    expect(RATING_CHOICES.map((c) => c.value)).toEqual(["1", "1.5", "2", "2.5", "3", "3.5", "4", "4.5", "5"]);
    expect(reviewSchema.safeParse({ ...base, rating: "4.5" })).toMatchObject({ success: true, data: { rating: 9 } });
    for (const bad of ["0", "0.5", "4.3", "5.5", "6", "", "cinq"]) {
      const r = reviewSchema.safeParse({ ...base, rating: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(GALLERY_MESSAGES.rating);
    }
    for (const halves of [0, 1, 11, 4.5]) {
      await expect(createReview(t.h, actor, { ...base, ratingHalves: halves, published: true })).rejects.toThrow(RangeError);
    }
    await expect(t.h.db.insertInto("reviews").values({ name: "x", rating_halves: 11, comment: "x", review_date: "2026-03-01", created_at: "x", updated_at: "x" }).execute()).rejects.toThrow();
  });
});

type Answer = { data: GalleryActionResult; init: { status?: number } | null };

describeEachEngine("gallery screen action", { appDb: true }, (t) => {
  beforeEach(async () => {
    await insertStaff(t.h, "dentiste@clinique.test", "hash-not-used", "dentist");
  });

  async function post(fields: Record<string, string | File>): Promise<Answer | Response> {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const context = createLoadContext({ nonce: "", clientIp: "198.51.100.7" });
    context.set(staffContext, staffSession({ userId: 1, email: "dentiste@clinique.test", role: "dentist" }));
    return (await action({ request: new Request("http://clinic.test/admin/galerie", { method: "POST", body }), params: {}, context } as never)) as unknown as Answer | Response;
  }

  const errorsOf = (r: Answer | Response) => Object.fromEntries(Object.entries((r as Answer).data.result?.error ?? {}).map(([k, v]) => [k, v?.[0]]));

  it("refuses a case without alt texts or with a consent date in the future, in French beside the fields, and stores nothing", async () => {
    const r = (await post({
      intent: "case-save",
      treatment: "Esthétique dentaire",
      description: "Un texte.",
      before: await photo("#c9a24a"),
      after: await photo("#ffffff"),
      before_alt: "",
      after_alt: "Après",
      consent_date: "2099-01-01",
      consent_scope: "site",
    })) as Answer;
    expect(r.init?.status).toBe(400);
    expect(errorsOf(r)).toMatchObject({ before_alt: GALLERY_MESSAGES.beforeAltMissing, consent_date: GALLERY_MESSAGES.consentDateFuture });
    expect(r.data.result?.initialValue).toMatchObject({ description: "Un texte.", after_alt: "Après" });
    expect(await t.h.db.selectFrom("gallery_cases").select("id").execute()).toEqual([]);
    expect(await t.h.db.selectFrom("media").select("id").execute()).toEqual([]);
  });

  it("a file that is no picture is refused beside its field; a good case is stored and redirects", async () => {
    const fields = {
      intent: "case-save",
      treatment: "Esthétique dentaire",
      description: "Un texte.",
      before_alt: "Avant",
      after_alt: "Après",
      consent_date: "2026-01-05",
      consent_scope: "site_social",
    };
    const bad = (await post({ ...fields, before: new File([new Uint8Array([1, 2, 3, 4])], "x.png", { type: "image/png" }), after: await photo("#ffffff") })) as Answer;
    expect(bad.init?.status).toBe(400);
    expect(errorsOf(bad).before).toBeTruthy();
    expect(await t.h.db.selectFrom("gallery_cases").select("id").execute()).toEqual([]);

    const ok = await post({ ...fields, before: await photo("#c9a24a"), after: await photo("#ffffff") });
    expect(ok).toBeInstanceOf(Response);
    expect((ok as Response).status).toBe(302);
    const [row] = await t.h.db.selectFrom("gallery_cases").selectAll().execute();
    expect(row).toMatchObject({ consent_scope: "site_social", consent_date: "2026-01-05", before_alt: "Avant", patient_id: null });
  });

  it("the patient search is posted and answers names with their record number", async () => {
    const pid = await writeTransaction(t.h, (trx) => linkPatient(trx, { name: "Nadia Cherif", phone: "0662 10 20 30", email: null }));
    const r = (await post({ intent: "patient-search", q: "cherif" })) as Answer;
    expect(r.data.patients).toEqual([{ id: pid, name: "Nadia Cherif", detail: `Dossier n° ${pid} · 0 rendez-vous` }]);
    const short = (await post({ intent: "patient-search", q: "n" })) as Answer;
    expect(short.data.patients).toEqual([]);
    expect(short.data.message).toMatch(/au moins deux lettres/);
  });
});

describe("gallery-form", () => {
  it("an empty new case gets every message at once, the two photos included; an edited case keeps its photos", async () => {
    const { caseSchema } = await import("~/lib/gallery-form");
    const r = caseSchema.safeParse({});
    expect(Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]))).toMatchObject({
      treatment: GALLERY_MESSAGES.treatment,
      description: GALLERY_MESSAGES.textMissing,
      before_alt: GALLERY_MESSAGES.beforeAltMissing,
      consent_date: GALLERY_MESSAGES.consentDateMissing,
      before: GALLERY_MESSAGES.beforeMissing,
      after: GALLERY_MESSAGES.afterMissing,
    });
    const edited = { id: 3, treatment: "Implants dentaires", description: "Un texte.", before_alt: "Avant", after_alt: "Après", consent_date: "2026-01-01", consent_scope: "site" };
    expect(caseSchema.safeParse(edited).success).toBe(true);
    expect(caseSchema.safeParse({ ...edited, treatment: "Traitement inventé" }).success).toBe(false);
  });
});
