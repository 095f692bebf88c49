import type { AuditVerifyAnswer } from '@gama/core/endpoints/audit/index';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp, suiteApp } from '../../../test/helpers.ts';
import { engine } from '../../../test/db.ts';
import { call, newOperator, setGaliDigitCap, signIn, PASSWORD } from '../../../test/console.ts';
import { pgCode } from '../../db/database.ts';
import { verifyAuditChain } from './chain.ts';

/** Audit rows made the ordinary way: sign-ins, failed sign-ins and a settings change. */
async function someActivity(t: TestApp): Promise<string> {
  const owner = await newOperator(t, 'owner');
  const token = await signIn(t, owner);
  for (let i = 0; i < 3; i += 1) {
    await call(
      t,
      'POST',
      '/admin-api/login',
      { ip: `10.1.0.${i}` },
      { username: owner.username, password: 'x' },
    );
  }
  await setGaliDigitCap(t, token, 500);
  return token;
}

/** Chain order, as the verifier walks it. */
async function chain(t: TestApp): Promise<{ id: number; chain_seq: number }[]> {
  const { rows } = await t.db.query<{ id: number; chain_seq: number }>(
    'SELECT id, chain_seq FROM audit_log ORDER BY chain_seq',
  );
  return rows;
}

/** Tampering as someone with the owner's rights would: the append-only trigger switched off around it. */
async function tamper(t: TestApp, sql: string, params: unknown[] = []): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_append_only');
    await tx.query(sql, params);
    await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_append_only');
  });
}

let token: string;
const t = suiteApp({}, async () => {
  token = await someActivity(t);
});

describe(`the audit chain on ${engine}`, () => {
  it('verifies clean after ordinary use, over HTTP for an owner only', async () => {
    const rows = await chain(t);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.map((r) => r.chain_seq)).toEqual(rows.map((_, i) => i + 1));
    expect(await verifyAuditChain(t.db)).toEqual({ rows_checked: rows.length, first_break: null });

    const res = await call<AuditVerifyAnswer>(t, 'GET', '/admin-api/audit/verify', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ status: true, first_break: null });
    expect(res.json.rows_checked).toBeGreaterThanOrEqual(rows.length);
    const viewer = await signIn(t, await newOperator(t, 'viewer'));
    const refused = await call(t, 'GET', '/admin-api/audit/verify', { token: viewer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json.msg).toBe('You do not have permission to check the audit chain');
  });

  it('refuses UPDATE and DELETE of audit rows and of the chain head by trigger, even to the tables’ owner until it switches them off', async () => {
    for (const sql of [
      "UPDATE audit_log SET action = 'nothing' WHERE id = (SELECT min(id) FROM audit_log)",
      'DELETE FROM audit_log WHERE id = (SELECT max(id) FROM audit_log)',
      'UPDATE audit_chain_head SET last_seq = 1',
      'DELETE FROM audit_chain_head',
    ]) {
      const error = await t.db.query(sql).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgCode(error)).toBe('55000');
    }
    expect((await verifyAuditChain(t.db)).first_break).toBeNull();
  });

  it('hashes a row itself: hash columns sent with an INSERT are replaced', async () => {
    const forged = Buffer.alloc(32, 7);
    await t.db.query(
      `INSERT INTO audit_log (action, detail, created_at, chain_seq, prev_hash, row_hash)
       VALUES ('forged', '{}'::jsonb, now(), 999999, $1, $1)`,
      [forged],
    );
    const { rows } = await t.db.query<{ chain_seq: number; row_hash: Uint8Array }>(
      "SELECT chain_seq, row_hash FROM audit_log WHERE action = 'forged'",
    );
    expect(rows[0]?.chain_seq).not.toBe(999999);
    expect(Buffer.from(rows[0]?.row_hash ?? []).equals(forged)).toBe(false);
    expect((await verifyAuditChain(t.db)).first_break).toBeNull();
  });

  it('concurrent writers append one after the other: no fork, no gap', async () => {
    const before = (await chain(t)).length;
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(
          t,
          'POST',
          '/admin-api/login',
          { ip: `10.2.${i}.1` },
          { username: `nobody${i}`, password: PASSWORD },
        ),
      ),
    );
    expect(attempts.filter((a) => a.statusCode === 200)).toEqual([]);
    const rows = await chain(t);
    expect(rows.length).toBe(before + 40);
    expect(rows.map((r) => r.chain_seq)).toEqual(rows.map((_, i) => i + 1));
    const { rows: forks } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM (SELECT prev_hash FROM audit_log GROUP BY prev_hash HAVING count(*) > 1) f',
    );
    expect(forks[0]?.n).toBe(0);
    expect(await verifyAuditChain(t.db)).toEqual({ rows_checked: rows.length, first_break: null });
  });
});

