/**
 * Least privilege (issue 27, decision 025): with DATABASE_MIGRATION_URL the migrations run as the role that owns
 * the schema, and the server's role (DATABASE_URL's user) gets only what serving needs. It owns nothing, so it
 * cannot ALTER, DISABLE TRIGGER, DROP or TRUNCATE any table, nor replace the functions that keep the ledger and
 * the audit chain; and on the append-only tables it may only add and read rows.
 *
 * The grants are re-applied after every migration run (`migrateAndGrant`), so a table a later migration adds is
 * covered the moment it exists, and default privileges cover the tables the owner's functions make between runs
 * (the monthly bid partitions).
 */
import type { Database, Queryable } from './database.ts';
import { installJobQueue, jobQueueGrants } from './job-queue.ts';
import type { Migration } from './migrate.ts';
import { listMigrations, migrate } from './migrate.ts';

/** Rows here are only ever added: the server's role gets no UPDATE, DELETE or TRUNCATE on them. */
export const APPEND_ONLY_TABLES = [
  'audit_log',
  'audit_chain_head',
  'journals',
  'entries',
  'rate_versions',
  'schema_migrations',
] as const;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The role a postgres:// URL signs in as (libpq would fall back to the OS user; we ask for it to be named). */
export function roleOfUrl(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  if (!user) throw new Error('DATABASE_URL names no user: the grants need the server role’s name');
  return user;
}

/** Gives `role` what the server needs on the current database and nothing more. Run as the schema's owner. */
export async function grantServerRole(db: Queryable, role: string): Promise<void> {
  const r = quoteIdent(role);
  const { rows } = await db.query<{ db: string; owner: string }>(
    'SELECT current_database() AS db, current_user AS owner',
  );
  const here = rows[0];
  if (!here) throw new Error('could not read the current database');
  if (here.owner === role) return;
  const appendOnly = APPEND_ONLY_TABLES.map(quoteIdent).join(', ');
  await db.exec(`
    GRANT CONNECT, TEMPORARY ON DATABASE ${quoteIdent(here.db)} TO ${r};
    GRANT USAGE ON SCHEMA public TO ${r};
    REVOKE CREATE ON SCHEMA public FROM ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r};
    REVOKE TRUNCATE, REFERENCES, TRIGGER ON ALL TABLES IN SCHEMA public FROM ${r};
    REVOKE UPDATE, DELETE ON ${appendOnly} FROM ${r};
    REVOKE INSERT ON schema_migrations FROM ${r};
    REVOKE INSERT, UPDATE, DELETE ON schema_repeatables FROM ${r};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${r};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${r};
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r};
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${r};
    ${jobQueueGrants(r)}
  `);
}

/** Migrations as the owner, then the server role's grants, every time (idempotent). */
export async function migrateAndGrant(
  owner: Database,
  serverRole: string | null,
  migrations: readonly Migration[] = listMigrations(),
): Promise<string[]> {
  const applied = await migrate(owner, migrations);
  await installJobQueue(owner);
  if (serverRole !== null && owner.engine === 'postgres') await grantServerRole(owner, serverRole);
  return applied;
}

/**
 * What a server whose role owns the audit table (or is a superuser) should be told at start-up: that role
 * can rewrite the audit trail, so only the signed checkpoints would show it. null: the role cannot.
 */
export async function ownershipWarning(db: Database): Promise<string | null> {
  if (db.engine !== 'postgres') return null;
  const { rows } = await db.query<{ role: string; superuser: boolean; owns: boolean }>(
    `SELECT current_user AS role, r.rolsuper AS superuser,
            pg_has_role(current_user, c.relowner, 'USAGE') AS owns
       FROM pg_roles r, pg_class c
      WHERE r.rolname = current_user AND c.oid = 'audit_log'::regclass`,
  );
  const me = rows[0];
  if (!me || (!me.superuser && !me.owns)) return null;
  return `the server's database role "${me.role}" ${me.superuser ? 'is a superuser' : 'owns the audit table'}: it could rewrite the audit trail, which only the signed checkpoints would show. Run the server as a role of its own (DATABASE_MIGRATION_URL for the owner; README, "Two database roles")`;
}
