import type { ContentImage } from "./service-page";

/**
 * The demo before/after cards of /gallery (docs/product.md, "Staff: gallery and reviews"): drawings
 * made for the site, shown only while the clinic has no real case on the site. Real cases are
 * rows (app/.server/repos/gallery.ts) with the patient's recorded consent.
 */
export interface GalleryItem {
  id: number;
  treatment: string;
  description: string;
  before: ContentImage;
  after: ContentImage;
  /** where to read about the treatment */
  link: { to: string; label: string };
}

export const GALLERY_ITEMS: GalleryItem[] = [
  {
    id: 1,
    treatment: "Blanchiment dentaire",
    description:
      "Blanchiment au fauteuil précédé d'un détartrage. Illustration : le gain de teinte varie d'une personne à l'autre selon la couleur de départ.",
    before: {
      src: "/media/content-whitening-before.svg",
      alt: "Avant : dents à la teinte jaunie",
      width: 1200,
      height: 800,
    },
    after: {
      src: "/media/content-whitening-after.svg",
      alt: "Après : dents à la teinte éclaircie",
      width: 1200,
      height: 800,
    },
    link: { to: "/blanchiment-professionnel", label: "Le blanchiment professionnel" },
  },
  {
    id: 2,
    treatment: "Facettes dentaires",
    description:
      "Incisives usées et de formes irrégulières, harmonisées par des facettes en céramique après essai d'une maquette. Illustration : chaque plan de traitement est personnalisé.",
    before: {
      src: "/media/content-veneers-before.svg",
      alt: "Avant : incisives usées, ébréchées et de longueurs irrégulières",
      width: 1200,
      height: 800,
    },
    after: {
      src: "/media/content-veneers-after.svg",
      alt: "Après : incisives de forme et de longueur harmonieuses",
      width: 1200,
      height: 800,
    },
    link: { to: "/esthetique-dentaire", label: "L'esthétique dentaire" },
  },
];
