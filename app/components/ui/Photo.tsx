import type { ImgHTMLAttributes } from "react";
import { mediaFallbackUrl, mediaSrcSet, type MediaRef } from "~/lib/media";
import { Img } from "./Img";

/** A drawing shipped with the site (public/media), shown while no photo is uploaded. */
export interface Drawing {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface PhotoProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height" | "alt"> {
  /** the uploaded photo, or null: the drawing is shown */
  photo: (MediaRef & { alt: string }) | null | undefined;
  drawing: Drawing;
  /** the `sizes` of the srcset: how wide the picture is drawn ("(min-width: 1024px) 50vw, 100vw") */
  sizes: string;
  /** above the fold: eager, high priority (the page's largest paint) */
  priority?: boolean;
}

/**
 * One picture slot of the site: the uploaded photo as AVIF and WebP with `srcset`, width and
 * height (the box is reserved, nothing shifts), or the drawing when there is none.
 */
export function Photo({ photo, drawing, sizes, priority = false, className, ...rest }: PhotoProps) {
  if (!photo) {
    return <Img src={drawing.src} alt={drawing.alt} width={drawing.width} height={drawing.height} priority={priority} className={className} {...rest} />;
  }
  return (
    <picture>
      <source type="image/avif" srcSet={mediaSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={mediaSrcSet(photo, "webp")} sizes={sizes} />
      <img
        src={mediaFallbackUrl(photo)}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
        className={className}
        {...rest}
      />
    </picture>
  );
}
