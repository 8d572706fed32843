import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";

export const PLACEHOLDER_SRC = "/media/placeholder.svg";

export interface ImgProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "width" | "height" | "alt"> {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** above the fold: load eagerly with high priority */
  priority?: boolean;
}

/**
 * The one image component of the site: explicit dimensions (no layout shift), lazy below the
 * fold, and the shared placeholder picture when the source is missing or fails to load (here
 * on a hydrated page; on a content page, which is not hydrated, the site's script does it:
 * `data-fallback`, app/site/chrome.ts).
 */
export function Img({ src, alt, width, height, priority = false, className, onError, ...rest }: ImgProps) {
  const [failed, setFailed] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setFailed(!src);
  }, [src]);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const el = ref.current;
    if (el && el.complete && el.naturalWidth === 0 && src && !failed) setFailed(true);
  }, [src, failed]);

  return (
    <img
      ref={ref}
      src={failed ? PLACEHOLDER_SRC : src!}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : undefined}
      data-placeholder={failed ? "true" : undefined}
      data-fallback
      className={className}
      onError={(e) => {
        if (!failed) setFailed(true);
        onError?.(e);
      }}
      {...rest}
    />
  );
}
