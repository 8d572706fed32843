import type { Route } from "./+types/_index";
import { Expertise } from "~/components/home/Expertise";
import { GalleryTeaser } from "~/components/home/GalleryTeaser";
import { Hero } from "~/components/home/Hero";
import { Surgery } from "~/components/home/Surgery";
import { TreatmentsCarousel } from "~/components/home/TreatmentsCarousel";
import { clinic } from "~/content/clinic";
import { originFromMatches, seo } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: `${clinic.name} — implants et esthétique dentaire à Kouba, Alger`,
    description: `Implantologie, facettes, blanchiment et soins dentaires à ${clinic.address.district}, ${clinic.address.city}. ${clinic.figures.yearsOfExperience} ans d'expérience, plus de ${clinic.figures.patients} patients. Prenez rendez-vous en ligne.`,
    path: "/",
  }),
  { "script:ld+json": dentistJsonLd(originFromMatches(matches)) },
];

/** schema.org Dentist, from the clinic identity module. */
export function dentistJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Dentist",
    name: clinic.name,
    url: `${origin}/`,
    image: `${origin}/media/og-default.svg`,
    logo: `${origin}/media/logo.svg`,
    email: clinic.email,
    telephone: clinic.phones.map((p) => p.tel),
    address: {
      "@type": "PostalAddress",
      streetAddress: clinic.address.street,
      addressLocality: `${clinic.address.district}, ${clinic.address.city}`,
      postalCode: clinic.address.postalCode,
      addressCountry: clinic.address.countryCode,
    },
    openingHoursSpecification: clinic.openingHours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.days,
      opens: h.opens,
      closes: h.closes,
    })),
    founder: { "@type": "Person", name: clinic.doctor.name },
    foundingDate: String(clinic.figures.since),
    sameAs: clinic.social.map((s) => s.url),
    priceRange: "$$",
  };
}

export default function Home() {
  return (
    <>
      <Hero />
      <GalleryTeaser />
      <Expertise />
      <Surgery />
      <TreatmentsCarousel />
    </>
  );
}
