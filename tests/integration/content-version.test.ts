import pg from "pg";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import {
  contentVersion,
  refreshContentVersion,
} from "~/.server/content-version";
import {
  CONTENT_CHANNEL,
  PRIVATE_TABLES,
  PUBLIC_CONTENT_TABLES,
} from "~/.server/db/migrations";
import { createBlog, deleteBlog, updateBlog } from "~/.server/repos/blogs";
import { enroll } from "~/.server/repos/enrollments";
import { createFormation } from "~/.server/repos/formations";
import {
  addException,
  loadWeeklyHours,
  saveWeeklyHours,
} from "~/.server/repos/schedule";
import { createAppointment } from "~/.server/repos/appointments";
import { nextClinicMidnight, pageCacheKey } from "~/.server/page-cache";
import { describeEachEngine, TEST_DATABASE_URL } from "../helpers/db";
import type { Db } from "~/.server/db";

/**
 * The content version of the page cache (docs/architecture.md, "Page cache"): the database raises
 * it, by trigger, at every committed change to a table that a public page shows, and only then.
 */
async function stored(h: Db): Promise<number> {
  const row = await h.db
    .selectFrom("content_version")
    .select("version")
    .where("id", "=", 1)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

const formationInput = {
  title: "Implantologie",
  description: "D",
  duration_months: 6,
  max_participants: 10,
  price: 35_000_000,
  is_active: true,
  syllabus: null,
};

describeEachEngine("content version", (t) => {
  it("classes every table of the schema as public content or private, never both", async () => {
    const tables = (await t.h.db.introspection.getTables())
      .filter((x) => !x.isView)
      .map((x) => x.name);
    const pub = new Set<string>(PUBLIC_CONTENT_TABLES);
    const priv = new Set<string>(PRIVATE_TABLES);
    expect(tables.filter((n) => !pub.has(n) && !priv.has(n))).toEqual([]);
    expect([...pub].filter((n) => priv.has(n))).toEqual([]);
    expect([...pub].filter((n) => !tables.includes(n))).toEqual([]);
  });

  it("has a trigger on every public table for inserts, updates and deletes", async () => {
    if (t.h.engine === "postgres") {
      const r = await sql<{ table: string; n: number }>`
        select c.relname as table, count(*)::int as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where g.tgname like 'content_bump_%' and not g.tgisinternal group by c.relname`.execute(
        t.h.db,
      );
      expect(Object.fromEntries(r.rows.map((x) => [x.table, x.n]))).toEqual(
        Object.fromEntries(PUBLIC_CONTENT_TABLES.map((n) => [n, 1])),
      );
    } else {
      const r = await sql<{
        tbl_name: string;
        name: string;
      }>`select tbl_name, name from sqlite_master where type = 'trigger' and name like 'content_bump_%'`.execute(
        t.h.db,
      );
      for (const table of PUBLIC_CONTENT_TABLES) {
        expect(
          r.rows
            .filter((x) => x.tbl_name === table)
            .map((x) => x.name)
            .sort(),
        ).toEqual([
          `content_bump_${table}_delete`,
          `content_bump_${table}_insert`,
          `content_bump_${table}_update`,
        ]);
      }
    }
  });

  it("rises with each committed change a public page shows: a post, a formation, an enrolment, the hours, a closure", async () => {
    const seen = [await stored(t.h)];
    const step = async (change: () => Promise<unknown>) => {
      await change();
      const v = await stored(t.h);
      expect(v).toBeGreaterThan(seen[seen.length - 1]);
      seen.push(v);
    };
    let blogId = 0;
    await step(
      async () =>
        (blogId = (
          await createBlog(t.h, { title: "Nouvel article", content: "Texte" })
        ).id),
    );
    await step(() =>
      updateBlog(t.h, blogId, { title: "Titre corrigé", content: "Texte" }),
    );
    await step(() => deleteBlog(t.h, blogId));
    let formationId = 0;
    await step(
      async () =>
        (formationId = (await createFormation(t.h, formationInput)).id),
    );
    await step(() =>
      enroll(t.h, {
        formation_id: formationId,
        user_name: "Nom",
        user_surname: "Prénom",
        email: "p@exemple.dz",
        phone: "0550 12 34 56",
      }),
    );
    const weekly = await loadWeeklyHours(t.h);
    await step(() => saveWeeklyHours(t.h, { ...weekly, 6: [] }));
    await step(() =>
      addException(t.h, {
        startDate: "2027-01-01",
        endDate: "2027-01-01",
        label: "Nouvel an",
        ranges: [],
      }),
    );
  });

  it("stays the same for a change no public page shows (an appointment), and for a change rolled back", async () => {
    const before = await stored(t.h);
    await createAppointment(t.h, {
      name: "Patient Test",
      email: "p@exemple.dz",
      phone: "0550 12 34 56",
      service: "Orthodontie",
      date: "2027-03-04",
      time: "10:00",
      message: null,
    });
    expect(await stored(t.h)).toBe(before);
    await expect(
      t.h.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("blogs")
          .values({
            title: "Annulé",
            content: "x",
            image_url: null,
            created_at: new Date().toISOString(),
            updated_at: null,
          })
          .execute();
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await stored(t.h)).toBe(before);
  });

  it("is what contentVersion answers: read from the file at each ask (SQLite), or after a refresh (PostgreSQL)", async () => {
    await refreshContentVersion(t.h);
    expect(contentVersion(t.h)).toBe(await stored(t.h));
    await createBlog(t.h, { title: "Encore un article", content: "Texte" });
    if (t.h.engine === "sqlite")
      expect(contentVersion(t.h)).toBe(await stored(t.h));
    else {
      expect(contentVersion(t.h)).toBe((await stored(t.h)) - 1);
      await refreshContentVersion(t.h);
      expect(contentVersion(t.h)).toBe(await stored(t.h));
    }
  });

  it("concurrent changes to several public tables all commit (no deadlock) and each one counts", async () => {
    const f = await createFormation(t.h, {
      ...formationInput,
      max_participants: 100,
    });
    const blog = await createBlog(t.h, { title: "Article", content: "Texte" });
    const before = await stored(t.h);
    const weekly = await loadWeeklyHours(t.h);
    const work = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? enroll(
            t.h,
            {
              formation_id: f.id,
              user_name: `Nom${i}`,
              user_surname: "P",
              email: `p${i}@exemple.dz`,
              phone: "0550 12 34 56",
            },
            { submissionKey: `cv-${i}` },
          )
        : i % 3 === 1
          ? updateBlog(t.h, blog.id, {
              title: `Article ${i}`,
              content: "Texte",
            })
          : saveWeeklyHours(t.h, weekly),
    );
    await Promise.all(work);
    expect(await stored(t.h)).toBeGreaterThanOrEqual(before + 24);
  });

  // PostgreSQL only (SQLite has no notifications: each process reads the file)
  if (t.engine === "postgres")
    it("PostgreSQL notifies the listeners at commit, not before", async () => {
      const name = (
        await sql<{ db: string }>`select current_database() as db`.execute(
          t.h.db,
        )
      ).rows[0].db;
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const listener = new pg.Client({ connectionString: url.toString() });
      await listener.connect();
      try {
        const notes: string[] = [];
        listener.on("notification", (n) => notes.push(n.channel));
        await listener.query(`listen ${CONTENT_CHANNEL}`);
        await t.h.db.transaction().execute(async (trx) => {
          await trx
            .insertInto("blogs")
            .values({
              title: "Pendant",
              content: "x",
              image_url: null,
              created_at: new Date().toISOString(),
              updated_at: null,
            })
            .execute();
          await new Promise((r) => setTimeout(r, 150));
          expect(notes).toEqual([]);
        });
        await expect
          .poll(() => notes, { timeout: 2000 })
          .toEqual([CONTENT_CHANNEL]);
      } finally {
        await listener.end();
      }
    });
});

