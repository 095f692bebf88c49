/**
 * `npm run backup -- [--to=<file>]`: a backup of the embedded database (DATA_DIR) while the server is stopped,
 * by default to ./backups/gama-<time>.tar.gz. A PostgreSQL server is backed up by pgBackRest (deploy/README.md).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatMiB } from '@gama/core/rules/measures';
import { backupDataDir } from '../backup/pglite-backup.ts';
import { loadConfig } from '../config.ts';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'backup: DATABASE_URL is set; a PostgreSQL server is backed up by pgBackRest (deploy/README.md)',
  );
  process.exit(2);
}
const base = process.env.INIT_CWD ?? process.cwd();
const file = resolve(
  base,
  values.to ?? `backups/gama-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
);
mkdirSync(dirname(file), { recursive: true });
try {
  const bytes = await backupDataDir(config.DATA_DIR, file);
  console.log(`backup: ${config.DATA_DIR} written to ${file} (${formatMiB(bytes)})`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
