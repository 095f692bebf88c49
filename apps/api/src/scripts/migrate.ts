/**
 * `npm run migrate`: applies the pending migrations as DATABASE_MIGRATION_URL's role (the schema's owner; else
 * DATABASE_URL's) and gives DATABASE_URL's role its grants (db/roles.ts). Run it before starting a server that
 * is not given DATABASE_MIGRATION_URL, so the serving process never holds the owner's password.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { openPostgres } from '../db/postgres.ts';
import { migrateAndGrant, roleOfUrl } from '../db/roles.ts';

const config = loadConfig();
const ownerUrl = config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL;
const db = ownerUrl ? openPostgres(ownerUrl, 2) : await openDatabase(config);
try {
  const serverRole =
    config.DATABASE_MIGRATION_URL && config.DATABASE_URL ? roleOfUrl(config.DATABASE_URL) : null;
  const applied = await migrateAndGrant(db, serverRole);
  console.log(
    `migrate: ${applied.length === 0 ? 'nothing to apply' : `applied ${applied.join(', ')}`} (${db.engine})` +
      (serverRole ? `; grants for the server role "${serverRole}" in place` : ''),
  );
} finally {
  await db.close();
}
