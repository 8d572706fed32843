import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import BlogIndex, { ErrorBoundary as BlogErrorBoundary } from "~/routes/blog._index";
import { blogArticlePath } from "~/lib/slug";
import { BLOG_LOAD_CAUSES, BlogLoadError } from "./BlogStates";
import type { PublicPost } from "./types";

/**
 * The public blog's states rendered as the server renders them: the real route component and
 * error boundary inside a router stub, with the loader's answer given as hydration data.
 */
function render(options: { posts?: PublicPost[]; error?: unknown; url?: string }) {
  const Stub = createRoutesStub([
    {
      id: "blog",
      path: "/blog",
      // the stub's props differ from the generated route types; the route only reads loaderData
      Component: BlogIndex as never,
      ErrorBoundary: BlogErrorBoundary as never,
      loader: () => ({ posts: options.posts ?? [] }),
    },
  ]);
  return renderToString(
    <Stub
      initialEntries={[options.url ?? "/blog"]}
      hydrationData={options.error !== undefined ? { errors: { blog: options.error } } : { loaderData: { blog: { posts: options.posts ?? [] } } }}
    />,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

function post(id: number, title: string, content: string, created_at: string, image_url: string | null = null): PublicPost {
  return { id, title, content, created_at, updated_at: null, image_url, path: blogArticlePath(id, title) };
}

describe("public blog views", () => {
  it("empty: 'Aucun article disponible'", () => {
    const html = render({ posts: [] });
    expect(text(html)).toContain("Notre Blog");
    expect(text(html)).toContain("Le Blog Dentaire");
    expect(text(html)).toContain("Aucun article disponible");
    expect(html).not.toContain("Lire plus");
  });

  it("cards: date fr-FR, reading time, tag, author, placeholder image and 'Lire plus' to the article page", () => {
    const html = render({
      posts: [post(7, "Facettes dentaires", "Un texte.\nSecond paragraphe.", "2026-03-05T10:00:00.000Z"), post(3, "Implant", "x", "2026-01-02T10:00:00.000Z")],
    });
    const t = text(html);
    expect(t).toContain("5 mars 2026");
    expect(t).toContain("2 janvier 2026");
    expect(t).toContain("1 min de lecture");
    expect(t).toContain("Article");
    expect(t).toContain("Dr Nadir Hamdi");
    expect(t).toContain("Lire plus");
    expect(html).toContain('href="/blog/7-facettes-dentaires"');
    expect(html).toContain('src="/media/placeholder.svg"');
    // the order given by the loader is kept (newest first)
    expect(t.indexOf("Facettes dentaires")).toBeLessThan(t.indexOf("Implant"));
  });

  it("renders HTML held in a post as text", () => {
    const html = render({ posts: [post(9, "<img src=x onerror=alert(1)>", "<script>alert('xss')</script> et <b>gras</b>", "2026-03-05T10:00:00.000Z")] });
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>gras</b>");
    expect(html).toContain("&lt;script&gt;");
    expect(text(html)).toContain("<script>alert('xss')</script>");
  });

  it("error: 'Erreur de chargement', the short French cause and 'Réessayer'", () => {
    // what the loader throws when the database fails, as the router hands it to the boundary
    const html = render({ error: { status: 503, statusText: "Service Unavailable", internal: false, data: { message: BLOG_LOAD_CAUSES.database } } });
    const t = text(html);
    expect(t).toContain("Erreur de chargement");
    expect(t).toContain("Impossible de charger les blogs: la base de données ne répond pas");
    expect(t).toContain("Réessayer");
    expect(html).toContain('role="alert"');
  });

  it("error: an unknown server message is never shown", () => {
    const html = render({ error: { status: 500, statusText: "Internal", internal: false, data: { message: "SQLITE_ERROR: no such table: blogs" } } });
    const t = text(html);
    expect(t).toContain("Impossible de charger les blogs: une erreur inattendue est survenue");
    expect(t).not.toContain("SQLITE");
  });

  it("'Réessayer' is the site script's reload button, its loading text hidden until it is pressed, the network cause ready", () => {
    const html = renderToString(<BlogLoadError message={BLOG_LOAD_CAUSES.database} />);
    expect(html).toMatch(/<button[^>]*data-reload/);
    expect(html).toMatch(/<p role="status" data-reload-status="true" hidden=""[^>]*>Chargement des articles...<\/p>/);
    expect(html).toContain(`data-reload-cause="Impossible de charger les blogs: ${BLOG_LOAD_CAUSES.network}"`);
  });

  it("the reader is an island: its dialog rendered closed, each article's data in its props as JSON that cannot end the script", () => {
    const html = render({
      posts: [post(4, "Blanchiment </script><b>", "Premier.\nSecond.", "2026-03-05T10:00:00.000Z")],
    });
    expect(html).toMatch(/<div data-island="blog-reader"><dialog aria-labelledby="blog-reader-title"/);
    const json = /<script type="application\/json" data-island-props="">(.*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain("<");
    const props = JSON.parse(json!);
    expect(props.articles[0]).toMatchObject({
      id: 4,
      title: "Blanchiment </script><b>",
      path: "/blog/4-blanchiment-script-b",
      content: "Premier.\nSecond.",
    });
    expect(props.articles[0].pageTitle).toMatch(/^Blanchiment <\/script><b> \| /);
  });
});
