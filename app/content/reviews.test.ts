import { describe, expect, it } from "vitest";
import { DEMO_REVIEWS } from "~/.server/db/migrations";
import { formatRating, initialOf, ratingLabel, starParts } from "./reviews";

describe("reviews", () => {
  it("the demo content is the product's four reviews, rated 1 to 5 in halves, with a name, a comment and a date", () => {
    expect(DEMO_REVIEWS.map((r) => r.name)).toEqual(["Amina B.", "Karim L.", "Samira H.", "Yacine M."]);
    for (const r of DEMO_REVIEWS) {
      expect(r.rating_halves).toBeGreaterThanOrEqual(2);
      expect(r.rating_halves).toBeLessThanOrEqual(10);
      expect(Number.isInteger(r.rating_halves)).toBe(true);
      expect(r.comment.length).toBeGreaterThan(40);
      expect(r.review_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(DEMO_REVIEWS.some((r) => r.rating_halves % 2 === 1)).toBe(true);
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
    expect(formatRating(1.5)).toBe("1,5");
    expect(ratingLabel(3.5)).toBe("Note : 3,5 sur 5");
  });

  it("takes the avatar initial from the name", () => {
    expect(initialOf("amina B.")).toBe("A");
    expect(initialOf("  Élise")).toBe("É");
    expect(initialOf("")).toBe("?");
  });
});
