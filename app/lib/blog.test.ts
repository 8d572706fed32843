import { describe, expect, it } from "vitest";
import { excerpt, newestFirst, paragraphs, readingMinutes, readingTime, summary, wordCount } from "./blog";
import { BLOG_FORM_MESSAGES, parseBlogForm } from "./blog-form";
import { formatLongDate } from "./format";

const words = (n: number) => Array.from({ length: n }, (_, i) => `mot${i}`).join(" ");

describe("readingTime: words / 200, rounded up, 'n min de lecture'", () => {
  it("counts words separated by any white space", () => {
    expect(wordCount("")).toBe(0);
    expect(wordCount("   \n\t ")).toBe(0);
    expect(wordCount("  Un implant,\n\nune  couronne. ")).toBe(4);
  });

  it("rounds up and never shows 0 minutes", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(400))).toBe(2);
    expect(readingMinutes(words(401))).toBe(3);
    expect(readingMinutes(words(1000))).toBe(5);
  });

  it("is worded as the spec says", () => {
    expect(readingTime(words(150))).toBe("1 min de lecture");
    expect(readingTime(words(601))).toBe("4 min de lecture");
  });
});

describe("excerpt: 150 characters plus '...' when longer", () => {
  it("keeps a short content as it is", () => {
    expect(excerpt("Court.")).toBe("Court.");
    const exactly150 = "a".repeat(150);
    expect(excerpt(exactly150)).toBe(exactly150);
  });

  it("cuts at 150 characters and adds three dots", () => {
    const long = "b".repeat(149) + "cdef";
    const out = excerpt(long);
    expect(out).toBe("b".repeat(149) + "c" + "...");
    expect(out.length).toBe(153);
  });

  it("counts accented letters and emoji as one character each", () => {
    const text = "é".repeat(148) + "😀😀" + "fin";
    expect(excerpt(text)).toBe("é".repeat(148) + "😀😀...");
  });

  it("takes another length when asked", () => {
    expect(excerpt("abcdef", 3)).toBe("abc...");
  });
});

describe("paragraphs: split at line breaks, empty ones dropped", () => {
  it("splits on LF, CRLF and CR and trims", () => {
    expect(paragraphs("Un.\nDeux.\r\nTrois.\rQuatre.")).toEqual(["Un.", "Deux.", "Trois.", "Quatre."]);
  });

  it("drops blank lines", () => {
    expect(paragraphs("\n\n  Premier  \n\n\n   \nSecond\n")).toEqual(["Premier", "Second"]);
    expect(paragraphs("")).toEqual([]);
  });

  it("keeps markup as text (it is rendered escaped)", () => {
    expect(paragraphs("<script>alert(1)</script>\n<b>gras</b>")).toEqual(["<script>alert(1)</script>", "<b>gras</b>"]);
  });
});

describe("public list order: newest first", () => {
  it("orders by created_at descending, the higher id first on a tie", () => {
    const posts = [
      { id: 1, created_at: "2026-01-10T09:00:00.000Z" },
      { id: 2, created_at: "2026-03-01T09:00:00.000Z" },
      { id: 3, created_at: "2026-02-15T09:00:00.000Z" },
      { id: 4, created_at: "2026-03-01T09:00:00.000Z" },
    ];
    expect(newestFirst(posts).map((p) => p.id)).toEqual([4, 2, 3, 1]);
    // the input is left untouched
    expect(posts.map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it("compares instants, not strings, and puts unreadable dates last", () => {
    const posts = [
      { id: 1, created_at: "pas une date" },
      { id: 2, created_at: "2026-03-01T10:00:00+01:00" }, // 09:00 UTC
      { id: 3, created_at: "2026-03-01T09:30:00.000Z" },
    ];
    expect(newestFirst(posts).map((p) => p.id)).toEqual([3, 2, 1]);
  });
});

describe("date of a card: fr-FR long format in the clinic's time zone", () => {
  it("shows day, month name and year", () => {
    expect(formatLongDate("2026-03-05T10:00:00.000Z")).toBe("5 mars 2026");
    expect(formatLongDate("2025-12-31T23:30:00.000Z")).toBe("1 janvier 2026"); // already 00:30 in Algiers
    expect(formatLongDate("2026-08-01T08:00:00.000Z")).toBe("1 août 2026");
  });
});

describe("summary for search engines", () => {
  it("keeps a short text whole and cuts a long one at a word", () => {
    expect(summary("Un  texte\ncourt.")).toBe("Un texte court.");
    const s = summary(words(100), 60);
    expect(s.endsWith("…")).toBe(true);
    expect(Array.from(s).length).toBeLessThanOrEqual(60);
    expect(s).not.toMatch(/\s…$/);
  });
});

describe("staff blog form (checked on the server)", () => {
  it("requires a title and a content, with French messages", () => {
    const r = parseBlogForm({ title: "   ", content: "\n \n", image_url: "" });
    expect(r).toEqual({ ok: false, errors: { title: BLOG_FORM_MESSAGES.titleRequired, content: BLOG_FORM_MESSAGES.contentRequired } });
  });

  it("trims, normalises line breaks and accepts an empty image address", () => {
    const r = parseBlogForm({ title: "  Titre ", content: " Un.\r\nDeux. ", image_url: " " });
    expect(r).toEqual({ ok: true, value: { title: "Titre", content: "Un.\nDeux.", image_url: "" } });
  });

  it("accepts only https image addresses", () => {
    expect(parseBlogForm({ title: "T", content: "C", image_url: "https://images.example.org/a.jpg" }).ok).toBe(true);
    for (const bad of ["http://example.org/a.jpg", "javascript:alert(1)", "/uploads/x.webp", "data:image/png;base64,AAAA", "https://user:pw@example.org/a.jpg"]) {
      expect(parseBlogForm({ title: "T", content: "C", image_url: bad })).toEqual({ ok: false, errors: { image_url: BLOG_FORM_MESSAGES.imageUrlInvalid } });
    }
  });

  it("refuses a title over 200 characters", () => {
    expect(parseBlogForm({ title: "x".repeat(201), content: "C", image_url: "" })).toEqual({ ok: false, errors: { title: BLOG_FORM_MESSAGES.titleTooLong } });
  });
});
