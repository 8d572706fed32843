import { NEED_PAGES } from "./needs";
import { TREATMENT_PAGES } from "./treatments";

/*
 * Apart from ./gallery.ts (the demo cases the public gallery shows): this list carries every care
 * page's texts, which the public page does not download (decision 015); the gallery's loader
 * finds the links, the staff form and its schema use the list.
 */

/**
 * The treatments a case may be filed under: the clinic's treatment pages, then its need pages;
 * the public card links to the page.
 */
export const GALLERY_TREATMENTS: { name: string; to: string }[] = [...TREATMENT_PAGES, ...NEED_PAGES].map((p) => ({ name: p.title, to: `/${p.slug}` }));

/** Where a card sends to read about its treatment (a treatment no longer listed: none). */
export function treatmentLink(name: string): { to: string; label: string } | null {
  const t = GALLERY_TREATMENTS.find((x) => x.name === name);
  return t ? { to: t.to, label: `En savoir plus : ${t.name}` } : null;
}
