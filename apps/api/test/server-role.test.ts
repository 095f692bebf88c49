import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, countOf } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { call, newOperator, setGaliDigitCap, signIn } from './console.ts';
import type { RoleDatabase } from './roles.ts';
import { createRoleDatabase } from './roles.ts';
import { verifyAuditChain } from '../src/modules/audit/chain.ts';
import type { Database } from '../src/db/database.ts';
import { pgCode } from '../src/db/database.ts';
import { listMigrations, migrate } from '../src/db/migrate.ts';
import { ensureDrawPartitions } from '../src/db/partitions.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { APPEND_ONLY_TABLES, migrateAndGrant, ownershipWarning } from '../src/db/roles.ts';

/** What an insider with the server's database password would try, table by table. */
function tampering(table: string, column: string): string[] {
  return [
    `UPDATE ${table} SET ${column} = ${column}`,
    `DELETE FROM ${table}`,
    `TRUNCATE ${table}`,
    `ALTER TABLE ${table} DISABLE TRIGGER ALL`,
    `ALTER TABLE ${table} DISABLE TRIGGER USER`,
    `ALTER TABLE ${table} OWNER TO CURRENT_USER`,
    `DROP TABLE ${table} CASCADE`,
  ];
}

async function refusal(db: Database, sql: string): Promise<string | undefined> {
  return db.query(sql).then(
    () => 'ran',
    (error: unknown) => pgCode(error),
  );
}

describe('the server as a database role of its own', () => {
  let roles: RoleDatabase;
  let owner: Database;
  let t: TestApp;
  beforeAll(async () => {
    roles = await createRoleDatabase();
    owner = openPostgres(roles.ownerUrl, 2);
    await migrateAndGrant(owner, roles.serverRole);
    t = await createTestApp({ db: openPostgres(roles.serverUrl, 4) });
  });
  afterAll(async () => {
    await t?.close();
    await owner?.close();
    await roles?.drop();
  });

  it('serves as that role: seeds, signs in, audits, changes settings, opens a player with money', async () => {
    const op = await newOperator(t, 'owner');
    const token = await signIn(t, op);
    const failed = await call(
      t,
      'POST',
      '/admin-api/login',
      {},
      { username: op.username, password: 'wrong-password-1' },
    );
    expect(failed.json).toMatchObject({ status: false });
    await setGaliDigitCap(t, token, 500);
    const player = await t.player();
    const credit = await call(
      t,
      'POST',
      `/admin-api/players/${player.id}/adjust`,
      { token, headers: { 'idempotency-key': 'roles-credit' } },
      { points: 500, reason: 'opening balance' },
    );
    expect(credit.json).toMatchObject({ status: true, wallet_paise: 50_000 });
    expect(await countOf(t.db, 'SELECT count(*)::int AS n FROM audit_log')).toBeGreaterThanOrEqual(4);
    expect((await verifyAuditChain(t.db)).first_break).toBeNull();
    // The coming months' partitions are made through the owner's function, and the server can read them.
    expect(await ensureDrawPartitions(t.db, new Date('2031-01-15T00:00:00Z'))).toBeGreaterThan(0);
    expect(await refusal(t.db, 'SELECT count(*) FROM bids_y2031m02')).toBe('ran');
  });

  it('is refused every tampering statement on the audit trail and the ledger, with nothing changed', async () => {
    const before = await t.db.query<{ n: number; head: number }>(
      'SELECT (SELECT count(*)::int FROM audit_log) AS n, (SELECT last_seq::int FROM audit_chain_head) AS head',
    );
    // A column of each that is not an identity (an identity refuses an UPDATE for a reason of its own).
    const tables: Record<string, string> = {
      audit_log: 'action',
      audit_chain_head: 'last_hash',
      journals: 'kind',
      entries: 'account_id',
      rate_versions: 'version',
    };
    expect(APPEND_ONLY_TABLES.filter((name) => name !== 'schema_migrations')).toEqual(Object.keys(tables));
    const answers: Record<string, string | undefined> = {};
    for (const [table, column] of Object.entries(tables)) {
      for (const sql of tampering(table, column)) answers[sql] = await refusal(t.db, sql);
    }
    for (const sql of [
      'DROP TRIGGER audit_append_only ON audit_log',
      'DROP FUNCTION audit_chain_append() CASCADE',
      'ALTER FUNCTION audit_chain_append() SECURITY INVOKER',
      "CREATE OR REPLACE FUNCTION audit_row_hash(a audit_log, prev bytea) RETURNS bytea LANGUAGE sql AS 'SELECT prev'",
      'CREATE TABLE shadow_log (id int)',
      'ALTER TABLE players DISABLE TRIGGER ALL',
      "INSERT INTO schema_migrations (version) VALUES ('9999_fake')",
      'DELETE FROM schema_migrations',
    ]) {
      answers[sql] = await refusal(t.db, sql);
    }
    // 42501: insufficient_privilege, for each one (not a trigger's refusal, which a table's owner can switch off).
    expect(Object.entries(answers).filter(([, code]) => code !== '42501')).toEqual([]);
    expect(Object.keys(answers).length).toBe(5 * 7 + 8);
    const after = await t.db.query<{ n: number; head: number }>(
      'SELECT (SELECT count(*)::int FROM audit_log) AS n, (SELECT last_seq::int FROM audit_chain_head) AS head',
    );
    expect(after.rows).toEqual(before.rows);
    expect(await ownershipWarning(t.db)).toBeNull();
    expect(await ownershipWarning(owner)).toMatch(/owns the audit table/);
  });

  it('keeps its grants across later migrations, and may not apply one itself', async () => {
    const later = [
      ...listMigrations(),
      { version: '9998_later_table', sql: 'CREATE TABLE later_things (id int PRIMARY KEY, note text)' },
    ];
    const refused = await migrate(t.db, later).then(
      () => 'ran',
      (error: unknown) => pgCode(error),
    );
    expect(refused).toBe('42501');
    expect(await migrateAndGrant(owner, roles.serverRole, later)).toEqual(['9998_later_table']);
    expect(await refusal(t.db, "INSERT INTO later_things VALUES (1, 'a')")).toBe('ran');
    expect(await refusal(t.db, "UPDATE later_things SET note = 'b'")).toBe('ran');
    expect(await refusal(t.db, 'TRUNCATE later_things')).toBe('42501');
    // The append-only tables are still append-only after the grants were applied again.
    expect(await refusal(t.db, 'DELETE FROM audit_log')).toBe('42501');
  });
});
