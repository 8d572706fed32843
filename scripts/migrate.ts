/**
 * `npm run db:migrate`: bring the database named by DATABASE_URL to the latest schema
 * (the same migrations that run at every start). Prints what it applied.
 */
import { getConfig, ConfigError } from "../app/.server/config";
import { closeDb, getDb } from "../app/.server/db";
import { migrateToLatest } from "../app/.server/db/migrations";

try {
  getConfig();
  const h = getDb();
  const applied = await migrateToLatest(h.db, h.engine);
  console.log(applied.length ? `Migrations appliquées (${h.engine}) : ${applied.join(", ")}` : `Base à jour (${h.engine}) : aucune migration à appliquer.`);
  await closeDb();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Échec des migrations : ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
