import { useEffect, useState } from "react";

/**
 * False in the server's render and in the browser's hydration of it, true from the first effect
 * on: what only makes sense without JavaScript (a button that posts the form to have the server
 * render something) shows until then, and what needs JavaScript shows from then on.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
