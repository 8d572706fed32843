/** URL slugs for French titles: "Implant dentaire : les étapes" -> "implant-dentaire-les-etapes". */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "-")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** The public page of a blog article: /blog/{id}-{slug}. The id alone decides which article. */
export function blogArticlePath(id: number, title: string): string {
  const slug = slugify(title);
  return slug ? `/blog/${id}-${slug}` : `/blog/${id}`;
}

/** The public syllabus page of a formation. */
export function syllabusPath(id: number | "all"): string {
  return `/syllabus/${id}`;
}
