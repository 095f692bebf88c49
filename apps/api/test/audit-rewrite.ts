/**
 * Audit rows made the ordinary way, two signed checkpoints over them, and what the database's owner can do to
 * them afterwards: shared by the checkpoint tests on both engines and the `audit:verify` command's on PostgreSQL.
 */
import { expect } from 'vitest';
import { call, newOperator, setGaliDigitCap, signIn } from './console.ts';
import type { TestApp } from './helpers.ts';
import { createTestApp } from './helpers.ts';

let capValue = 700;

/** Audit rows made the ordinary way: failed sign-ins and a settings change. */
export async function activity(t: TestApp, token: string, tag: string): Promise<void> {
  for (let i = 0; i < 2; i += 1) {
    await call(
      t,
      'POST',
      '/admin-api/login',
      { ip: `10.9.${i}.1` },
      { username: `${tag}${i}`, password: 'wrong-password-1' },
    );
  }
  await setGaliDigitCap(t, token, (capValue += 10));
}

export async function chain(t: TestApp): Promise<{ id: number; chain_seq: number }[]> {
  const { rows } = await t.db.query<{ id: number; chain_seq: number }>(
    'SELECT id, chain_seq FROM audit_log ORDER BY chain_seq',
  );
  return rows.map((r) => ({ id: Number(r.id), chain_seq: Number(r.chain_seq) }));
}

/**
 * What the database's owner (or a superuser) can do: switch the guards off, change rows, then give every row
 * the position and hashes the insert trigger would have, in the order left, and move the head to match.
 */
export async function rewrite(t: TestApp, sql: string): Promise<void> {
  await t.db.exec(`
    ALTER TABLE audit_log DISABLE TRIGGER USER;
    ALTER TABLE audit_chain_head DISABLE TRIGGER USER;
    ${sql};
    DO $$
    DECLARE
      r audit_log;
      seq bigint := 0;
      prev bytea := '\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea;
      h bytea;
    BEGIN
      UPDATE audit_log SET chain_seq = -chain_seq;
      FOR r IN SELECT * FROM audit_log ORDER BY chain_seq DESC LOOP
        seq := seq + 1;
        h := audit_row_hash(r, prev);
        UPDATE audit_log SET chain_seq = seq, prev_hash = prev, row_hash = h WHERE id = r.id;
        prev := h;
      END LOOP;
      UPDATE audit_chain_head SET last_seq = seq, last_hash = prev WHERE id = 1;
    END $$;
    ALTER TABLE audit_log ENABLE TRIGGER USER;
    ALTER TABLE audit_chain_head ENABLE TRIGGER USER;
  `);
}

/** A database with two checkpoints signed over ordinary activity, and an owner's token. */
export async function signedApp(): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp();
  const token = await signIn(t, await newOperator(t, 'owner'));
  await activity(t, token, 'first');
  expect((await call(t, 'POST', '/admin-api/audit/checkpoint', { token })).statusCode).toBe(200);
  await activity(t, token, 'second');
  await t.app.deps.checkpoints.take();
  return { t, token };
}
