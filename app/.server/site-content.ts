import { getClinic } from "./clinic";
import { contentVersion } from "./content-version";
import { getDb, type Db } from "./db";
import { countDemoReviews } from "./repos/reviews";
import { listExceptions, loadWeeklyHours } from "./repos/schedule";
import { sitePhotoMap } from "./repos/site-photos";

/** What every page's root loader reads of the site's content: the hours, the identity, the photos' slots, the demo reviews' count. */
async function readSiteContent(h: Db, today: string) {
  const [weekly, exceptions, clinic, photos, demoReviews] = await Promise.all([loadWeeklyHours(h), listExceptions(h, today), getClinic(h), sitePhotoMap(h), countDemoReviews(h)]);
  return { weekly, exceptions, clinic, photos, demoReviews };
}

export type SiteContent = Awaited<ReturnType<typeof readSiteContent>>;

const remembered = new WeakMap<Db, { key: string; content: Promise<SiteContent> }>();

/**
 * The root loader's content (issue 33: five queries before every page, public or staff), read once
 * per content version and clinic day. Its tables are all public content (PUBLIC_CONTENT_TABLES):
 * every committed change to them raises the content version by trigger, which the page cache
 * already follows (app/.server/content-version.ts: SQLite reads it from the file at each ask;
 * PostgreSQL at each NOTIFY, every PAGE_CACHE_POLL_MS, and after this process's own writes). So a
 * page reads what a fresh read would, as the stored public pages do. An unreadable version (-1)
 * reads every time; a failed read is not remembered.
 */
export function siteContent(today: string, h: Db = getDb()): Promise<SiteContent> {
  const version = contentVersion(h);
  if (version < 0) return readSiteContent(h, today);
  const key = `${version}:${today}`;
  const known = remembered.get(h);
  if (known?.key === key) return known.content;
  const content = readSiteContent(h, today);
  remembered.set(h, { key, content });
  content.catch(() => {
    if (remembered.get(h)?.content === content) remembered.delete(h);
  });
  return content;
}
