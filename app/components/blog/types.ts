/** A blog post as the public pages receive it from their loaders. */
export interface PublicPost {
  id: number;
  title: string;
  content: string;
  image_url: string | null;
  created_at: string;
  updated_at: string | null;
  /** the article's own page: /blog/{id}-{slug} */
  path: string;
}
