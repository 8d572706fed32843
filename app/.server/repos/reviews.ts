import { DEMO_REVIEWS } from "../db/migrations";
import { moveInOrder } from "./ordering";
import { auditStaff } from "../audit";
import { writeTransaction, type Db } from "../db";
import type { ReviewRow } from "../db/types";
import type { Actor } from "../actor";

/**
 * Patient reviews of /gallery ('Avis de nos patients'; docs/product.md, "Staff: gallery and
 * reviews"): the name as the reviewer agreed to show it, a rating in half stars (stored as 2 to
 * 10 halves: 1 to 5 stars), the comment and its date. Published ones show in the staff's order.
 * The four reviews of the original product are the migration's demo rows.
 */
export interface Review {
  id: number;
  name: string;
  /** 1 to 5 in steps of 0.5 */
  rating: number;
  comment: string;
  /** YYYY-MM-DD */
  date: string;
  published: boolean;
  position: number;
}

export interface ReviewInput {
  name: string;
  /** 2 to 10: 1 to 5 stars in halves */
  ratingHalves: number;
  comment: string;
  date: string;
  published: boolean;
}

export type ReviewChange<T = object> = ({ ok: true } & T) | { ok: false; reason: "not_found" };

/** 1 star (2 halves) to 5 stars (10 halves). */
export function isRatingHalves(v: number): boolean {
  return Number.isInteger(v) && v >= 2 && v <= 10;
}

function toReview(r: Pick<ReviewRow, "id" | "name" | "rating_halves" | "comment" | "review_date" | "published" | "position">): Review {
  return {
    id: Number(r.id),
    name: r.name,
    rating: Number(r.rating_halves) / 2,
    comment: r.comment,
    date: r.review_date,
    published: Number(r.published) === 1,
    position: Number(r.position),
  };
}

/** Every review, in the order of the page. */
export async function listReviews(h: Pick<Db, "db">): Promise<Review[]> {
  const rows = await h.db.selectFrom("reviews").selectAll().orderBy("position").orderBy("id").execute();
  return rows.map(toReview);
}

/** The reviews /gallery shows. */
export async function listPublishedReviews(h: Pick<Db, "db">): Promise<Review[]> {
  const rows = await h.db.selectFrom("reviews").selectAll().where("published", "=", 1).orderBy("position").orderBy("id").execute();
  return rows.map(toReview);
}

function check(input: ReviewInput) {
  if (!isRatingHalves(input.ratingHalves)) throw new RangeError("rating_halves must be 2..10");
}

export async function createReview(h: Db, actor: Actor, input: ReviewInput, now: Date = new Date()): Promise<{ id: number }> {
  check(input);
  return writeTransaction(h, async (trx) => {
    const last = await trx.selectFrom("reviews").select((eb) => eb.fn.max("position").as("p")).executeTakeFirst();
    const at = now.toISOString();
    const row = await trx
      .insertInto("reviews")
      .values({
        name: input.name,
        rating_halves: input.ratingHalves,
        comment: input.comment,
        review_date: input.date,
        published: input.published ? 1 : 0,
        position: Number(last?.p ?? 0) + 1,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await auditStaff(trx, actor, { action: "review.create", targetType: "review", targetId: id, detail: input.published ? "publié" : "non publié" });
    return { id };
  });
}

export async function updateReview(h: Db, actor: Actor, id: number, input: ReviewInput, now: Date = new Date()): Promise<ReviewChange> {
  check(input);
  return writeTransaction(h, async (trx) => {
    const res = await trx
      .updateTable("reviews")
      .set({
        name: input.name,
        rating_halves: input.ratingHalves,
        comment: input.comment,
        review_date: input.date,
        published: input.published ? 1 : 0,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return { ok: false, reason: "not_found" } as const;
    await auditStaff(trx, actor, { action: "review.update", targetType: "review", targetId: id });
    return { ok: true };
  });
}

/** Publish or unpublish; `changed` is false when it already was (a second click, two staff at once). */
export async function setReviewPublished(h: Db, actor: Actor, id: number, published: boolean, now: Date = new Date()): Promise<ReviewChange<{ changed: boolean }>> {
  return writeTransaction(h, async (trx) => {
    const res = await trx
      .updateTable("reviews")
      .set({ published: published ? 1 : 0, updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("published", "=", published ? 0 : 1)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) {
      const exists = await trx.selectFrom("reviews").select("id").where("id", "=", id).executeTakeFirst();
      return exists ? { ok: true, changed: false } : ({ ok: false, reason: "not_found" } as const);
    }
    await auditStaff(trx, actor, { action: published ? "review.publish" : "review.unpublish", targetType: "review", targetId: id });
    return { ok: true, changed: true };
  });
}

export async function deleteReview(h: Db, actor: Actor, id: number): Promise<ReviewChange> {
  return writeTransaction(h, async (trx) => {
    const row = await trx.deleteFrom("reviews").where("id", "=", id).returning("id").executeTakeFirst();
    if (!row) return { ok: false, reason: "not_found" } as const;
    await auditStaff(trx, actor, { action: "review.delete", targetType: "review", targetId: id });
    return { ok: true };
  });
}

/** One place up or down; the order is written again as 1..n in one transaction. */
export async function moveReview(h: Db, actor: Actor, id: number, direction: "up" | "down"): Promise<ReviewChange<{ moved: boolean }>> {
  return writeTransaction(h, async (trx) => {
    let q = trx.selectFrom("reviews").select("id").orderBy("position").orderBy("id");
    if (h.engine === "postgres") q = q.forUpdate();
    const move = moveInOrder((await q.execute()).map((r) => Number(r.id)), id, direction);
    if (!move) return { ok: false, reason: "not_found" } as const;
    if (!move.order) return { ok: true, moved: false };
    for (const [k, rid] of move.order.entries()) await trx.updateTable("reviews").set({ position: k + 1 }).where("id", "=", rid).execute();
    await auditStaff(trx, actor, { action: "review.move", targetType: "review", targetId: id, detail: `Place ${move.from + 1} → ${move.to + 1}` });
    return { ok: true, moved: true };
  });
}

/** The demo's reviews still published (recognised by their name and date: DEMO_REVIEWS of the migration). */
export async function countDemoReviews(h: Pick<Db, "db">): Promise<number> {
  const rows = await h.db.selectFrom("reviews").select(["name", "review_date"]).where("published", "=", 1).execute();
  return rows.filter((r) => DEMO_REVIEWS.some((d) => d.name === r.name && d.review_date === r.review_date)).length;
}
