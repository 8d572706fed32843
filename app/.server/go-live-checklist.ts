import { countDemoActs } from "./repos/acts";
import { DEMO_CLINIC, type Clinic } from "~/lib/clinic";
import type { ChecklistItem } from "~/lib/go-live-checklist";
import { can, type Permission } from "~/lib/permissions";
import { getClinic } from "./clinic";
import { getConfig, type Config } from "./config";
import { getDb, type Db } from "./db";
import { countConsentedCases } from "./repos/gallery";
import { countDemoReviews } from "./repos/reviews";
import { demoFacts } from "~/lib/demo-facts";
import { countPendingOutbox } from "./repos/outbox";
import { filledSlots } from "./repos/site-photos";

/**
 * 'Avant la mise en ligne' (docs/product.md, "Staff: clinic identity"): what is still a demo value
 * or not yet set up, each with the screen that fixes it, shown on the staff home to whoever may
 * fix it. Read at every visit of the staff home (a few small reads); empty once the site is ready.
 */
/**
 * The photo slots of the site (app/lib/photo-slots.ts, /admin/photos), counted against the rows
 * of `site_photos`. Passed in so that the list of slots stays in one place.
 */
export interface ChecklistInput {
  h?: Db;
  config?: Pick<Config, "SMTP_URL" | "PUBLIC_URL">;
  /** the slots of the site that can take a photo */
  photoSlots: readonly string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const CLINIC_SCREEN = "/admin/clinique";

/**
 * The public facts still the demo's (~/lib/demo-facts): the legal notice's, one line each (the
 * host as one), each figure of the home page, and the demo's reviews still published.
 */
function demoFactItems(c: Clinic, demoReviews: number): ChecklistItem[] {
  return demoFacts(c, demoReviews).map((f) =>
    f.group === "legal"
      ? { id: f.id, group: "legal" as const, label: f.label, href: `${CLINIC_SCREEN}#mentions-legales`, linkLabel: "Corriger les mentions légales", permission: "content:manage" as const }
      : f.group === "figures"
        ? { id: f.id, group: "identity" as const, label: f.label, href: `${CLINIC_SCREEN}#chiffres`, linkLabel: "Modifier les chiffres", permission: "content:manage" as const }
        : {
            id: f.id,
            group: "photos" as const,
            label: f.label,
            hint: "Publiez les avis de vos patients, avec leur accord, et retirez ceux de la démonstration.",
            href: "/admin/galerie#avis",
            linkLabel: "Gérer les avis",
            permission: "content:manage" as const,
          },
  );
}

function identityItems(c: Clinic): ChecklistItem[] {
  const d = DEMO_CLINIC;
  const parts: { id: string; label: string; demo: boolean; anchor: string }[] = [
    { id: "identity-name", label: "Nom de la clinique et du praticien : ceux de la démonstration", demo: c.name === d.name || c.doctor.name === d.doctor.name, anchor: "clinique" },
    { id: "identity-phones", label: "Numéros de téléphone : ceux de la démonstration", demo: c.phones.some((p) => d.phones.some((q) => q.tel === p.tel)), anchor: "telephones" },
    { id: "identity-email", label: "E-mail de la clinique : celui de la démonstration", demo: c.email === d.email, anchor: "clinique" },
    {
      id: "identity-address",
      label: "Adresse et plan : ceux de la démonstration",
      demo: same(c.address, d.address) || same([c.map.lat, c.map.lon], [d.map.lat, d.map.lon]),
      anchor: "adresse",
    },
    { id: "identity-diplomas", label: "Diplômes du praticien : ceux de la démonstration", demo: same(c.diplomas, d.diplomas), anchor: "diplomes" },
  ];
  return parts
    .filter((p) => p.demo)
    .map((p) => ({ id: p.id, group: "identity" as const, label: p.label, href: `${CLINIC_SCREEN}#${p.anchor}`, linkLabel: "Modifier", permission: "content:manage" as const }));
}

async function photoItems(h: Db, slots: readonly string[]): Promise<ChecklistItem[]> {
  const out: ChecklistItem[] = [];
  const [photos, cases] = await Promise.all([filledSlots(h, slots), countConsentedCases(h)]);
  const missing = slots.length - new Set(photos).size;
  if (missing > 0) {
    out.push({
      id: "photos",
      group: "photos",
      label: missing === 1 ? "1 emplacement du site montre encore un dessin" : `${missing} emplacements du site sur ${slots.length} montrent encore un dessin`,
      hint: "Ajoutez vos photos : le cabinet, le praticien, les salles de soins.",
      href: "/admin/photos",
      linkLabel: "Ajouter des photos",
      permission: "content:manage",
    });
  }
  if (cases === 0) {
    out.push({
      id: "gallery",
      group: "photos",
      label: "Aucun cas avant/après : la galerie montre l'exemple dessiné",
      hint: "Ajoutez un cas avec le consentement écrit du patient.",
      href: "/admin/galerie",
      linkLabel: "Ajouter un cas",
      permission: "content:manage",
    });
  }
  return out;
}

async function serverItems(h: Db, config: Pick<Config, "SMTP_URL" | "PUBLIC_URL">): Promise<ChecklistItem[]> {
  const out: ChecklistItem[] = [];
  if (!config.SMTP_URL) {
    const n = await countPendingOutbox(h);
    out.push({
      id: "smtp",
      group: "server",
      label: "L'envoi des e-mails n'est pas configuré",
      hint: `Sans SMTP_URL, aucun e-mail ne part (confirmations, rappels, mots de passe) : ${n === 0 ? "aucun n'attend pour l'instant" : n === 1 ? "1 e-mail attend" : `${n} e-mails attendent`}. La personne qui héberge le site règle SMTP_URL et MAIL_FROM (voir le README).`,
      href: "/admin/emails",
      linkLabel: "Voir les e-mails en attente",
      permission: "outbox:manage",
    });
  }
  if (!config.PUBLIC_URL) {
    out.push({
      id: "public-url",
      group: "server",
      label: "L'adresse publique du site (PUBLIC_URL) n'est pas réglée",
      hint: "Les liens des e-mails, le plan du site et les partages pointent vers localhost. La personne qui héberge le site règle PUBLIC_URL (voir le README).",
      permission: "outbox:manage",
    });
  }
  return out;
}

/** Every item still open, in the order of the list (legal notice first: it is the law). */
export async function goLiveChecklist(input: ChecklistInput): Promise<ChecklistItem[]> {
  const h = input.h ?? getDb();
  const config = input.config ?? getConfig();
  const [clinic, demoReviews] = await Promise.all([getClinic(h), countDemoReviews(h)]);
  const facts = demoFactItems(clinic, demoReviews);
  const byGroup = (g: ChecklistItem["group"]) => facts.filter((f) => f.group === g);
  return [
    ...byGroup("legal"),
    ...identityItems(clinic),
    ...byGroup("identity"),
    ...(await photoItems(h, input.photoSlots)),
    ...byGroup("photos"),
    ...(await priceItems(h)),
    ...(await serverItems(h, config)),
  ];
}

/** The catalogue of acts while some of its prices are the demo list's (issue 29). */
async function priceItems(h: Db): Promise<ChecklistItem[]> {
  const n = await countDemoActs(h);
  if (n === 0) return [];
  return [
    {
      id: "acts-demo",
      group: "prices",
      label: n === 1 ? "Tarifs des actes : 1 prix de la liste de démonstration" : `Tarifs des actes : ${n} prix de la liste de démonstration`,
      hint: "Les devis reprennent ces prix : vérifiez chaque acte et enregistrez-le avec le prix de la clinique.",
      href: "/admin/actes",
      linkLabel: "Vérifier les tarifs",
      permission: "act:manage",
    },
  ];
}

/** The items a staff member may act on. */
export function checklistFor(items: ChecklistItem[], permissions: readonly Permission[]): ChecklistItem[] {
  return items.filter((i) => can(permissions as Permission[], i.permission));
}
