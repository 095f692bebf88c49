/**
 * `npm run restore -- <file>`: replaces the embedded database (DATA_DIR) with a backup made by `npm run backup`,
 * refused while a server runs on it; the replaced directory is kept beside it.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { restoreDataDir } from '../backup/pglite-backup.ts';
import { loadConfig } from '../config.ts';

const { positionals } = parseArgs({ allowPositionals: true });
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('restore: DATABASE_URL is set; a PostgreSQL server is restored with pgBackRest (README.md)');
  process.exit(2);
}
const [given] = positionals;
if (!given) {
  console.error('restore: name the backup file: npm run restore -- backups/gama-….tar.gz');
  process.exit(2);
}
const file = resolve(process.env.INIT_CWD ?? process.cwd(), given);
try {
  const kept = await restoreDataDir(file, config.DATA_DIR, new Date());
  console.log(`restore: ${config.DATA_DIR} now holds ${file}`);
  if (kept) console.log(`  the database it replaced is kept in ${kept}; delete it once you are sure`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
