import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ContentImage } from "~/content/service-page";
import { SlotPhoto } from "~/components/ui/SlotPhoto";
import { useI18n } from "~/hooks/use-locale";
import type { PhotoSlot } from "~/lib/photo-slots";

export interface Crumb {
  to?: string;
  label: string;
}

/**
 * The opening band of a content page: breadcrumb, eyebrow, the page's one h1, a lead paragraph,
 * optional actions and an optional picture (loaded first: it is above the fold): the photo staff
 * put in its slot, or the slot's drawing (`image` overrides the slot's drawing).
 * It is the page's largest paint (the picture, or the title and lead): painted with the server
 * HTML, at full opacity, with no entrance animation; the picture is eager, high priority, sized.
 */
export function PageHeader({
  crumbs,
  eyebrow,
  title,
  lead,
  image,
  photoSlot,
  children,
}: {
  crumbs: Crumb[];
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  /** the picture's slot (app/lib/photo-slots.ts) */
  photoSlot?: PhotoSlot;
  /** the drawing to show instead of the slot's own (an alt text naming the doctor) */
  image?: ContentImage;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className="relative overflow-hidden bg-ivory">
      <div aria-hidden="true" className="pointer-events-none absolute -end-24 -top-24 h-72 w-72 rounded-full bg-teal-100/60 blur-2xl" />
      <div aria-hidden="true" className="pointer-events-none absolute -start-24 bottom-2 h-64 w-64 rounded-full bg-gold-100/70 blur-2xl" />
      <div className={`container-site relative grid gap-10 py-10 md:py-14 ${photoSlot ? "lg:grid-cols-[1.05fr_1fr] lg:items-center lg:gap-14" : ""}`}>
        <div>
          <nav aria-label={t("layout.breadcrumb")}>
            <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
              {crumbs.map((c, i) => (
                <li key={`${c.label}-${i}`} className="flex items-center gap-1">
                  {i > 0 && <ChevronRight aria-hidden="true" className="h-3.5 w-3.5 text-slate-400 rtl:-scale-x-100" />}
                  {c.to ? (
                    <Link to={c.to} className="hover:text-teal-600 hover:underline">
                      {c.label}
                    </Link>
                  ) : i === crumbs.length - 1 ? (
                    <span aria-current="page" className="font-medium text-navy-900">
                      {c.label}
                    </span>
                  ) : (
                    <span>{c.label}</span>
                  )}
                </li>
              ))}
            </ol>
          </nav>
          {eyebrow && <p className="eyebrow mt-6">{eyebrow}</p>}
          <h1 className="mt-3 font-serif text-4xl font-bold leading-tight text-navy-900 md:text-5xl">{title}</h1>
          {lead && <p className="mt-5 max-w-2xl text-lg leading-relaxed text-slate-700">{lead}</p>}
          {children && <div className="mt-7 flex flex-wrap gap-3">{children}</div>}
        </div>
        {photoSlot && (
          <div className="relative">
            <div aria-hidden="true" className="absolute -inset-3 -z-0 rotate-2 rounded-[2rem] bg-teal-600/10" />
            <SlotPhoto
              slot={photoSlot}
              drawing={image}
              className="relative aspect-[3/2] w-full rounded-[1.75rem] object-cover shadow-xl shadow-navy-900/10"
            />
          </div>
        )}
      </div>
    </section>
  );
}
