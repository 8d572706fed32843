import { BUDGET_NOTE, ILLUSTRATIONS, type ServicePage } from "./service-page";

/** /clean: professional cleaning and polishing of the smile (menu 'EMBELLIR VOTRE SOURIRE'). */
export const CLEAN_PAGE: ServicePage = {
  slug: "clean",
  kind: "aesthetic",
  title: "Nettoyage et polissage professionnels",
  metaTitle: "Détartrage, polissage et aéropolissage du sourire",
  description:
    "Détartrage, polissage et aéropolissage : un nettoyage professionnel qui retire tartre et taches pour un sourire net et des gencives saines.",
  lead: "Un sourire éclatant commence par des dents propres et des gencives saines. Le nettoyage professionnel retire ce que la brosse à dents ne peut pas atteindre et redonne aux dents leur teinte naturelle, sans agresser l'émail.",
  image: ILLUSTRATIONS.cleaning(),
  sections: [
    {
      heading: "De quoi s'agit-il ?",
      paragraphs: [
        "La séance associe trois gestes. Le détartrage, aux ultrasons, décolle le tartre accumulé au bord des gencives et entre les dents. L'aéropolissage projette un fin jet d'eau, d'air et de poudre douce qui élimine les colorations du café, du thé ou du tabac. Le polissage, enfin, lisse la surface des dents pour qu'elle retienne moins la plaque.",
      ],
    },
    {
      heading: "Pour qui ?",
      paragraphs: [
        "Pour tous les adultes, une à deux fois par an, et plus souvent pour les fumeurs, les personnes sujettes au tartre, les porteurs d'appareils orthodontiques ou d'implants. C'est aussi l'étape préalable à tout blanchiment ou soin esthétique : le résultat est plus juste sur des dents propres.",
      ],
    },
    {
      heading: "Comment se déroule la séance ?",
      paragraphs: [
        "Elle dure de trente à quarante-cinq minutes. Elle n'est en général pas douloureuse ; en cas de gencives sensibles, une anesthésie locale légère peut être proposée. Un saignement modéré des gencives est possible les premiers jours, surtout si elles étaient inflammées.",
        "Nous terminons par des conseils personnalisés : choix de la brosse, brossettes interdentaires et fréquence des contrôles. Le nettoyage ne change pas la teinte naturelle des dents : si vous souhaitez l'éclaircir, un blanchiment pourra être discuté.",
      ],
    },
    {
      heading: "Quel budget prévoir ?",
      paragraphs: [
        `Un nettoyage professionnel reste un soin accessible, dont le coût dépend de la quantité de tartre et de la nécessité d'un aéropolissage. ${BUDGET_NOTE}`,
      ],
    },
  ],
  keyPoints: [
    { label: "Durée", value: "30 à 45 minutes" },
    { label: "Fréquence", value: "1 à 2 fois par an" },
    { label: "Gestes", value: "Détartrage, aéropolissage, polissage" },
  ],
  cta: "Prendre RDV",
  related: ["blanchiment-professionnel", "blanchiment-dents", "soins-conservateurs"],
};
