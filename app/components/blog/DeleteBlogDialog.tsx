import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Dialog } from "~/components/ui/Dialog";
import { ADMIN_BLOG_TEXTS } from "~/lib/admin-blog";

/** The confirmation before a post is deleted; the post goes only on "Oui, supprimer". */
export function DeleteBlogDialog({ post, onClose }: { post: { id: number; title: string } | null; onClose: () => void }) {
  return (
    <Dialog open={post !== null} onClose={onClose} title={ADMIN_BLOG_TEXTS.confirmDelete}>
      {post && (
        <Form method="post" action="/admin/blog" onSubmit={onClose}>
          <p className="text-slate-700 [overflow-wrap:anywhere]">
            L'article « <strong>{post.title}</strong> » sera supprimé du blog. Cette action est définitive.
          </p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={post.id} />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" onClick={onClose} className="btn border border-slate-300 text-navy-900 hover:bg-slate-100">
              Annuler
            </button>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800">
              <Trash2 aria-hidden className="h-4 w-4" />
              Oui, supprimer
            </button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
