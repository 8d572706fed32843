import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { excerpt, newestFirst, paragraphs, readingMinutes, readingTime, summary, wordCount } from "./blog";
import { BLOG_CONTENT_MAX, BLOG_FORM_MESSAGES, BLOG_IMAGE_MAX_BYTES, blogFormSchema } from "./blog-form";
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

/** The editor's form as the browser posts it, parsed as the action parses it. */
function parseEditor(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: blogFormSchema });
}

/** The French messages by field, as the editor shows them; undefined when the form is accepted. */
function errorsOf(fields: Record<string, string | File>) {
  const r = parseEditor(fields);
  return r.status === "error" ? r.error : undefined;
}

const picture = (bytes: number, type = "image/png", name = "photo.png") => new File([new Uint8Array(bytes)], name, { type });
const noFile = () => new File([], "", { type: "application/octet-stream" });

describe("staff blog form (one schema, browser and action)", () => {
  it("requires a title and a content, with French messages", () => {
    expect(errorsOf({ title: "   ", content: "\r\n \n", image_url: "", image: noFile() })).toEqual({
      title: [BLOG_FORM_MESSAGES.titleRequired],
      content: [BLOG_FORM_MESSAGES.contentRequired],
    });
    // fields missing from the post altogether
    expect(errorsOf({})).toEqual({ title: [BLOG_FORM_MESSAGES.titleRequired], content: [BLOG_FORM_MESSAGES.contentRequired] });
  });

  it("trims, normalises line breaks, and reads an empty image address or file as none", () => {
    const r = parseEditor({ intent: "create", title: "  Titre ", content: " Un.\r\nDeux.\rTrois. ", image_url: " ", image: noFile() });
    expect(r.status).toBe("success");
    expect(r.status === "success" && r.value).toEqual({ title: "Titre", content: "Un.\nDeux.\nTrois.", image_url: null, title_ar: null, content_ar: null });
  });

  it("accepts only https image addresses", () => {
    const ok = parseEditor({ title: "T", content: "C", image_url: "https://images.example.org/a.jpg" });
    expect(ok.status === "success" && ok.value.image_url).toBe("https://images.example.org/a.jpg");
    for (const bad of ["http://example.org/a.jpg", "javascript:alert(1)", "/uploads/x.webp", "data:image/png;base64,AAAA", "https://user:pw@example.org/a.jpg"]) {
      expect(errorsOf({ title: "T", content: "C", image_url: bad })).toEqual({ image_url: [BLOG_FORM_MESSAGES.imageUrlInvalid] });
    }
  });

  it("refuses a title over 200 characters and a content over 50 000, counting a line break once", () => {
    expect(errorsOf({ title: "x".repeat(201), content: "C" })).toEqual({ title: [BLOG_FORM_MESSAGES.titleTooLong] });
    expect(errorsOf({ title: "T", content: "x".repeat(BLOG_CONTENT_MAX + 1) })).toEqual({ content: [BLOG_FORM_MESSAGES.contentTooLong] });
    expect(parseEditor({ title: "T", content: "x\r\n".repeat(BLOG_CONTENT_MAX / 2 - 1) + "x" }).status).toBe("success");
  });

  it("takes a picture file of an accepted type up to 5 MB, and the 'remove' box", () => {
    const r = parseEditor({ title: "T", content: "C", image: picture(1000), remove_image: "on" });
    expect(r.status === "success" && r.value.image?.size).toBe(1000);
    expect(r.status === "success" && r.value.remove_image).toBe(true);
    expect(errorsOf({ title: "T", content: "C", image: picture(BLOG_IMAGE_MAX_BYTES + 1) })).toEqual({ image: [BLOG_FORM_MESSAGES.imageTooLarge] });
    expect(errorsOf({ title: "T", content: "C", image: picture(10, "image/svg+xml", "logo.svg") })).toEqual({ image: [BLOG_FORM_MESSAGES.imageBadType] });
  });

  it("refuses a file and an address together, beside the address", () => {
    expect(errorsOf({ title: "T", content: "C", image: picture(10), image_url: "https://images.example.org/a.jpg" })).toEqual({
      image_url: [BLOG_FORM_MESSAGES.imageBoth],
    });
  });
});
