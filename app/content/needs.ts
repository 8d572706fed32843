import { BUDGET_NOTE, ILLUSTRATIONS, type ServicePage } from "./service-page";

/** The ten need-based pages of the 'VOTRE BESOIN' menu (docs/product.md, "Public site"). */
export const NEED_PAGES: ServicePage[] = [
  {
    slug: "allongement-dent-courte",
    kind: "need",
    title: "Allonger une dent courte",
    metaTitle: "Allonger une dent courte ou usée",
    description:
      "Dents courtes, usées ou cachées par la gencive : composites, facettes ou remodelage de la gencive pour retrouver des proportions naturelles.",
    lead: "Des dents qui paraissent trop courtes donnent souvent au sourire un aspect vieilli ou déséquilibré. Selon la cause, il est possible de leur redonner une longueur harmonieuse, en restant le plus conservateur possible.",
    image: ILLUSTRATIONS.proportions("Illustration de dents courtes retrouvant une longueur harmonieuse, avec des repères de proportion"),
    sections: [
      {
        heading: "D'où vient le problème ?",
        paragraphs: [
          "Une dent peut être courte parce que son bord s'est usé (serrement ou grincement des dents, alimentation acide), parce qu'elle s'est fracturée, ou parce que la gencive recouvre une partie de la couronne. Le diagnostic de cette cause oriente tout le traitement.",
        ],
      },
      {
        heading: "Quelles solutions ?",
        paragraphs: [
          "Lorsque le bord est usé, la longueur se reconstitue par un composite collé ou par une facette en céramique. Lorsque la gencive est trop présente, un remodelage de la gencive (élongation coronaire) découvre la partie cachée de la dent. Les deux approches se combinent parfois.",
          "Si l'usure vient d'un grincement nocturne, une gouttière de protection est conseillée pour préserver le résultat.",
        ],
      },
      {
        heading: "Comment se déroule la prise en charge ?",
        paragraphs: [
          "La consultation comprend un examen, des photographies et une analyse des proportions de votre sourire. Une maquette peut être essayée en bouche pour visualiser la nouvelle longueur avant de réaliser les soins, en une à trois séances selon la technique.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Le coût varie selon le nombre de dents, la technique et la nécessité d'un geste sur la gencive. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Techniques", value: "Composite, facette, remodelage gingival" },
      { label: "Séances", value: "1 à 3" },
      { label: "Avant de décider", value: "Essai d'une maquette" },
    ],
    cta: "Contactez-nous",
    related: ["raccourcissement-dent-longue", "correction-sourire-gingival", "esthetique-dentaire"],
  },
  {
    slug: "raccourcissement-dent-longue",
    kind: "need",
    title: "Raccourcir une dent longue",
    metaTitle: "Raccourcir une dent trop longue",
    description:
      "Une dent qui dépasse ou paraît trop longue : remodelage du bord, orthodontie ou soin de la gencive selon la cause. Consultation à Kouba, Alger.",
    lead: "Une dent qui dépasse de l'alignement ou paraît plus longue que ses voisines attire le regard. La bonne solution dépend de la raison de cet écart, que l'examen permet d'identifier.",
    image: ILLUSTRATIONS.proportions(),
    sections: [
      {
        heading: "D'où vient le problème ?",
        paragraphs: [
          "Une dent peut sembler longue parce qu'elle est sortie de l'alignement (elle a « poussé » faute d'antagoniste ou à cause d'un décalage), parce que sa forme est naturellement allongée, ou parce que la gencive s'est rétractée en découvrant la racine.",
        ],
      },
      {
        heading: "Quelles solutions ?",
        paragraphs: [
          "Un léger excès de longueur se corrige par un remodelage du bord de la dent, indolore, en une séance. Une dent mal positionnée se replace par orthodontie, souvent avec des aligneurs transparents. Lorsque la gencive s'est rétractée, une greffe de gencive peut recouvrir la racine et protéger la dent.",
        ],
      },
      {
        heading: "Comment se déroule la prise en charge ?",
        paragraphs: [
          "Après l'examen, nous vous présentons les options possibles avec leurs avantages et leurs limites. Le remodelage se fait en une séance ; l'orthodontie et la chirurgie gingivale font l'objet d'un plan de traitement expliqué en détail.",
          "Une dent dont la racine est exposée peut aussi être sensible : traiter la cause protège à la fois l'esthétique et la santé de la dent.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Un simple remodelage reste un acte modeste ; une orthodontie ou une greffe représentent un budget plus important. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Remodelage", value: "Une séance, sans anesthésie" },
      { label: "Autres options", value: "Orthodontie, greffe de gencive" },
      { label: "Première étape", value: "Trouver la cause" },
    ],
    cta: "Contactez-nous",
    related: ["allongement-dent-courte", "alignement-dents", "correction-sourire-gingival"],
  },
  {
    slug: "alignement-dents",
    kind: "need",
    title: "Aligner les dents",
    metaTitle: "Aligner les dents : aligneurs ou appareil",
    description:
      "Dents chevauchées ou décalées : aligneurs transparents ou appareil orthodontique, après un bilan complet. Devis personnalisé à Kouba, Alger.",
    lead: "Des dents qui se chevauchent ou se décalent ne posent pas qu'une question d'apparence : elles sont plus difficiles à nettoyer et peuvent s'user de façon inégale. Il n'est jamais trop tard pour les aligner.",
    image: ILLUSTRATIONS.aligner("Illustration d'une gouttière transparente guidant l'alignement des dents"),
    sections: [
      {
        heading: "De quoi s'agit-il ?",
        paragraphs: [
          "L'orthodontie déplace les dents grâce à des forces douces et continues. Chez l'adulte, deux grandes familles d'appareils existent : les gouttières transparentes amovibles (aligneurs) et les appareils fixes à attaches, céramiques ou métalliques.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Pour les adolescents et les adultes, avec des gencives et un os en bonne santé. Les aligneurs conviennent à la majorité des encombrements et des décalages modérés ; certaines situations complexes restent mieux traitées par un appareil fixe, voire en association avec un orthodontiste ou un chirurgien.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Après un bilan (photographies, radiographies, empreinte numérique), une simulation du résultat visé vous est présentée. Le traitement dure de quelques mois à deux ans selon le cas, avec un rendez-vous de contrôle toutes les six à huit semaines.",
          "À la fin, une contention est indispensable pour que les dents ne reprennent pas leur ancienne position.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Le coût dépend de l'appareil choisi, de la complexité et de la durée du traitement. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Appareils", value: "Aligneurs ou appareil fixe" },
      { label: "Durée", value: "Quelques mois à 2 ans" },
      { label: "Après", value: "Contention indispensable" },
    ],
    cta: "Prendre RDV",
    related: ["orthodontie-invisible", "fermeture-espaces", "raccourcissement-dent-longue"],
  },
  {
    slug: "fermeture-espaces",
    kind: "need",
    title: "Fermer les espaces entre les dents",
    metaTitle: "Fermer les espaces entre les dents (diastème)",
    description:
      "Espace entre les incisives ou dents écartées : composites, facettes, orthodontie ou implant selon la situation. Consultation et devis personnalisé.",
    lead: "Un espace entre les dents, en particulier entre les deux incisives du haut (le diastème), est fréquent. Certains l'apprécient, d'autres souhaitent le refermer : plusieurs solutions existent, de la plus simple à la plus complète.",
    image: ILLUSTRATIONS.gap(),
    sections: [
      {
        heading: "D'où viennent les espaces ?",
        paragraphs: [
          "Ils peuvent être liés à des dents plus petites que la moyenne, à une dent absente, à un frein de la lèvre inséré bas, à des habitudes (pression de la langue) ou au déplacement des dents lorsque la gencive et l'os se fragilisent. Dans ce dernier cas, les gencives doivent être soignées avant tout.",
        ],
      },
      {
        heading: "Quelles solutions ?",
        paragraphs: [
          "Un petit espace se ferme souvent en une séance par l'ajout de composite sur les bords des dents, sans les tailler. Des facettes en céramique conviennent quand la forme des dents doit aussi être modifiée. L'orthodontie rapproche les dents lorsque les espaces sont nombreux ; un implant remplace une dent manquante.",
        ],
      },
      {
        heading: "Comment se déroule la prise en charge ?",
        paragraphs: [
          "L'examen précise la cause de l'espace et l'état des gencives. Nous vous présentons ensuite les options adaptées, avec une simulation lorsque c'est utile, pour choisir ensemble la plus juste.",
          "Si un frein de lèvre trop bas est en cause, un geste simple sous anesthésie locale peut être proposé pour éviter la réouverture de l'espace.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Fermer un espace par composite représente un budget réduit ; facettes, orthodontie ou implant relèvent d'un autre ordre de coût. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Solution rapide", value: "Composite en une séance" },
      { label: "Autres options", value: "Facettes, orthodontie, implant" },
      { label: "Préalable", value: "Des gencives saines" },
    ],
    cta: "Contactez-nous",
    related: ["alignement-dents", "esthetique-dentaire", "remplacement-dent-implant"],
  },
  {
    slug: "blanchiment-dents",
    kind: "need",
    title: "Blanchir les dents",
    metaTitle: "Blanchir les dents : causes des colorations et solutions",
    description:
      "Dents jaunies, tachées ou dent dévitalisée qui fonce : détartrage, blanchiment ou facettes selon la cause. Bilan et devis personnalisé.",
    lead: "Les dents foncent naturellement avec l'âge, et certaines habitudes accentuent ce phénomène. Avant de choisir un traitement, il faut savoir si la coloration est en surface ou dans la dent.",
    image: ILLUSTRATIONS.whitening("Illustration d'un sourire éclairci à côté d'un teintier, pour comparer les teintes"),
    sections: [
      {
        heading: "D'où viennent les colorations ?",
        paragraphs: [
          "Les taches de surface viennent du café, du thé, du tabac ou de certains bains de bouche ; elles partent souvent avec un détartrage et un polissage. Les colorations internes sont liées à l'âge, à une dent dévitalisée qui noircit, à certains médicaments pris pendant l'enfance ou à un excès de fluor.",
        ],
      },
      {
        heading: "Quelles solutions ?",
        paragraphs: [
          "Un blanchiment professionnel, au cabinet ou avec des gouttières sur mesure, éclaircit l'ensemble des dents. Une dent dévitalisée isolée peut être éclaircie de l'intérieur. Lorsque les taches résistent au blanchiment, des facettes peuvent être envisagées.",
          "Les produits de blanchiment vendus sans encadrement peuvent abîmer l'émail ou les gencives : un avis professionnel est toujours préférable.",
        ],
      },
      {
        heading: "Comment se déroule la prise en charge ?",
        paragraphs: [
          "Un bilan vérifie l'absence de caries et de gencives inflammées, puis un détartrage est réalisé. La teinte de départ est notée pour mesurer l'évolution. Le résultat varie selon les personnes et se maintient d'autant mieux que le suivi est régulier.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Un détartrage avec polissage, un blanchiment ou des facettes représentent des budgets très différents. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Taches de surface", value: "Détartrage et polissage" },
      { label: "Teinte générale", value: "Blanchiment encadré" },
      { label: "Déconseillé", value: "Grossesse et allaitement" },
    ],
    cta: "Prendre RDV",
    related: ["blanchiment-professionnel", "restauration-dents", "esthetique-dentaire"],
  },
  {
    slug: "restauration-dents",
    kind: "need",
    title: "Restaurer les dents abîmées",
    metaTitle: "Restaurer une dent cassée, cariée ou usée",
    description:
      "Dent cassée, cariée ou usée : composite, inlay, onlay ou couronne céramique pour la renforcer et la conserver. Consultation à Kouba, Alger.",
    lead: "Une dent cassée, cariée ou usée peut presque toujours être reconstruite. L'objectif est de lui rendre sa forme, sa solidité et son aspect, tout en conservant le plus possible de tissu naturel.",
    image: ILLUSTRATIONS.care("Illustration d'une dent abîmée reconstruite par une restauration collée"),
    sections: [
      {
        heading: "De quoi s'agit-il ?",
        paragraphs: [
          "Selon l'étendue des dégâts, la dent est restaurée par un composite réalisé en bouche, par un inlay ou un onlay (une pièce en céramique ou en composite fabriquée sur mesure et collée), ou par une couronne qui recouvre entièrement la dent lorsqu'elle est très fragilisée.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Pour toute personne ayant une dent cassée, une ancienne obturation défectueuse, une carie étendue ou des dents usées. Une dent fracturée doit être examinée rapidement, même sans douleur : une fissure peut progresser jusqu'à la racine.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Après l'examen et une radiographie, la partie abîmée est éliminée sous anesthésie locale. Un composite se réalise en une séance ; un inlay, un onlay ou une couronne demandent en général deux rendez-vous, avec une restauration provisoire entre les deux.",
          "Si la dent a été dévitalisée, elle est souvent renforcée avant d'être recouverte, car elle devient plus cassante.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Le coût dépend de la technique et du matériau retenus, ainsi que des soins préalables éventuels. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Composite", value: "Une séance" },
      { label: "Inlay, onlay, couronne", value: "2 rendez-vous en général" },
      { label: "Dent cassée", value: "À examiner rapidement" },
    ],
    cta: "Contactez-nous",
    related: ["soins-conservateurs", "allongement-dent-courte", "remplacement-dent-implant"],
  },
  {
    slug: "remplacement-dent-implant",
    kind: "need",
    title: "Remplacer une dent par un implant",
    metaTitle: "Remplacer une dent manquante par un implant",
    description:
      "Une dent manquante remplacée par un implant et une couronne, sans toucher aux dents voisines. Bilan 3D et devis personnalisé à Kouba, Alger.",
    lead: "Lorsqu'une dent est perdue ou doit être extraite, l'implant permet de la remplacer sans tailler les dents voisines. Il préserve aussi l'os, qui a tendance à se résorber là où la dent manque.",
    image: ILLUSTRATIONS.implant("Illustration d'un implant unitaire remplaçant une dent entre deux dents naturelles"),
    sections: [
      {
        heading: "Pourquoi remplacer une dent manquante ?",
        paragraphs: [
          "Au-delà de l'esthétique, une dent absente modifie l'équilibre de la bouche : les dents voisines basculent, la dent opposée « descend » et la mastication se reporte sur un seul côté. Remplacer la dent évite ces déplacements.",
        ],
      },
      {
        heading: "Implant ou bridge ?",
        paragraphs: [
          "Le bridge s'appuie sur les deux dents voisines, qu'il faut tailler. L'implant est indépendant : il remplace la racine et reçoit une couronne, ce qui respecte les dents adjacentes. Le choix se fait après l'examen, selon l'os disponible, l'état des dents voisines et votre santé générale.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Une imagerie 3D permet de planifier précisément la pose. L'implant est placé sous anesthésie locale, parfois dès l'extraction lorsque les conditions le permettent. Après deux à quatre mois de cicatrisation, la couronne définitive est fixée.",
          "Pendant cette période, une dent provisoire peut être proposée afin de ne pas rester avec un espace visible.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Le prix comprend la chirurgie, l'implant, le pilier et la couronne ; une greffe osseuse, si elle est nécessaire, s'y ajoute. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Dents voisines", value: "Non taillées" },
      { label: "Cicatrisation", value: "2 à 4 mois" },
      { label: "Pendant ce temps", value: "Dent provisoire possible" },
    ],
    cta: "Prendre RDV",
    related: ["implants-dentaires", "remplacement-complet-implants", "restauration-dents"],
  },
  {
    slug: "remplacement-complet-implants",
    kind: "need",
    title: "Remplacer toutes les dents par des implants",
    metaTitle: "Remplacer toutes les dents par des implants",
    description:
      "Une arcade complète fixée sur 4 à 6 implants, ou un dentier stabilisé sur implants : bilan, étapes et budget. Consultation à Kouba, Alger.",
    lead: "Lorsque toutes les dents d'une mâchoire sont absentes ou condamnées, des implants permettent de retrouver des dents fixes ou un appareil parfaitement stable, pour manger et sourire avec assurance.",
    image: ILLUSTRATIONS.fullArch(),
    sections: [
      {
        heading: "De quoi s'agit-il ?",
        paragraphs: [
          "Deux solutions principales existent. Le bridge complet fixe, vissé sur quatre à six implants, ne se retire pas et se rapproche le plus de dents naturelles. La prothèse amovible stabilisée, clipsée sur deux à quatre implants, se retire pour le nettoyage mais ne bouge plus pendant les repas.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Pour les personnes qui portent un dentier instable ou dont les dents restantes ne peuvent plus être conservées. Le volume et la qualité de l'os, la santé générale et le tabac sont évalués avec soin ; une greffe osseuse est parfois nécessaire avant la pose.",
        ],
      },
      {
        heading: "Comment se déroule le traitement ?",
        paragraphs: [
          "Le bilan repose sur un examen, une imagerie 3D et l'étude de votre sourire et de votre mastication. Les implants sont posés sous anesthésie locale, en une intervention par mâchoire. Selon la qualité de l'os, une prothèse provisoire fixe peut être posée dans les jours qui suivent.",
          "La prothèse définitive est réalisée après la cicatrisation, en général trois à six mois plus tard. Un entretien régulier au cabinet est ensuite indispensable.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [
          `Le coût dépend du nombre d'implants, du type de prothèse (fixe ou amovible), des matériaux et d'éventuelles greffes ; il s'agit d'un projet important, souvent réalisé par étapes. ${BUDGET_NOTE}`,
        ],
      },
    ],
    keyPoints: [
      { label: "Fixe", value: "Bridge complet sur 4 à 6 implants" },
      { label: "Amovible", value: "Prothèse clipsée sur 2 à 4 implants" },
      { label: "Prothèse définitive", value: "Après 3 à 6 mois" },
    ],
    cta: "Prendre RDV",
    related: ["correction-sourires-edentes", "implants-dentaires", "remplacement-dent-implant"],
  },
  {
    slug: "correction-sourire-gingival",
    kind: "need",
    title: "Corriger un sourire gingival",
    metaTitle: "Corriger un sourire gingival",
    description:
      "Trop de gencive visible quand vous souriez : remodelage gingival, orthodontie ou autre prise en charge selon la cause. Consultation à Kouba, Alger.",
    lead: "On parle de sourire gingival lorsque la gencive se découvre largement au-dessus des dents du haut quand on sourit. Ce n'est pas une maladie, mais cela peut gêner : la correction dépend entièrement de la cause.",
    image: ILLUSTRATIONS.gum(),
    sections: [
      {
        heading: "D'où vient le problème ?",
        paragraphs: [
          "Plusieurs causes existent et se combinent parfois : une gencive qui recouvre trop la dent, des dents courtes ou usées, une lèvre supérieure très mobile, ou un développement vertical important de la mâchoire supérieure. L'analyse du sourire, au repos et en mouvement, permet de les distinguer.",
        ],
      },
      {
        heading: "Quelles solutions ?",
        paragraphs: [
          "Quand la gencive est en excès, un remodelage gingival (gingivectomie ou élongation coronaire) découvre la hauteur normale des dents. Des dents usées peuvent être rallongées par des composites ou des facettes. L'orthodontie corrige certains décalages, et les excès osseux importants relèvent d'une prise en charge avec un chirurgien maxillo-facial.",
        ],
      },
      {
        heading: "Comment se déroule la prise en charge ?",
        paragraphs: [
          "Photographies, mesures et, si besoin, radiographies servent à établir le diagnostic. Le remodelage gingival se fait sous anesthésie locale, en une séance ; la gencive cicatrise en quelques semaines avant d'éventuels soins esthétiques complémentaires.",
          "Nous vous indiquons honnêtement ce que chaque option peut apporter dans votre situation, et ce qu'elle ne peut pas corriger.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Le coût dépend de la cause et de l'étendue de la correction : un remodelage localisé n'a pas le même coût qu'un traitement combiné. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Diagnostic", value: "Analyse du sourire" },
      { label: "Remodelage gingival", value: "Une séance, anesthésie locale" },
      { label: "Cicatrisation", value: "Quelques semaines" },
    ],
    cta: "Prendre RDV",
    related: ["allongement-dent-courte", "esthetique-dentaire", "alignement-dents"],
  },
  {
    slug: "correction-sourires-edentes",
    kind: "need",
    title: "Corriger un sourire édenté",
    metaTitle: "Corriger un sourire édenté : prothèses et implants",
    description:
      "Plusieurs dents manquantes : prothèse amovible, bridge ou implants pour retrouver un sourire complet et une mastication confortable. Devis personnalisé.",
    lead: "Lorsque plusieurs dents manquent, le sourire, la mastication et même l'élocution en souffrent, et le visage peut se creuser. Plusieurs solutions permettent de retrouver un sourire complet, adaptées à chaque situation et à chaque budget.",
    image: ILLUSTRATIONS.fullArch("Illustration d'une arcade dentaire complétée par une prothèse sur implants"),
    sections: [
      {
        heading: "Quelles solutions ?",
        paragraphs: [
          "La prothèse amovible (partielle ou complète) est la solution la plus simple à mettre en œuvre. Le bridge remplace quelques dents en s'appuyant sur les dents voisines. Les implants, enfin, supportent des dents fixes ou stabilisent un appareil amovible, avec un confort proche des dents naturelles.",
        ],
      },
      {
        heading: "Pour qui ?",
        paragraphs: [
          "Pour toute personne ayant perdu plusieurs dents, quel que soit son âge. L'état des dents restantes, des gencives et de l'os, ainsi que la santé générale, guident le choix. Les dents restantes sont soignées et conservées chaque fois que c'est raisonnable.",
        ],
      },
      {
        heading: "Comment se déroule la prise en charge ?",
        paragraphs: [
          "Après l'examen et les radiographies, un plan de traitement complet vous est présenté, avec plusieurs options lorsque c'est possible. Les soins sont souvent organisés par étapes : soins des dents restantes, extractions éventuelles, pose des implants, puis prothèse définitive.",
          "Une solution provisoire est prévue à chaque étape pour que vous ne restiez pas sans dents.",
        ],
      },
      {
        heading: "Quel budget prévoir ?",
        paragraphs: [`Prothèse amovible, bridge ou implants représentent des budgets très différents, que nous comparons avec vous. ${BUDGET_NOTE}`],
      },
    ],
    keyPoints: [
      { label: "Options", value: "Prothèse amovible, bridge, implants" },
      { label: "Organisation", value: "Par étapes, avec provisoire" },
      { label: "Plan de traitement", value: "Expliqué et chiffré" },
    ],
    cta: "Prendre RDV",
    related: ["remplacement-complet-implants", "implants-dentaires", "remplacement-dent-implant"],
  },
];
