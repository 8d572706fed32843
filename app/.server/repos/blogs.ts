import { auditStaff } from "../audit";
import type { Actor } from "../actor";
import type { Db } from "../db";
import { nowIso, writeTransaction } from "../db";
import type { Blog } from "../db/types";

export type { Blog };

export interface BlogInput {
  title: string;
  content: string;
  image_url?: string | null;
  /** the Arabic version (both or neither; null: the article exists in French only) */
  title_ar?: string | null;
  content_ar?: string | null;
}

/** Whether an article has its Arabic version (its title and text written). */
export function hasArabicVersion(b: Pick<Blog, "title_ar" | "content_ar">): boolean {
  return Boolean(b.title_ar?.trim() && b.content_ar?.trim());
}

/** Newest first, the later insert first on a tie (docs/product.md, "Blog"). */
export async function listBlogs(h: Db): Promise<Blog[]> {
  return h.db.selectFrom("blogs").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
}

export async function getBlog(h: Db, id: number): Promise<Blog | undefined> {
  return h.db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function createBlog(h: Db, input: BlogInput, createdAt: string = nowIso()): Promise<Blog> {
  return h.db
    .insertInto("blogs")
    .values({
      title: input.title,
      content: input.content,
      image_url: input.image_url ?? null,
      title_ar: input.title_ar ?? null,
      content_ar: input.content_ar ?? null,
      created_at: createdAt,
      updated_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Returns undefined when no such post exists. */
export async function updateBlog(h: Db, id: number, input: BlogInput): Promise<Blog | undefined> {
  const values: Record<string, unknown> = { title: input.title, content: input.content, updated_at: nowIso() };
  if (input.image_url !== undefined) values.image_url = input.image_url;
  if (input.title_ar !== undefined) values.title_ar = input.title_ar;
  if (input.content_ar !== undefined) values.content_ar = input.content_ar;
  return h.db.updateTable("blogs").set(values).where("id", "=", id).returningAll().executeTakeFirst();
}

/** True when a row was deleted; the deletion and its audit entry commit together. */
export async function deleteBlog(h: Db, id: number, actor?: Actor): Promise<boolean> {
  return writeTransaction(h, async (trx) => {
    const r = await trx.deleteFrom("blogs").where("id", "=", id).returning(["id", "title"]).executeTakeFirst();
    if (!r) return false;
    if (actor) await auditStaff(trx, actor, { action: "blog.delete", targetType: "blog", targetId: id, detail: r.title.slice(0, 200) });
    return true;
  });
}

export async function countBlogs(h: Db): Promise<number> {
  const r = await h.db.selectFrom("blogs").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}
