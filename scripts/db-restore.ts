/**
 * `npm run db:restore -- FILE [--force]`: restore a backup of `npm run db:backup` (its folder, or
 * a bare SQLite file) after checking it (integrity_check, the migrations table); refuses while
 * the site runs on that database unless --force; keeps what it replaces as a backup first.
 * Exit codes: 0 restored, 1 failure, 2 refused (usage, invalid file, PostgreSQL), 3 the site runs.
 */
import { runAsProcess, runRestoreCommand } from "../app/.server/backup";

await runAsProcess(runRestoreCommand);
