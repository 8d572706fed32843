import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/**
 * lucide-react's `createLucideIcon`, as the islands' build uses it (vite.islands.config.ts puts it in
 * place of the package's for the icons' modules): the same `<svg>` as the package draws on the
 * server, attribute for attribute (lucide's default attributes, the classes `lucide lucide-{name}`
 * then the component's, `aria-hidden="true"` unless it has an accessible name), without the
 * package's runtime (a context, an attribute builder, absolute stroke widths): about 0.9 KiB gzip
 * less on every island page (issue 27's budget of 80 KiB). Size, colour and stroke width as
 * lucide's props; no `absoluteStrokeWidth` nor context. An island's icon is drawn by the server
 * first: hydration compares them (lucide-icon.test.tsx).
 */
type IconNode = [tag: string, attributes: Record<string, string>][];
type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & { size?: string | number; children?: ReactNode };

export default function createLucideIcon(icon: { name: string; node: IconNode; aliases?: string[] }) {
  return forwardRef<SVGSVGElement, IconProps>(function LucideIcon({ className, children, size, color, width, height, strokeWidth, ...rest }, ref) {
    const named = Boolean(children) || Object.keys(rest).some((k) => (k.startsWith("aria-") || k === "role" || k === "title") && rest[k as keyof typeof rest] != null);
    const classes = ["lucide", `lucide-${icon.name}`, ...(icon.aliases ?? []).map((a) => `lucide-${a}`), ...(className ?? "").split(/\s+/)].filter((c, i, all) => c && all.indexOf(c) === i);
    return createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: width ?? size ?? 24,
        height: height ?? size ?? 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: color ?? "currentColor",
        strokeWidth: strokeWidth ?? 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: classes.join(" "),
        ...(named ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  });
}
