/**
 * One row moved a place up or down in a list ordered by `position`: the new order of the ids, or
 * null when the row is already first (up) or last (down); undefined when the id is not listed.
 * The caller writes the order again as 1..n in its transaction (gallery cases, reviews).
 */
export function moveInOrder(ids: number[], id: number, direction: "up" | "down"): { order: number[] | null; from: number; to: number } | undefined {
  const from = ids.indexOf(id);
  if (from < 0) return undefined;
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return { order: null, from, to };
  const order = [...ids];
  [order[from], order[to]] = [order[to], order[from]];
  return { order, from, to };
}
