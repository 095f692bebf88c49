import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Database, Queryable } from './database.ts';
import { pgCode } from './database.ts';
import { installJobQueue } from './job-queue.ts';
import { migrate, pendingChanges } from './migrate.ts';
import { migrateAndGrant, roleOfUrl } from './roles.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { ReadRouter } from './reads.ts';
import { primaryOnly, replicaRouter } from './reads.ts';

/**
 * DATABASE_URL set: a PostgreSQL server (or a pooler in front of one) through node-postgres, LISTEN going to
 * DATABASE_DIRECT_URL when given. Unset: PGlite in DATA_DIR.
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> &
    Partial<Pick<Config, 'DATABASE_STATEMENTS' | 'DATABASE_DIRECT_URL'>>,
): Promise<Database> {
  if (!config.DATABASE_URL) return openPglite({ dataDir: config.DATA_DIR });
  return openPostgres(config.DATABASE_URL, {
    statements: config.DATABASE_STATEMENTS ?? 'prepared',
    ...(config.DATABASE_DIRECT_URL ? { listenUrl: config.DATABASE_DIRECT_URL } : {}),
  });
}

/** READ_DATABASE_URL set: reads that may lag go to that replica (db/reads.ts). Else every read is the primary's. */
export function openReads(
  config: Pick<Config, 'READ_DATABASE_URL'> & Partial<Pick<Config, 'DATABASE_STATEMENTS'>>,
  primary: Database,
): ReadRouter {
  if (!config.READ_DATABASE_URL || primary.engine !== 'postgres') return primaryOnly(primary);
  const replica = openPostgres(config.READ_DATABASE_URL, {
    statements: config.DATABASE_STATEMENTS ?? 'prepared',
  });
  return replicaRouter(primary, replica);
}

/**
 * The migrations, before serving. With DATABASE_MIGRATION_URL they run on a connection of the schema's owner,
 * closed again at once, and the server's role gets its grants (db/roles.ts). Without it the one role does both,
 * as before; a role that may not migrate still starts on an up-to-date database, and is told what to run when
 * migrations are pending.
 */
export async function prepareDatabase(
  db: Database,
  config: Partial<Pick<Config, 'DATABASE_URL' | 'DATABASE_MIGRATION_URL'>> = {},
): Promise<string[]> {
  if (config.DATABASE_MIGRATION_URL && config.DATABASE_URL) {
    const owner = openPostgres(config.DATABASE_MIGRATION_URL, 2);
    try {
      return await migrateAndGrant(owner, roleOfUrl(config.DATABASE_URL));
    } finally {
      await owner.close();
    }
  }
  try {
    const applied = await migrate(db);
    await installJobQueue(db);
    return applied;
  } catch (error) {
    if (pgCode(error) !== '42501') throw error;
    const pending = await pendingChanges(db);
    throw new Error(
      `the server's database role may not apply the ${pending.length} pending migrations (${pending.join(', ')}): run \`npm run migrate\` with DATABASE_MIGRATION_URL set to the schema owner's URL, or set it for the server`,
      { cause: error },
    );
  }
}

/** The code-hashing key: OTP_PEPPER if given, else one generated on first start and kept in the database. */
export async function loadPepper(db: Queryable, configured: string | undefined, now: Date): Promise<string> {
  if (configured) return configured;
  await db.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ('otp_pepper', $1::jsonb, $2) ON CONFLICT (key) DO NOTHING`,
    [JSON.stringify(randomBytes(32).toString('base64url')), now],
  );
  const { rows } = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'otp_pepper'`);
  const pepper = rows[0]?.value;
  if (!pepper) throw new Error('could not load the OTP pepper');
  return pepper;
}
