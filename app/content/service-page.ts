/**
 * The shape of a static care page (treatment pages, need-based pages and /clean): one typed
 * record per page, rendered by one component (app/components/content/ServicePageView.tsx).
 */
export interface ContentImage {
  /** a file under public/, e.g. "/media/content-implant.svg" */
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface ServicePageSection {
  heading: string;
  paragraphs: string[];
}

export type ServicePageKind = "treatment" | "need" | "aesthetic";

/** The two call-to-action labels the product allows on these pages; both lead to /appointment. */
export type ServiceCta = "Prendre RDV" | "Contactez-nous";

export interface ServicePage {
  /** the URL path without the leading slash */
  slug: string;
  kind: ServicePageKind;
  /** the page's h1 */
  title: string;
  /** <title> (the site name is appended by seo()) */
  metaTitle: string;
  /** meta description, at most 160 characters */
  description: string;
  /** the opening paragraph under the title */
  lead: string;
  image: ContentImage;
  /** what it is, for whom, how it goes, what it costs */
  sections: ServicePageSection[];
  /** three or four short facts shown beside the text */
  keyPoints: { label: string; value: string }[];
  cta: ServiceCta;
  /** slugs of other care pages worth reading next */
  related: string[];
}

/** The illustrations drawn for the care pages (public/media/content-*.svg, 1200 x 800). */
const image = (file: string, alt: string): ContentImage => ({ src: `/media/${file}`, alt, width: 1200, height: 800 });

export const ILLUSTRATIONS = {
  veneers: (alt = "Illustration d'un sourire harmonieux restauré par des facettes dentaires") => image("content-veneers.svg", alt),
  implant: (alt = "Illustration en coupe d'un implant dentaire dans l'os, surmonté de sa couronne") => image("content-implant.svg", alt),
  whitening: (alt = "Illustration d'un sourire éclairci à côté d'un teintier dentaire") => image("content-whitening.svg", alt),
  care: (alt = "Illustration d'une dent soignée par une restauration collée") => image("content-care.svg", alt),
  aligner: (alt = "Illustration d'une gouttière d'alignement transparente au-dessus d'une arcade dentaire") => image("content-aligner.svg", alt),
  proportions: (alt = "Illustration des proportions des dents du sourire, avec des repères de longueur") => image("content-proportions.svg", alt),
  gap: (alt = "Illustration d'un espace entre les deux incisives centrales") => image("content-gap.svg", alt),
  fullArch: (alt = "Illustration d'une arcade complète fixée sur plusieurs implants") => image("content-full-arch.svg", alt),
  gum: (alt = "Illustration d'un sourire laissant voir la gencive au-dessus des dents") => image("content-gum.svg", alt),
  cleaning: (alt = "Illustration d'un polissage professionnel des dents") => image("content-cleaning.svg", alt),
} as const;

/** Shared closing sentence of every budget section: costs vary, financing exists, ask for a quote. */
export const BUDGET_NOTE =
  "Chaque situation étant différente, le montant exact ne peut être donné qu'après un examen clinique. Des facilités de paiement en plusieurs fois peuvent être proposées : demandez-nous votre devis personnalisé, sans engagement.";
