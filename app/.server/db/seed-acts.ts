import type { ActCategory } from "~/lib/acts";
import type { Db } from "./index";
import { nowIso } from "./index";

/**
 * The demo catalogue of acts (issue 29): typical prices of a private clinic in Alger in 2026, in
 * DA, marked `demo = 1` (the go-live checklist lists them until each is checked and saved), and
 * the act each booking service stands for. Idempotent: written once (app_meta), only into an
 * empty catalogue.
 */
const DEMO_ACTS: [string, string, number, ActCategory][] = [
  ["CONS", "Consultation et bilan", 2_000, "consultation"],
  ["PANO", "Radiographie panoramique", 2_500, "consultation"],
  ["CBCT", "Scanner 3D (cone beam) d'une arcade", 8_000, "consultation"],
  ["DETA", "Détartrage et polissage", 4_000, "soins"],
  ["COMP", "Obturation composite (une face)", 5_000, "soins"],
  ["DEVA", "Dévitalisation d'une incisive ou canine", 10_000, "soins"],
  ["DEVM", "Dévitalisation d'une molaire", 15_000, "soins"],
  ["EXTS", "Extraction simple", 3_000, "chirurgie"],
  ["EXTD", "Extraction de dent de sagesse incluse", 12_000, "chirurgie"],
  ["GREF", "Greffe osseuse", 40_000, "chirurgie"],
  ["SINU", "Élévation du sinus (sinus lift)", 60_000, "chirurgie"],
  ["IMPL", "Implant dentaire (pose)", 80_000, "implantologie"],
  ["PILI", "Pilier implantaire", 15_000, "implantologie"],
  ["CIMP", "Couronne céramo-métallique sur implant", 35_000, "implantologie"],
  ["ALL4", "Bridge complet sur 4 implants (par arcade)", 650_000, "implantologie"],
  ["CCM", "Couronne céramo-métallique", 25_000, "prothese"],
  ["CZIR", "Couronne zircone", 35_000, "prothese"],
  ["BR3", "Bridge de 3 éléments", 90_000, "prothese"],
  ["PAP", "Prothèse amovible partielle (stellite)", 60_000, "prothese"],
  ["PAT", "Prothèse amovible complète (par arcade)", 50_000, "prothese"],
  ["FACE", "Facette céramique", 40_000, "esthetique"],
  ["BLAN", "Blanchiment au fauteuil", 30_000, "esthetique"],
  ["GOUT", "Gouttières de blanchiment (les deux arcades)", 15_000, "esthetique"],
  ["ORTH", "Orthodontie : traitement complet par bagues", 250_000, "orthodontie"],
  ["ALIG", "Orthodontie par aligneurs transparents", 350_000, "orthodontie"],
  ["CONT", "Contention après orthodontie", 15_000, "orthodontie"],
];

/** The service of the booking form → the act's code. */
const SERVICE_ACTS: Record<string, string> = {
  Implementation: "IMPL",
  "Prothèses dentaires": "CCM",
  "Blanchiment des dents": "BLAN",
  Orthodontie: "ORTH",
  "Chirurgie dentaire": "EXTD",
  "Extraction dentaire": "EXTS",
  "Soins conservateurs": "COMP",
  "Esthétique dentaire": "FACE",
};

export async function seedDemoActs(h: Db): Promise<boolean> {
  const done = await h.db.selectFrom("app_meta").select("value").where("key", "=", "demo_acts_seeded").executeTakeFirst();
  if (done) return false;
  const any = await h.db.selectFrom("acts").select("id").limit(1).execute();
  const at = nowIso();
  await h.db.transaction().execute(async (trx) => {
    if (any.length === 0) {
      await trx
        .insertInto("acts")
        .values(DEMO_ACTS.map(([code, label, da, category]) => ({ code, label, price: da * 100, category, active: 1, demo: 1, created_at: at, updated_at: at })))
        .execute();
      const ids = new Map((await trx.selectFrom("acts").select(["id", "code"]).execute()).map((r) => [r.code, Number(r.id)]));
      for (const [service, code] of Object.entries(SERVICE_ACTS)) {
        await trx.updateTable("service_settings").set({ act_id: ids.get(code) ?? null }).where("service", "=", service).where("act_id", "is", null).execute();
      }
    }
    await trx.insertInto("app_meta").values({ key: "demo_acts_seeded", value: at }).execute();
  });
  return any.length === 0;
}
