/**
 * A PostgreSQL database of its own with two roles of its own, as README's "Two database roles" sets them up:
 * one owns the schema and runs the migrations, the other is the server's. Names are unique per call, and
 * `drop` removes the database and both roles.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postgresUrlFor } from './template.ts';

export interface RoleDatabase {
  name: string;
  ownerRole: string;
  serverRole: string;
  /** The schema owner's URL (DATABASE_MIGRATION_URL). */
  ownerUrl: string;
  /** The server role's URL (DATABASE_URL). */
  serverUrl: string;
  /** TEST_DATABASE_URL's superuser, on this database. */
  superUrl: string;
  drop(): Promise<void>;
}

function withUser(url: string, user: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = '';
  return u.toString();
}

async function asSuperuser(base: string, sql: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    for (const statement of sql) await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createRoleDatabase(): Promise<RoleDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('needs TEST_DATABASE_URL');
  const tag = randomBytes(5).toString('hex');
  const name = `gama_roles_${tag}`;
  const ownerRole = `gama_owner_${tag}`;
  const serverRole = `gama_server_${tag}`;
  await asSuperuser(base, [
    `CREATE ROLE ${ownerRole} LOGIN`,
    `CREATE ROLE ${serverRole} LOGIN`,
    `CREATE DATABASE ${name} OWNER ${ownerRole}`,
    // A database's CONNECT goes to PUBLIC by default; here only the grants let the server role in.
    `REVOKE ALL ON DATABASE ${name} FROM PUBLIC`,
  ]);
  const onDb = postgresUrlFor(base, name);
  return {
    name,
    ownerRole,
    serverRole,
    ownerUrl: withUser(onDb, ownerRole),
    serverUrl: withUser(onDb, serverRole),
    superUrl: onDb,
    async drop() {
      await asSuperuser(base, [
        `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
        `DROP ROLE IF EXISTS ${serverRole}`,
        `DROP ROLE IF EXISTS ${ownerRole}`,
      ]);
    },
  };
}
