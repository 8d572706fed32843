import { useEffect, useRef, useState, type CSSProperties, type ElementType, type ReactNode } from "react";
import "./reveal.css";

export type RevealFrom = "up" | "left" | "right" | "fade";
type RevealState = "static" | "hidden" | "shown";

export interface RevealOnScrollProps {
  children: ReactNode;
  /** seconds (the landing page uses 0.6, 0.7 and 0.8) */
  duration?: number;
  from?: RevealFrom;
  as?: ElementType;
  className?: string;
  id?: string;
  "aria-labelledby"?: string;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * A section that fades or slides in once when it is scrolled into view.
 * The server HTML is visible (no JavaScript needed to read it): what is in view at load stays as
 * painted, at full opacity and with no entrance (nothing delays the page's largest paint); what
 * is below the fold is hidden after hydration and revealed once by an IntersectionObserver.
 * Under prefers-reduced-motion nothing moves.
 */
export function RevealOnScroll({ children, duration = 0.6, from = "up", as: Tag = "div", className, ...rest }: RevealOnScrollProps) {
  const ref = useRef<HTMLElement>(null);
  const [state, setState] = useState<RevealState>("static");

  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === "undefined") return;
    const rect = el.getBoundingClientRect();
    // Already on screen: leave it as it is, as painted; no flash.
    if (rect.top < window.innerHeight && rect.bottom > 0) return;
    setState("hidden");
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setState("shown");
          observer.disconnect();
        }
      },
      { rootMargin: "0px 0px -8% 0px", threshold: 0.05 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const style: CSSProperties = { transitionDuration: `${duration}s` };
  return (
    <Tag ref={ref} className={className} data-reveal={state} data-reveal-from={from} data-reveal-duration={duration} style={style} {...rest}>
      {children}
    </Tag>
  );
}
