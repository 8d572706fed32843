import { Link } from "react-router";
import type { PhotoSlotGroup } from "~/lib/photo-slot-list";
import { PhotoSlotCard } from "./PhotoSlotCard";
import type { PhotoActionResult, SlotPhotoView } from "./types";

/** The filter of /admin/photos, in the address (a plain link: it works without JavaScript). */
export const TO_REPLACE_PARAM = "filtre";
export const TO_REPLACE_VALUE = "a-remplacer";
export type PhotoFilter = "all" | "to-replace";

export const pageAnchor = (path: string) => `page-${path === "/" ? "accueil" : path.slice(1).replace(/[^a-z0-9-]/gi, "-")}`;

/**
 * How many columns of the grid a page's group takes: as many as it has slots, at most the grid's
 * columns (2 on a phone, 3 from 768 px, 4 from 1280 px, 5 from 1536 px), so that pages of one or
 * two slots sit side by side. Written out whole for Tailwind.
 */
const GROUP_SPAN = ["col-span-1", "col-span-1", "col-span-2", "col-span-2 md:col-span-3", "col-span-2 md:col-span-3 xl:col-span-4"];
const groupSpan = (n: number) => GROUP_SPAN[n] ?? "col-span-full";

/** 'Tous les emplacements' / 'Encore à remplacer' (the slots still showing the drawing), with their counts. */
export function PhotoFilterLinks({ filter, total, toReplace }: { filter: PhotoFilter; total: number; toReplace: number }) {
  const link = (active: boolean) =>
    `inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 ring-inset transition ${active ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-navy-900 ring-slate-300 hover:ring-teal-600"}`;
  const count = (active: boolean) => `rounded-full px-2 text-xs ${active ? "bg-white/20 text-white" : "bg-slate-100 text-slate-700"}`;
  return (
    <nav aria-label="Filtrer les emplacements" className="flex flex-wrap gap-2">
      <Link to="/admin/photos" className={link(filter === "all")} aria-current={filter === "all" ? "page" : undefined} preventScrollReset>
        Tous les emplacements <span className={count(filter === "all")}>{total}</span>
      </Link>
      <Link
        to={`/admin/photos?${TO_REPLACE_PARAM}=${TO_REPLACE_VALUE}`}
        className={link(filter === "to-replace")}
        aria-current={filter === "to-replace" ? "page" : undefined}
        preventScrollReset
      >
        Encore à remplacer <span className={count(filter === "to-replace")}>{toReplace}</span>
      </Link>
    </nav>
  );
}

/**
 * The slots, a heading per page: one grid for the whole screen, each page's group spanning as
 * many of its columns as it has slots (CSS subgrid: every tile has the grid's width).
 */
export function PhotoSlotGrid({ groups, photos, actionData }: { groups: PhotoSlotGroup[]; photos: Record<string, SlotPhotoView>; actionData?: PhotoActionResult }) {
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-8 sm:gap-x-4 md:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5">
      {groups.map((g) => (
        <section
          key={g.page.path}
          id={pageAnchor(g.page.path)}
          aria-labelledby={`${pageAnchor(g.page.path)}-title`}
          className={`grid scroll-mt-24 grid-cols-subgrid content-start gap-y-3 ${groupSpan(g.slots.length)} max-sm:has-[details[open]]:col-span-full`}
        >
          <h2 id={`${pageAnchor(g.page.path)}-title`} className="col-span-full min-w-0 font-serif text-lg font-bold leading-tight text-navy-900 sm:flex sm:min-h-[3.9rem] sm:flex-col sm:justify-end">
            {g.page.title} <span className="block truncate font-sans text-xs font-normal text-slate-500">{g.page.path}</span>
          </h2>
          {g.slots.map((s) => (
            <PhotoSlotCard key={s.key} slot={s} current={photos[s.key] ?? null} actionData={actionData} />
          ))}
        </section>
      ))}
    </div>
  );
}
