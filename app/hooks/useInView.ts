import { useEffect, useState, type RefObject } from "react";

/** Becomes true the first time the element enters the viewport (and stays true). */
export function useInView(ref: RefObject<Element | null>, options: { threshold?: number; rootMargin?: string } = {}): boolean {
  const [seen, setSeen] = useState(false);
  const { threshold = 0.25, rootMargin = "0px" } = options;
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          io.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, seen, threshold, rootMargin]);
  return seen;
}
