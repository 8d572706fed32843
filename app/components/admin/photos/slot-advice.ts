import { MEDIA_WIDTHS } from "~/lib/media";

/** What the staff screen advises for a slot's photo (docs/product.md, "Staff: photos"). */

/** The frame of a slot, from its drawing: 'paysage 3:2', 'carré'. */
export function frameOf(d: { width: number; height: number }): string {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(d.width, d.height);
  if (d.width === d.height) return "carré";
  return `${d.width > d.height ? "paysage" : "portrait"} ${d.width / g}:${d.height / g}`;
}

/** Twice the widest the slot is drawn (sharp on high-density screens), in hundreds, at most the largest width made. */
export function advisedWidth(sizes: string): number {
  const largest = MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1];
  const fixed = [...sizes.matchAll(/(?:^|\)\s*|,\s*)(\d+)px/g)].map((m) => Number(m[1]));
  if (fixed.length === 0) return largest;
  return Math.min(largest, Math.floor((2 * Math.max(...fixed)) / 100) * 100);
}
