import type { Drawing } from "~/components/ui/Photo";
import { hero, surgery, treatments } from "~/content/home";
import type { ServicePage } from "~/content/service-page";

/**
 * The picture slots of the public site (docs/product.md, "Staff: photos"): every place where
 * the clinic can put its own photo in place of the drawing shipped in public/media. A slot names
 * the page it appears on, the drawing shown while no photo is uploaded (with its alt text), how
 * wide the picture is drawn (`sizes` of the srcset) and whether it is the page's largest paint
 * (`priority`: loaded first, never lazily).
 *
 * The care pages' slots are made from their page record (`careSlot`), so that this module stays
 * small for the pages that import it; the full list, care pages included, is
 * app/lib/photo-slot-list.ts (the staff screen and the server).
 */
export interface PhotoSlot {
  /** stored in site_photos.slot: letters, digits, dots and dashes */
  key: string;
  /** what the staff screen calls it (French) */
  label: string;
  /** the public page it appears on */
  page: { path: string; title: string };
  drawing: Drawing;
  sizes: string;
  priority: boolean;
}

/** A picture beside the text of a two-column band (page tops, sections). */
const HALF_WIDTH = "(min-width: 1400px) 610px, (min-width: 992px) 48vw, 100vw";
/** The same two columns from 768 px (home sections). */
const HALF_FROM_MD = "(min-width: 1400px) 610px, (min-width: 768px) 48vw, 100vw";

const HOME = { path: "/", title: "Accueil" };
const DENTIST = { path: "/dentist", title: "Transformation du sourire" };
const DOCTOR = { path: "/doctorpage", title: "Le docteur" };
const ESPACE = { path: "/espacesoinpage", title: "Espace de soin" };
const FORMATION = { path: "/formation", title: "Formation" };

const draw = (src: string, alt: string, width: number, height: number): Drawing => ({ src, alt, width, height });

const SURGERY_SLOTS: PhotoSlot[] = surgery.blocks.map((b, i) => ({
  key: `home.surgery.${i + 1}`,
  label: `Chirurgie et implantologie : « ${b.title} »`,
  page: HOME,
  drawing: draw(b.image.src, b.image.alt, 1000, 750),
  sizes: HALF_FROM_MD,
  priority: false,
}));

const TREATMENT_SLOTS: PhotoSlot[] = treatments.tabs.map((t) => ({
  key: `home.treatments.${t.id}`,
  label: `Nos soins et traitements : ${t.title}`,
  page: HOME,
  drawing: draw(t.image, t.imageAlt, 900, 700),
  // inside the carousel's card (padding 40 px) from 768 px
  sizes: "(min-width: 1400px) 580px, (min-width: 768px) 45vw, 100vw",
  priority: false,
}));

/** Every slot outside the care pages, in the order the staff screen shows them. */
export const SITE_PHOTO_SLOTS = {
  "home.hero": {
    key: "home.hero",
    label: "Grande image du haut de la page d'accueil (derrière le titre)",
    page: HOME,
    // decorative behind the title: the drawing has no alt text; a photo gets the one staff write
    drawing: draw(hero.image.src, "", hero.image.width, hero.image.height),
    sizes: "100vw",
    priority: true,
  },
  "dentist.hero": {
    key: "dentist.hero",
    label: "Image du haut de page",
    page: DENTIST,
    drawing: draw("/media/content-smile-hero.svg", "Illustration d'un sourire lumineux et harmonieux", 1200, 800),
    sizes: HALF_WIDTH,
    priority: true,
  },
  "dentist.redo": {
    key: "dentist.redo",
    label: "Section « Refaire ses dents »",
    page: DENTIST,
    drawing: draw("/media/content-veneers-after.svg", "Illustration d'un sourire refait, aux dents régulières et naturelles", 1200, 800),
    sizes: HALF_WIDTH,
    priority: false,
  },
  "dentist.veneers": {
    key: "dentist.veneers",
    label: "Section « Facettes »",
    page: DENTIST,
    drawing: draw("/media/content-veneers.svg", "Illustration de facettes en céramique posées sur les dents du sourire", 1200, 800),
    sizes: HALF_WIDTH,
    priority: false,
  },
  "doctor.portrait": {
    key: "doctor.portrait",
    label: "Portrait du docteur (haut de page)",
    page: DOCTOR,
    drawing: draw("/media/content-doctor.svg", "Portrait illustré du docteur dans son cabinet", 1200, 800),
    sizes: HALF_WIDTH,
    priority: true,
  },
  "espace.room": {
    key: "espace.room",
    label: "Salle de soins (haut de page)",
    page: ESPACE,
    drawing: draw("/media/content-clinic.svg", "Illustration de la salle de soins : fauteuil dentaire, scialytique et écran d'imagerie", 1200, 800),
    sizes: HALF_WIDTH,
    priority: true,
  },
  "espace.sterilisation": {
    key: "espace.sterilisation",
    label: "Hygiène et stérilisation",
    page: ESPACE,
    drawing: draw("/media/content-sterilisation.svg", "Illustration de la chaîne de stérilisation : autoclave et sachets d'instruments tracés", 1200, 800),
    sizes: HALF_WIDTH,
    priority: false,
  },
  "formation.hero": {
    key: "formation.hero",
    label: "Image du haut de page",
    page: FORMATION,
    // decorative beside the title
    drawing: draw("/media/formation-hero.svg", "", 720, 540),
    sizes: "(min-width: 992px) 576px, 384px",
    priority: true,
  },
  "formation.trainer": {
    key: "formation.trainer",
    label: "Portrait du formateur",
    page: FORMATION,
    drawing: draw("/media/formation-trainer.svg", "Portrait illustré du formateur", 480, 480),
    sizes: "320px",
    priority: false,
  },
} satisfies Record<string, PhotoSlot>;

export type SitePhotoSlotKey = keyof typeof SITE_PHOTO_SLOTS;

/** The home page's slots: the hero, then the surgery blocks and the treatments carousel. */
export const HOME_PHOTO_SLOTS: PhotoSlot[] = [SITE_PHOTO_SLOTS["home.hero"], ...SURGERY_SLOTS, ...TREATMENT_SLOTS];

/** The surgery block `i` (0-based) of the home page. */
export function surgerySlot(i: number): PhotoSlot {
  return SURGERY_SLOTS[i];
}

/** The treatments carousel's tab `i` (0-based). */
export function treatmentSlot(i: number): PhotoSlot {
  return TREATMENT_SLOTS[i];
}

/** The picture at the top of a care page (treatments, needs, /clean): its own illustration. */
export function careSlot(page: Pick<ServicePage, "slug" | "title" | "image">): PhotoSlot {
  return {
    key: `care.${page.slug}`,
    label: "Image du haut de page",
    page: { path: `/${page.slug}`, title: page.title },
    drawing: page.image,
    sizes: HALF_WIDTH,
    priority: true,
  };
}
