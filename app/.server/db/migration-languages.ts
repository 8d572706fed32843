import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "./connection";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The tables whose rows a patient or a trainee made on a page in one language. */
const SPOKEN = ["appointments", "patients", "waitlist_entries", "enrollments", "formation_waitlist"] as const;

/** A before/after case's texts in Arabic. */
const GALLERY_AR = ["description_ar", "before_alt_ar", "after_alt_ar"] as const;

/**
 * Migration 018_languages (issue 32, items 1 and 6; docs/decisions/029-arabic.md).
 *
 * - `language` ('fr' | 'ar', French by default) on what a person asks from a page: the booking
 *   records the language of the page it was made on, the patient's record carries it (staff can
 *   change it), and the e-mails, the .ics text, the personal pages and the message templates use it.
 *   The same on a waiting-list entry, a course enrolment and a course's waiting list.
 * - The Arabic version of what staff write for the public pages, empty until they write it: a blog
 *   article's title and text (`title_ar`, `content_ar`: an article without them says so on the
 *   Arabic blog and links to the French one), a formation's title, description and syllabus
 *   (`title_ar`, `description_ar`, `syllabus_ar`, the same JSON as `syllabus`), a site photo's
 *   alternative text (`site_photos.alt_ar`: an Arabic page without it reads the slot's drawing's
 *   Arabic description, never the French text), a before/after case's text and its photos'
 *   descriptions (`gallery_cases.description_ar`, `before_alt_ar`, `after_alt_ar`).
 */
export const m018_languages = (_engine: Engine): Migration => ({
  async up(db: AnyDb) {
    for (const table of SPOKEN) {
      await db.schema
        .alterTable(table)
        .addColumn("language", "text", (c) => c.notNull().defaultTo("fr").check(sql`language in ('fr', 'ar')`))
        .execute();
    }
    await db.schema.alterTable("blogs").addColumn("title_ar", "text").execute();
    await db.schema.alterTable("blogs").addColumn("content_ar", "text").execute();
    await db.schema.alterTable("formations").addColumn("title_ar", "text").execute();
    await db.schema.alterTable("formations").addColumn("description_ar", "text").execute();
    await db.schema.alterTable("formations").addColumn("syllabus_ar", "text").execute();
    await db.schema.alterTable("site_photos").addColumn("alt_ar", "text").execute();
    for (const column of GALLERY_AR) await db.schema.alterTable("gallery_cases").addColumn(column, "text").execute();
  },
  async down(db: AnyDb) {
    for (const column of GALLERY_AR) await db.schema.alterTable("gallery_cases").dropColumn(column).execute();
    await db.schema.alterTable("site_photos").dropColumn("alt_ar").execute();
    for (const column of ["title_ar", "description_ar", "syllabus_ar"]) await db.schema.alterTable("formations").dropColumn(column).execute();
    for (const column of ["title_ar", "content_ar"]) await db.schema.alterTable("blogs").dropColumn(column).execute();
    for (const table of SPOKEN) await db.schema.alterTable(table).dropColumn("language").execute();
  },
});
