import type { SVGProps } from "react";
import sprite from "./icons.svg?url";

export type IconProps = SVGProps<SVGSVGElement>;
/** A staff icon: the same use as a lucide-react icon (className, aria-*), drawn from the sprite. */
export type StaffIcon = ((props: IconProps) => React.JSX.Element) & { displayName?: string };

/**
 * The staff screens' icons (issue 33, item 4): Lucide's drawings, once, in one cached file
 * (icons.svg, a hashed asset), and in the page a `<svg><use href="…#name"/></svg>` of about
 * 100 bytes instead of the whole drawing (300 to 1,000 bytes) on every row of a list. The
 * drawing's attributes are in the staff stylesheet (`svg.i`). Hidden from assistive technology
 * unless it is given a label, as lucide-react does.
 */
export function spriteIcon(name: string, displayName: string): StaffIcon {
  const Icon = ({ className, ...props }: IconProps) => (
    <svg viewBox="0 0 24 24" aria-hidden={props["aria-label"] ? undefined : true} {...props} className={className ? `i ${className}` : "i"}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
  Icon.displayName = displayName;
  return Icon;
}
