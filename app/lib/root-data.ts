import type { Clinic } from "./clinic";
import type { MediaRef } from "./media";
import type { ScheduleException, TimeRange, Weekday } from "./schedule";
import type { Toast } from "./toast";

/**
 * What the root loader (app/root.tsx) gives every page, named here so that the hooks and
 * components reading it (~/hooks/use-clinic, ~/hooks/use-site-photo, OpeningHours, the home
 * page's JSON-LD) need not import app/root.tsx, which imports the layout that uses them (an
 * import circle). The root loader's data is checked against this type.
 */

/** The id of the root route, for useRouteLoaderData and `matches`. */
export const ROOT_ROUTE_ID = "root";

/** The opening hours from the root loader (for the footer, the contact blocks and JSON-LD). */
export interface RootHours {
  weekly: Record<Weekday, TimeRange[]>;
  /** the closures and special hours of the next 30 days */
  upcoming: ScheduleException[];
}

/** A photo staff put in a picture slot of the site (app/lib/photo-slots.ts, /admin/photos). */
export type SitePhotoRef = MediaRef & { alt: string; altAr?: string | null };

/** An island's files, from the islands' manifest (app/.server/islands.ts): its entry and the chunks it imports. */
export interface IslandFiles {
  src: string;
  preload: string[];
}
export type IslandScripts = Partial<Record<string, IslandFiles>>;

/** A page of the staff area (/admin…): its own layout, without the site's chrome. */
export function isStaffPath(pathname: string): boolean {
  return /^\/admin(\/|$)/.test(pathname);
}

export interface RootData {
  nonce: string;
  origin: string;
  toast: Toast | null;
  /** null on a staff page, which shows no opening hours of the root's (app/root.tsx) */
  hours: RootHours | null;
  clinic: Clinic;
  /** some public fact is still the demo's invented value (~/lib/demo-facts): the pages say the site is a demonstration */
  demoSite: boolean;
  /** slot → photo (none on a staff page) */
  photos: Record<string, SitePhotoRef>;
  /** island name → its script files (components/Island.tsx; none on a staff page) */
  islands: IslandScripts;
}