describe("page cache keys", () => {
  it("are the public pages, with or without campaign parameters; never a page for one person or a query a page reads", () => {
    expect(pageCacheKey("/")).toBe("/");
    expect(pageCacheKey("/implants-dentaires")).toBe("/implants-dentaires");
    expect(pageCacheKey("/blog/3-mon-article")).toBe("/blog/3-mon-article");
    expect(pageCacheKey("/syllabus/all")).toBe("/syllabus/all");
    expect(pageCacheKey("/syllabus/12")).toBe("/syllabus/12");
    expect(
      pageCacheKey("/?utm_source=facebook&utm_campaign=ete&fbclid=IwAR0abc"),
    ).toBe("/");
    expect(pageCacheKey("/blog?gclid=abc")).toBe("/blog");
    expect(pageCacheKey("/blog/7")).toBe("/blog/7");
    // one page, one key: the path as React Router decodes it
    expect(pageCacheKey("/formatio%6E")).toBe("/formation");
    expect(pageCacheKey("/blog/2-blanchiment-dentaire-lance%72")).toBe("/blog/2-blanchiment-dentaire-lancer");
    expect(pageCacheKey("/%62log/2-blanchiment%2Ddentaire-lancer?utm_source=x")).toBe("/blog/2-blanchiment-dentaire-lancer");
    for (const url of [
      "/admin",
      "/admin/appointments",
      "/rdv/abcdef123456",
      "/rdv/abc/calendrier.ics",
      "/logout",
      "/reinitialiser-mot-de-passe/abc",
      "/sitemap.xml",
      "/robots.txt",
      "/blog.data",
      "/_root.data",
      "/nope",
      "/blog/",
      "/appointment?service=Orthodontie&date=2027-01-04",
      "/inscription?formation=3",
      "/?q=1",
      "/blog/abc",
      // spellings that are not canonical: rendered (or sent to the canonical one), never stored
      "/blog/02-mon-article",
      "/blog/0",
      "/blog/2-Mon-Article",
      "/blog/2-mon--article",
      "/blog/2-mon-article-",
      "/blog/2-%C3%A9t%C3%A9",
      "/syllabus/012",
      "/syllabus/0",
      "/blog%2F2-mon-article",
      "/formation%2F",
      "/formation%3Fx=1",
      "/%E0%A4%A",
      "/formation%00",
      `/blog/2-${"a".repeat(250)}`,
    ]) {
      expect([url, pageCacheKey(url)]).toEqual([url, null]);
    }
  });

  it("expire at the clinic's next midnight (Africa/Algiers, UTC+1)", () => {
    // 2026-11-26 10:15:30 UTC is 11:15:30 in Algiers: the next midnight there is 23:00 UTC
    expect(
      new Date(
        nextClinicMidnight(Date.UTC(2026, 10, 26, 10, 15, 30)),
      ).toISOString(),
    ).toBe("2026-11-26T23:00:00.000Z");
    // 23:30 UTC is already the 27th in Algiers
    expect(
      new Date(
        nextClinicMidnight(Date.UTC(2026, 10, 26, 23, 30)),
      ).toISOString(),
    ).toBe("2026-11-27T23:00:00.000Z");
  });
});
