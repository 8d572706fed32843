/** Any path that no route claims: a French 404 page with status 404 (rendered by the root error boundary). */
export function loader() {
  throw new Response("Page introuvable", { status: 404 });
}

export default function NotFound() {
  return null;
}