describe(`tampering found by the chain on ${engine}`, () => {
  const scratch = suiteApp();

  it('names the first edited row', async () => {
    const s = await createTestApp();
    try {
      await someActivity(s);
      const rows = await chain(s);
      const victim = rows[2];
      await tamper(s, `UPDATE audit_log SET ip = '203.0.113.9' WHERE id = $1`, [victim?.id]);
      // A later edit too: the report names the first.
      await tamper(s, `UPDATE audit_log SET action = 'other' WHERE id = $1`, [rows[4]?.id]);
      expect((await verifyAuditChain(s.db)).first_break).toMatchObject({
        problem: 'edited',
        id: victim?.id,
        seq: 3,
      });
      const res = await call<AuditVerifyAnswer>(s, 'GET', '/admin-api/audit/verify', {
        token: await signIn(s, await newOperator(s, 'owner')),
      });
      expect(res.json.first_break).toMatchObject({ problem: 'edited', id: victim?.id });
      expect(res.json.rows_checked).toBe(2);
    } finally {
      await s.close();
    }
  });

  it('names the row after a deleted one, and a deleted tail', async () => {
    await someActivity(scratch);
    const rows = await chain(scratch);
    await tamper(scratch, 'DELETE FROM audit_log WHERE id = $1', [rows[1]?.id]);
    expect((await verifyAuditChain(scratch.db)).first_break).toMatchObject({
      problem: 'deleted',
      id: rows[2]?.id,
      seq: 3,
    });
    // Renumbering the positions to hide the gap does not help: the next row's link names a row that is gone.
    await tamper(scratch, 'UPDATE audit_log SET chain_seq = -chain_seq WHERE chain_seq > 2');
    await tamper(scratch, 'UPDATE audit_log SET chain_seq = -chain_seq - 1 WHERE chain_seq < 0');
    expect((await verifyAuditChain(scratch.db)).first_break).toMatchObject({ problem: 'deleted', seq: 2 });
  });

  it('names a deleted last row', async () => {
    const s = await createTestApp();
    try {
      await someActivity(s);
      const rows = await chain(s);
      await tamper(s, 'DELETE FROM audit_log WHERE id = $1', [rows.at(-1)?.id]);
      expect((await verifyAuditChain(s.db)).first_break).toMatchObject({
        problem: 'deleted',
        id: null,
        seq: rows.length - 1,
      });
    } finally {
      await s.close();
    }
  });

  it('names a reordered row', async () => {
    const s = await createTestApp();
    try {
      await someActivity(s);
      const rows = await chain(s);
      const [a, b] = [rows[1], rows[2]];
      // Swap the positions of rows 2 and 3 (through a free position: chain_seq is unique).
      await tamper(s, 'UPDATE audit_log SET chain_seq = -1 WHERE id = $1', [a?.id]);
      await tamper(s, 'UPDATE audit_log SET chain_seq = 2 WHERE id = $1', [b?.id]);
      await tamper(s, 'UPDATE audit_log SET chain_seq = 3 WHERE id = $1', [a?.id]);
      expect((await verifyAuditChain(s.db)).first_break).toMatchObject({
        problem: 'reordered',
        id: b?.id,
        seq: 2,
      });
    } finally {
      await s.close();
    }
  });
});
