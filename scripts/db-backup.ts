/**
 * `npm run db:backup`: write a consistent copy of the SQLite database (safe while the site runs)
 * and of the uploads into BACKUP_DIR, keeping the last BACKUP_KEEP. On PostgreSQL it writes
 * nothing and prints the pg_dump commands (exit code 2). See app/.server/backup.ts.
 */
import { runAsProcess, runBackupCommand } from "../app/.server/backup";

await runAsProcess(runBackupCommand);
