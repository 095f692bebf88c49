/**
 * Decision 045, every operator action audited by the service that performs it, in its transaction: a market's
 * creation, an export of the audit log and an audit checkpoint each write their row with the action, and none
 * when the action is refused or fails. A failure is made by the database itself: a trigger that refuses the
 * action's audit row, so the action must fall with it.
 */
import { AUDIT_EXPORT_MAX_ROWS } from '@gama/core/endpoints/audit/index';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activity, chain, rewrite } from './audit-rewrite.ts';
import { auditRowsOf, call, newOperator, signIn } from './console.ts';
import { engine } from './db.ts';
import type { TestApp } from './helpers.ts';
import { createTestApp, suiteApp } from './helpers.ts';

/** While `run` runs, inserting an audit row of `action` fails, as a full disk or a lost connection would. */
async function withAuditOf<T>(t: TestApp, action: string, run: () => Promise<T>): Promise<T> {
  await t.db.exec(`
    CREATE FUNCTION refuse_test_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action = '${action}' THEN RAISE EXCEPTION 'audit row refused by the test'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER refuse_test_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_test_audit();
  `);
  try {
    return await run();
  } finally {
    await t.db.exec(`DROP TRIGGER refuse_test_audit ON audit_log; DROP FUNCTION refuse_test_audit();`);
  }
}

const marketsNamed = async (t: TestApp, name: string) =>
  (await t.db.query<{ id: number }>('SELECT id FROM markets WHERE name = $1', [name])).rows;

describe(`each operator action writes its audit row with it, on ${engine}`, () => {
  let token: string;
  let owner: Awaited<ReturnType<typeof newOperator>>;
  const t = suiteApp({}, async () => {
    owner = await newOperator(t, 'owner');
    token = await signIn(t, owner);
  });

  it("a market's creation: its row names the market; a taken name or a failed row leaves neither", async () => {
    const body = { group: 'starline', name: 'AUDITED 04 PM', open_time: '04:00 PM' };
    const created = await call<{ market_id: number }>(t, 'POST', '/admin-api/markets', { token }, body);
    expect(created.statusCode).toBe(200);
    expect(await auditRowsOf(t, 'market_create')).toEqual([
      expect.objectContaining({
        operator_id: owner.id,
        target_id: String(created.json.market_id),
        detail: expect.objectContaining(body) as Record<string, unknown>,
      }),
    ]);

    const taken = await call(t, 'POST', '/admin-api/markets', { token }, body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json.code).toBe('MARKET_NAME_TAKEN');
    expect(await auditRowsOf(t, 'market_create')).toHaveLength(1);

    const unaudited = { ...body, name: 'UNAUDITED 05 PM', open_time: '05:00 PM' };
    const failed = await withAuditOf(t, 'market_create', () =>
      call(t, 'POST', '/admin-api/markets', { token }, unaudited),
    );
    expect(failed.statusCode).toBe(500);
    expect(await marketsNamed(t, unaudited.name)).toEqual([]);
    expect(await auditRowsOf(t, 'market_create')).toHaveLength(1);
  });

  it('an export of the log: its row counts the rows given; a refused or failed export gives none and writes none', async () => {
    const exported = await call(t, 'GET', '/admin-api/audit?format=csv&action=market_create', { token });
    expect(exported.statusCode).toBe(200);
    expect(exported.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect(await auditRowsOf(t, 'audit_export')).toEqual([
      expect.objectContaining({
        operator_id: owner.id,
        detail: { action: 'market_create', sort: 'at', dir: 'desc', rows: 1 },
      }),
    ]);

    const failed = await withAuditOf(t, 'audit_export', () =>
      call(t, 'GET', '/admin-api/audit?format=csv', { token }),
    );
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['content-disposition']).toBeUndefined();
    expect(await auditRowsOf(t, 'audit_export')).toHaveLength(1);

    // One row more than an export may hold.
    const rows = AUDIT_EXPORT_MAX_ROWS + 1;
    await t.db.query(
      "INSERT INTO audit_log (action, created_at) SELECT 'bulk_row', $2 FROM generate_series(1, $1::int)",
      [rows, t.clock.now()],
    );
    const tooMany = await call(t, 'GET', '/admin-api/audit?format=csv', { token });
    expect([tooMany.statusCode, tooMany.json.code]).toEqual([400, 'AUDIT_EXPORT_TOO_LARGE']);
    expect(await auditRowsOf(t, 'audit_export')).toHaveLength(1);
  });

  it('a checkpoint: its row is the last one it signs; a failed row signs nothing', async () => {
    const failed = await withAuditOf(t, 'audit_checkpoint', () =>
      call(t, 'POST', '/admin-api/audit/checkpoint', { token }),
    );
    expect(failed.statusCode).toBe(500);
    expect(existsSync(t.config.AUDIT_CHECKPOINT_FILE)).toBe(false);
    expect(await auditRowsOf(t, 'audit_checkpoint')).toEqual([]);

    const signed = await call<{ last: { seq: number } }>(t, 'POST', '/admin-api/audit/checkpoint', { token });
    expect(signed.statusCode).toBe(200);
    const { rows: own } = await t.db.query<{ chain_seq: string; operator_id: number }>(
      "SELECT chain_seq, operator_id FROM audit_log WHERE action = 'audit_checkpoint'",
    );
    expect(own).toEqual([{ chain_seq: expect.anything() as unknown, operator_id: owner.id }]);
    expect(signed.json.last.seq).toBe(Number(own[0]?.chain_seq));
  });
});

describe(`a refused checkpoint writes no row, on ${engine}`, () => {
  it('the chain no longer extends the last checkpoint: 409, the file unchanged, no audit_checkpoint row', async () => {
    const t = await createTestApp();
    try {
      const token = await signIn(t, await newOperator(t, 'owner'));
      await activity(t, token, 'refused');
      await t.app.deps.checkpoints.take();
      const rows = await chain(t);
      await rewrite(t, `UPDATE audit_log SET ip = '203.0.113.9' WHERE id = ${rows[1]?.id}`);
      const lines = readFileSync(t.config.AUDIT_CHECKPOINT_FILE, 'utf8');

      const refused = await call(t, 'POST', '/admin-api/audit/checkpoint', { token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json.code).toBe('CHECKPOINT_REFUSED');
      expect(readFileSync(t.config.AUDIT_CHECKPOINT_FILE, 'utf8')).toBe(lines);
      expect(await auditRowsOf(t, 'audit_checkpoint')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
