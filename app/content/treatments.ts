import { BUDGET_NOTE, ILLUSTRATIONS, type ServicePage } from "./service-page";

/** The five treatment pages of the 'NOS SOINS ET TRAITEMENTS' menu (docs/product.md, "Public site"). */
export const TREATMENT_PAGES: ServicePage[] = [
  {
    slug: "esthetique-dentaire",
    kind: "treatment",
    title: "Esthétique dentaire",
    metaTitle: "Esthétique dentaire et facettes à Kouba, Alger",
    description:
      "Facettes, composites et harmonisation du sourire : un plan esthétique réfléchi, en préservant au maximum vos dents. Consultation et devis personnalisé.",
    lead: "L'esthétique dentaire regroupe les soins qui modifient la forme, la teinte ou l'alignement apparent des dents afin de retrouver un sourire harmonieux, en accord avec votre visage et dans le respect de vos dents naturelles.",
    image: ILLUSTRATIONS.veneers(),
    sections: [
      {
        heading: "De quoi s'agit-il ?",
        paragraphs: [
          "Selon la situation, plusieurs techniques peuvent être proposées : le blanchiment, les composites collés (une résine de la couleur de la dent, modelée directement en bouche), les facettes en céramique (de fines pellicules collées sur la face visible des dents) ou les couronnes lorsqu'une dent est très délabrée.",
          "Notre approche privilégie toujours la solution la moins invasive : une dent saine n'est pas taillée si un résultat satisfaisant peut être obtenu autrement.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Ces soins s'adressent aux adultes gênés par des dents tachées, usées, fracturées, de forme irrégulière ou légèrement mal positionnées. Ils supposent des gencives saines et une bonne hygiène : les caries ou l'inflammation des gencives sont traitées en premier.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Tout commence par une consultation : examen, photographies et, si nécessaire, radiographies. Nous discutons de vos attentes et de ce qui est réalisable. Pour les cas le permettant, une simulation du futur sourire (maquette en résine essayée en bouche) vous aide à vous projeter avant toute décision.",
          "Les composites se réalisent en une ou deux séances ; les facettes en céramique demandent en général deux à trois rendez-vous, le temps de la fabrication au laboratoire.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [
          `Le coût dépend de la technique retenue, du matériau et du nombre de dents concernées : un composite sur une dent et un ensemble de facettes en céramique ne relèvent pas du même budget. ${BUDGET_NOTE}`,
        ],
      },
    ],
    keyPoints: [
      { label: "Séances", value: "1 à 3 selon la technique" },
      { label: "Anesthésie", value: "Locale, si nécessaire" },
      { label: "Approche", value: "Préserver la dent naturelle" },
    ],
    cta: "Prendre RDV",
    related: ["blanchiment-professionnel", "fermeture-espaces", "allongement-dent-courte"],
  },
  {
    slug: "implants-dentaires",
    kind: "treatment",
    title: "Implants dentaires",
    metaTitle: "Implants dentaires à Kouba, Alger",
    description:
      "Remplacer une ou plusieurs dents par des implants : bilan 3D, chirurgie sous anesthésie locale et prothèse fixe. Consultation et devis personnalisé.",
    lead: "Un implant dentaire est une racine artificielle en titane, placée dans l'os de la mâchoire, qui sert de support à une couronne, à un bridge ou à une prothèse complète. C'est aujourd'hui une solution fiable et durable pour remplacer des dents absentes.",
    image: ILLUSTRATIONS.implant(),
    sections: [
      {
        heading: "De quoi s'agit-il ?",
        paragraphs: [
          "L'implant se soude progressivement à l'os : c'est l'ostéo-intégration, qui prend en général deux à quatre mois. Une fois stable, il reçoit une dent prothétique vissée ou scellée, qui se brosse et se mâche comme une dent naturelle, sans toucher aux dents voisines.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Les implants conviennent à la plupart des adultes ayant perdu une ou plusieurs dents, dès la fin de la croissance. Certaines situations demandent une évaluation attentive : diabète non équilibré, tabagisme important, traitements de l'os ou volume osseux insuffisant, qui peut parfois être reconstitué par une greffe.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Le bilan comprend un examen clinique et une imagerie en trois dimensions (cone beam) pour mesurer l'os disponible et planifier la position de l'implant. La pose se fait sous anesthésie locale et dure le plus souvent moins d'une heure par implant.",
          "Après la période de cicatrisation, pendant laquelle une dent provisoire peut être portée, la couronne définitive est réalisée. Des contrôles réguliers et un détartrage annuel assurent ensuite la longévité de l'ensemble.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [
          `Le prix varie selon le nombre d'implants, le type de prothèse et la nécessité éventuelle d'une greffe osseuse. Le devis détaille chaque étape : chirurgie, pièces implantaires et prothèse. ${BUDGET_NOTE}`,
        ],
      },
    ],
    keyPoints: [
      { label: "Cicatrisation", value: "2 à 4 mois en général" },
      { label: "Anesthésie", value: "Locale" },
      { label: "Bilan", value: "Imagerie 3D (cone beam)" },
    ],
    cta: "Prendre RDV",
    related: ["remplacement-dent-implant", "remplacement-complet-implants", "correction-sourires-edentes"],
  },
  {
    slug: "blanchiment-professionnel",
    kind: "treatment",
    title: "Blanchiment professionnel",
    metaTitle: "Blanchiment dentaire professionnel à Kouba, Alger",
    description:
      "Éclaircir la teinte des dents en toute sécurité, au cabinet ou avec des gouttières sur mesure, après un bilan bucco-dentaire. Demandez votre devis.",
    lead: "Le blanchiment professionnel éclaircit la teinte naturelle des dents grâce à un gel appliqué sous contrôle du chirurgien-dentiste, avec des concentrations et des protections adaptées à vos dents et à vos gencives.",
    image: ILLUSTRATIONS.whitening(),
    sections: [
      {
        heading: "De quoi s'agit-il ?",
        paragraphs: [
          "Deux méthodes existent et peuvent se combiner : le blanchiment au fauteuil, réalisé en une séance d'environ une heure et demie, et le blanchiment ambulatoire, avec des gouttières faites sur mesure que vous portez chez vous pendant une à deux semaines.",
          "Le gel agit sur les pigments à l'intérieur de l'émail. Il n'éclaircit pas les couronnes, les facettes ni les composites, qu'il faudra peut-être harmoniser ensuite.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Le blanchiment s'adresse aux adultes dont les dents ont jauni avec le temps, le café, le thé ou le tabac. Il est déconseillé pendant la grossesse et l'allaitement, et il est reporté en cas de caries, de gencives inflammées ou de sensibilités importantes, qui sont soignées d'abord.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Un détartrage précède le blanchiment. La teinte de départ est relevée avec un teintier, puis les gencives sont protégées avant l'application du gel. Une sensibilité passagère au froid peut apparaître pendant quelques jours ; elle disparaît spontanément.",
          "Le résultat dépend de la teinte d'origine et varie d'une personne à l'autre. Il se maintient plusieurs années si l'on limite les aliments colorants et que l'on garde un suivi régulier.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [
          `Le tarif dépend de la méthode choisie (au fauteuil, ambulatoire ou combinée) et des soins préalables éventuels. ${BUDGET_NOTE}`,
        ],
      },
    ],
    keyPoints: [
      { label: "Au fauteuil", value: "Une séance d'environ 1 h 30" },
      { label: "À domicile", value: "1 à 2 semaines de gouttières" },
      { label: "Préalable", value: "Détartrage et bilan" },
    ],
    cta: "Prendre RDV",
    related: ["blanchiment-dents", "esthetique-dentaire", "soins-conservateurs"],
  },
  {
    slug: "soins-conservateurs",
    kind: "treatment",
    title: "Soins conservateurs",
    metaTitle: "Soins conservateurs : caries, dévitalisations et restaurations",
    description:
      "Soigner les caries, traiter les racines et restaurer les dents abîmées pour les garder le plus longtemps possible. Consultation à Kouba, Alger.",
    lead: "Les soins conservateurs ont un but simple : garder vos dents naturelles en bonne santé le plus longtemps possible. Ils regroupent le traitement des caries, des racines et des dents fragilisées.",
    image: ILLUSTRATIONS.care(),
    sections: [
      {
        heading: "De quoi s'agit-il ?",
        paragraphs: [
          "Une carie débutante se soigne par une obturation en composite, de la couleur de la dent. Lorsque l'infection atteint le nerf, un traitement de racine (dévitalisation) nettoie et obture les canaux pour conserver la dent. Une dent très fragilisée peut ensuite être protégée par un inlay, un onlay ou une couronne.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Pour tous les âges, dès l'apparition d'une sensibilité, d'une douleur, d'une dent cassée ou simplement lors du contrôle annuel. Plus une carie est prise tôt, plus le soin est simple, rapide et économique.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Après un examen et, si besoin, une radiographie, le soin est réalisé sous anesthésie locale. Une obturation se fait en une séance ; une dévitalisation en une ou deux séances selon la dent et l'état de l'infection.",
          "Nous vous expliquons chaque étape et vous remettons des conseils d'hygiène adaptés pour éviter que le problème ne réapparaisse.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [
          `Le coût varie avec l'étendue de la lésion, le nombre de canaux à traiter et le type de restauration nécessaire. ${BUDGET_NOTE}`,
        ],
      },
    ],
    keyPoints: [
      { label: "Obturation", value: "Une séance" },
      { label: "Dévitalisation", value: "1 à 2 séances" },
      { label: "Contrôle conseillé", value: "Une fois par an" },
    ],
    cta: "Contactez-nous",
    related: ["restauration-dents", "blanchiment-professionnel", "implants-dentaires"],
  },
  {
    slug: "orthodontie-invisible",
    kind: "treatment",
    title: "Orthodontie invisible",
    metaTitle: "Orthodontie invisible par aligneurs transparents",
    description:
      "Aligner les dents avec des gouttières transparentes et amovibles, planifiées sur ordinateur. Bilan orthodontique et devis personnalisé à Kouba.",
    lead: "L'orthodontie invisible déplace progressivement les dents à l'aide d'une série de gouttières transparentes, fabriquées sur mesure. Discrètes et amovibles, elles se retirent pour manger et se brosser les dents.",
    image: ILLUSTRATIONS.aligner(),
    sections: [
      {
        heading: "De quoi s'agit-il ?",
        paragraphs: [
          "À partir d'une empreinte numérique de vos dents, le déplacement est planifié étape par étape sur ordinateur. Chaque gouttière est portée une à deux semaines avant de passer à la suivante ; de petits taquets de composite, collés sur certaines dents, aident à guider les mouvements.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Les aligneurs conviennent aux adolescents en fin de croissance et aux adultes présentant un encombrement, des espaces ou un décalage modéré. Les cas plus complexes peuvent nécessiter un appareil fixe : le bilan permet de vous orienter vers la solution la plus adaptée.",
          "Le résultat dépend en grande partie de votre assiduité : les gouttières doivent être portées environ 22 heures par jour.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Le bilan comprend un examen, des photographies, des radiographies et une empreinte numérique. Une simulation du déplacement des dents vous est présentée avant de commencer. Des rendez-vous de suivi ont lieu toutes les six à huit semaines ; à la fin, une contention (fil collé ou gouttière de nuit) stabilise le résultat.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [
          `Le coût dépend de la complexité du cas et de la durée du traitement, de quelques mois à plus d'un an. ${BUDGET_NOTE}`,
        ],
      },
    ],
    keyPoints: [
      { label: "Port quotidien", value: "Environ 22 h par jour" },
      { label: "Suivi", value: "Toutes les 6 à 8 semaines" },
      { label: "Durée", value: "Quelques mois à plus d'un an" },
    ],
    cta: "Prendre RDV",
    related: ["alignement-dents", "fermeture-espaces", "esthetique-dentaire"],
  },
];
