/**
 * Teeth in FDI (ISO 3950) numbering, as quotes write them (docs/product.md, "Staff: quotes"): a
 * quadrant 1–4 and a tooth 1–8 ('11'…'48'), or a whole arch or the whole mouth. Stored as text:
 * '11,12,21' (sorted, no duplicates), 'arcade-sup', 'arcade-inf' or 'bouche'.
 */
export const WHOLE = { "arcade-sup": "Arcade supérieure", "arcade-inf": "Arcade inférieure", bouche: "Bouche entière" } as const;
export type Whole = keyof typeof WHOLE;

/** The chart as the dentist faces the patient: upper 18→11 | 21→28, lower 48→41 | 31→38. */
export const CHART: readonly (readonly number[])[] = [
  [18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28],
  [48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38],
];

export function isFdiTooth(n: number): boolean {
  return Number.isInteger(n) && n >= 11 && n <= 48 && n % 10 >= 1 && n % 10 <= 8;
}

export type TeethValue = { ok: true; value: string | null } | { ok: false };

/** Read what was typed or picked: '11, 21 12' → '11,12,21'; 'bouche' → 'bouche'; '' → null; '19' → refused. */
export function parseTeeth(input: string | null | undefined): TeethValue {
  const t = String(input ?? "").trim().toLowerCase();
  if (t === "") return { ok: true, value: null };
  if (t in WHOLE) return { ok: true, value: t };
  const parts = t.split(/[\s,;]+/).filter(Boolean);
  const teeth = new Set<number>();
  for (const p of parts) {
    if (!/^\d{2}$/.test(p) || !isFdiTooth(Number(p))) return { ok: false };
    teeth.add(Number(p));
  }
  return { ok: true, value: [...teeth].sort((a, b) => a - b).join(",") };
}

/** How a line's teeth read: 'Dents 11, 21', 'Dent 36', 'Arcade supérieure', '' for none. */
export function teethLabel(value: string | null | undefined): string {
  if (!value) return "";
  if (value in WHOLE) return WHOLE[value as Whole];
  const list = value.split(",");
  return `${list.length > 1 ? "Dents" : "Dent"} ${list.join(", ")}`;
}

/**
 * The keyboard's move on the chart (a roving focus): arrows move along a row and between the two
 * rows, Home and End go to the row's ends. Returns the tooth to focus next, or null to stay.
 */
export function chartMove(current: number, key: string): number | null {
  const row = CHART.findIndex((r) => r.includes(current));
  if (row < 0) return null;
  const col = CHART[row].indexOf(current);
  const width = CHART[row].length;
  switch (key) {
    case "ArrowRight":
      return col < width - 1 ? CHART[row][col + 1] : null;
    case "ArrowLeft":
      return col > 0 ? CHART[row][col - 1] : null;
    case "ArrowDown":
      return row < CHART.length - 1 ? CHART[row + 1][col] : null;
    case "ArrowUp":
      return row > 0 ? CHART[row - 1][col] : null;
    case "Home":
      return CHART[row][0];
    case "End":
      return CHART[row][width - 1];
    default:
      return null;
  }
}

/** Toggle one tooth in a stored value (a whole arch or mouth is replaced by the tooth). */
export function toggleTooth(value: string | null, tooth: number): string | null {
  const current = value && !(value in WHOLE) ? value.split(",").map(Number) : [];
  const next = current.includes(tooth) ? current.filter((t) => t !== tooth) : [...current, tooth];
  return next.length ? next.sort((a, b) => a - b).join(",") : null;
}
