import type { CSSProperties, ElementType, ReactNode } from "react";
import "./reveal.css";

export type RevealFrom = "up" | "left" | "right" | "fade";

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

/**
 * A section that fades or slides in once when it is scrolled into view.
 * The server HTML is visible (`data-reveal="static"`: no JavaScript needed to read it). The site's
 * script (app/site/chrome.ts) leaves what is in view at load as painted, at full opacity and with
 * no entrance (nothing delays the page's largest paint), hides what is below the fold
 * (`hidden`) and reveals it once (`shown`) when it is scrolled into view. Under
 * prefers-reduced-motion nothing moves.
 */
export function RevealOnScroll({ children, duration = 0.6, from = "up", as: Tag = "div", className, ...rest }: RevealOnScrollProps) {
  const style: CSSProperties = { transitionDuration: `${duration}s` };
  return (
    <Tag className={className} data-reveal="static" data-reveal-from={from} data-reveal-duration={duration} style={style} {...rest}>
      {children}
    </Tag>
  );
}
