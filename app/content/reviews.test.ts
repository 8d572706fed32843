import { describe, expect, it } from "vitest";
import { formatRating, initialOf, ratingLabel, REVIEWS, starParts } from "./reviews";

describe("reviews", () => {
  it("holds four reviews rated 1 to 5 in halves, with a name and a comment", () => {
    expect(REVIEWS).toHaveLength(4);
    expect(new Set(REVIEWS.map((r) => r.id)).size).toBe(4);
    for (const r of REVIEWS) {
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(r.rating * 2)).toBe(true);
      expect(r.name.trim()).not.toBe("");
      expect(r.comment.length).toBeGreaterThan(40);
    }
    expect(REVIEWS.some((r) => !Number.isInteger(r.rating))).toBe(true);
  });

  it("splits a rating into full, half and empty stars", () => {
    expect(starParts(5)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starParts(4.5)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starParts(3)).toEqual({ full: 3, half: 0, empty: 2 });
    expect(starParts(1.5)).toEqual({ full: 1, half: 1, empty: 3 });
    expect(starParts(4.3)).toEqual({ full: 4, half: 1, empty: 0 });
    expect(starParts(9)).toEqual({ full: 5, half: 0, empty: 0 });
    expect(starParts(-1)).toEqual({ full: 0, half: 0, empty: 5 });
  });

  it("reads the rating in French", () => {
    expect(formatRating(4.5)).toBe("4,5");
    expect(formatRating(5)).toBe("5");
    expect(ratingLabel(3.5)).toBe("Note : 3,5 sur 5");
  });

  it("takes the avatar initial from the name", () => {
    expect(initialOf("amina B.")).toBe("A");
    expect(initialOf("  Élise")).toBe("É");
    expect(initialOf("")).toBe("?");
  });
});
