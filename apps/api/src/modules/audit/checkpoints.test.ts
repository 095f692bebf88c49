import type { AuditCheckpointAnswer } from '@gama/core/endpoints/audit/index';
import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, newOperator, signIn } from '../../../test/console.ts';
import { engine } from '../../../test/db.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp, suiteApp } from '../../../test/helpers.ts';
import { activity, chain, rewrite, signedApp } from '../../../test/audit-rewrite.ts';
import { verifyAuditChain } from './chain.ts';
import { parseCheckpoints } from './checkpoint-format.ts';
import { loadPublicKey } from './checkpoint-key.ts';
import { runAuditVerify } from './verify-command.ts';

function verifyOptions(t: TestApp) {
  return {
    checkpointsFile: t.config.AUDIT_CHECKPOINT_FILE,
    publicKeyFile: t.config.AUDIT_PUBLIC_KEY_FILE,
    named: true,
    engine,
  };
}

describe(`signed checkpoints of the audit chain on ${engine}`, () => {
  let token: string;
  const t = suiteApp({}, async () => {
    token = await signIn(t, await newOperator(t, 'owner'));
    await activity(t, token, 'nobody');
  });

  it('signs on demand for an owner, audited and covering its own row, outside the database', async () => {
    const before = await call<AuditCheckpointAnswer>(t, 'GET', '/admin-api/audit/checkpoint', { token });
    expect(before.json).toMatchObject({ status: true, last: null, matches: null, first_mismatch: null });
    expect(before.json.unsigned_rows).toBeGreaterThan(0);

    const viewer = await signIn(t, await newOperator(t, 'viewer'));
    const refused = await call(t, 'POST', '/admin-api/audit/checkpoint', { token: viewer });
    expect(refused.statusCode).toBe(403);
    expect(existsSync(t.config.AUDIT_CHECKPOINT_FILE)).toBe(false);

    const signed = await call<AuditCheckpointAnswer>(t, 'POST', '/admin-api/audit/checkpoint', { token });
    expect(signed.statusCode).toBe(200);
    const rows = await chain(t);
    const { rows: own } = await t.db.query<{ chain_seq: number; operator_id: number }>(
      "SELECT chain_seq, operator_id FROM audit_log WHERE action = 'audit_checkpoint'",
    );
    expect(own).toHaveLength(1);
    expect(signed.json).toMatchObject({
      last: { seq: rows.length },
      matches: true,
      first_mismatch: null,
      unsigned_rows: 0,
      refusal: null,
      file: t.config.AUDIT_CHECKPOINT_FILE,
    });
    expect(Number(own[0]?.chain_seq)).toBe(rows.length);
    // The file and the key live where the test app was told, not in the database.
    expect(t.config.AUDIT_CHECKPOINT_FILE.startsWith(tmpdir())).toBe(true);
    const lines = parseCheckpoints(
      readFileSync(t.config.AUDIT_CHECKPOINT_FILE, 'utf8'),
      loadPublicKey(t.config.AUDIT_PUBLIC_KEY_FILE),
    );
    expect(lines).toMatchObject([{ ok: true, checkpoint: { seq: rows.length, from: 0 } }]);
  });

  it('signs on the interval only what was added, each checkpoint extending the one before', async () => {
    const file = t.config.AUDIT_CHECKPOINT_FILE;
    const linesBefore = readFileSync(file, 'utf8').trim().split('\n').length;
    await t.app.deps.checkpoints.take();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(linesBefore);
    await activity(t, token, 'later');
    const latest = await t.app.deps.checkpoints.take();
    const all = parseCheckpoints(readFileSync(file, 'utf8'), loadPublicKey(t.config.AUDIT_PUBLIC_KEY_FILE));
    expect(all).toHaveLength(linesBefore + 1);
    const [first, second] = all.map((p) => (p.ok ? p.checkpoint : null));
    expect(second?.from).toBe(first?.seq);
    expect(second?.seq).toBe((await chain(t)).length);
    expect(latest?.seq).toBe(second?.seq);
    const outcome = await runAuditVerify(t.db, verifyOptions(t));
    expect(outcome.exitCode).toBe(0);
    expect(outcome.out.join('\n')).toMatch(/the log matches 2 signed checkpoints/);
  });

  it('refuses a checkpoint line whose fields were changed after signing, or signed by another key', async () => {
    const file = t.config.AUDIT_CHECKPOINT_FILE;
    const key = loadPublicKey(t.config.AUDIT_PUBLIC_KEY_FILE);
    const [line] = readFileSync(file, 'utf8').trim().split('\n');
    const forged = JSON.stringify({ ...(JSON.parse(line ?? '{}') as object), seq: 1 });
    expect(parseCheckpoints(forged, key)).toMatchObject([
      { ok: false, problem: 'line 1: the signature does not verify with the given public key' },
    ]);
    const other = await createTestApp();
    try {
      await other.app.deps.checkpoints.take(true);
      expect(
        parseCheckpoints(line ?? '', loadPublicKey(other.config.AUDIT_PUBLIC_KEY_FILE))[0],
      ).toMatchObject({
        ok: false,
      });
    } finally {
      await other.close();
    }
  });
});

describe(`checkpoints sent to witnesses on ${engine}`, () => {
  it('POSTs each checkpoint line to every witness URL and its signed head to syslog', async () => {
    const posted: string[] = [];
    const witness = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        posted.push(`${req.method} ${req.headers['content-type']} ${body}`);
        res.end('ok');
      });
    });
    await new Promise<void>((done) => witness.listen(0, '127.0.0.1', done));
    const syslog = createSocket('udp4');
    const datagrams: string[] = [];
    syslog.on('message', (message) => datagrams.push(message.toString()));
    await new Promise<void>((done) => syslog.bind(0, '127.0.0.1', done));
    const port = (witness.address() as AddressInfo).port;
    const t = await createTestApp({
      env: {
        AUDIT_CHECKPOINT_URLS: `http://127.0.0.1:${port}/a,http://127.0.0.1:${port}/b`,
        AUDIT_CHECKPOINT_SYSLOG: `udp://127.0.0.1:${syslog.address().port}`,
      },
    });
    try {
      const token = await signIn(t, await newOperator(t, 'owner'));
      const signed = await call<AuditCheckpointAnswer>(t, 'POST', '/admin-api/audit/checkpoint', { token });
      expect(signed.json.witnesses).toBe(3);
      await expect.poll(() => posted.length + datagrams.length).toBe(3);
      const line = readFileSync(t.config.AUDIT_CHECKPOINT_FILE, 'utf8');
      expect(posted).toEqual([`POST application/json ${line}`, `POST application/json ${line}`]);
      const head = JSON.parse(line) as Record<string, unknown>;
      delete head.rows;
      expect(datagrams[0]).toMatch(/^<110>1 \S+ \S+ gama - audit-checkpoint - /);
      expect(JSON.parse(datagrams[0]?.replace(/^.* audit-checkpoint - /, '') ?? '')).toEqual(head);
    } finally {
      await t.close();
      witness.close();
      syslog.close();
    }
  });
});

describe(`a rewrite by the database's owner, recomputing every hash, on ${engine}`, () => {
  /** Rewrites the log as its owner could: the chain alone still holds, audit:verify fails; answers what it printed. */
  async function verifyAfterRewrite(t: TestApp, sql: string): Promise<string[]> {
    await rewrite(t, sql);
    expect((await verifyAuditChain(t.db)).first_break).toBeNull();
    const outcome = await runAuditVerify(t.db, verifyOptions(t));
    expect(outcome.exitCode).toBe(1);
    return outcome.err;
  }

  it('an edited row: the chain alone holds; the checkpoints name the row, the console shows it, no new checkpoint is signed', async () => {
    const { t, token } = await signedApp();
    try {
      const rows = await chain(t);
      const victim = rows[2];
      await rewrite(t, `UPDATE audit_log SET ip = '203.0.113.9' WHERE id = ${victim?.id}`);
      // The difference the checkpoints make: without them, the rewritten chain is sound.
      expect(await verifyAuditChain(t.db)).toEqual({ rows_checked: rows.length, first_break: null });
      const withoutCheckpoints = await runAuditVerify(t.db, {
        ...verifyOptions(t),
        checkpointsFile: join(tmpdir(), 'gama-no-such-checkpoints.jsonl'),
        named: false,
      });
      expect(withoutCheckpoints.exitCode).toBe(0);
      expect(withoutCheckpoints.out[0]).toMatch(/^audit:verify: the chain holds/);

      const outcome = await runAuditVerify(t.db, verifyOptions(t));
      expect(outcome.exitCode).toBe(1);
      expect(outcome.err[0]).toBe(
        `audit:verify: the log no longer matches its signed checkpoints at position 3 (row ${victim?.id})`,
      );
      expect(outcome.err[1]).toMatch(new RegExp(`^ {2}Row ${victim?.id} \\(position 3\\) was changed after`));

      const status = await call<AuditCheckpointAnswer>(t, 'GET', '/admin-api/audit/checkpoint', { token });
      expect(status.json).toMatchObject({
        matches: false,
        first_mismatch: { seq: 3, id: victim?.id, signed_id: victim?.id },
      });
      const lines = readFileSync(t.config.AUDIT_CHECKPOINT_FILE, 'utf8');
      const refused = await call(t, 'POST', '/admin-api/audit/checkpoint', { token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json.msg).toMatch(
        /^The audit chain no longer extends the last checkpoint \(position \d+/,
      );
      expect(readFileSync(t.config.AUDIT_CHECKPOINT_FILE, 'utf8')).toBe(lines);
      const after = await call<AuditCheckpointAnswer>(t, 'GET', '/admin-api/audit/checkpoint', { token });
      expect(after.json.refusal).toBe(refused.json.msg);
    } finally {
      await t.close();
    }
  });

  it('a deleted row: names the position it held and the row signed there', async () => {
    const { t } = await signedApp();
    try {
      const rows = await chain(t);
      const err = await verifyAfterRewrite(t, `DELETE FROM audit_log WHERE id = ${rows[1]?.id}`);
      expect(err[0]).toBe(
        `audit:verify: the log no longer matches its signed checkpoints at position 2 (row ${rows[2]?.id})`,
      );
      expect(err[1]).toContain(`had there (row ${rows[1]?.id})`);
    } finally {
      await t.close();
    }
  });

  it('reordered rows: names the first position that holds another row', async () => {
    const { t } = await signedApp();
    try {
      const rows = await chain(t);
      const [a, b] = [rows[3], rows[4]];
      const err = await verifyAfterRewrite(
        t,
        `UPDATE audit_log SET chain_seq = -1 WHERE id = ${a?.id};
         UPDATE audit_log SET chain_seq = 4 WHERE id = ${b?.id};
         UPDATE audit_log SET chain_seq = 5 WHERE id = ${a?.id}`,
      );
      expect(err[0]).toBe(
        `audit:verify: the log no longer matches its signed checkpoints at position 4 (row ${b?.id})`,
      );
    } finally {
      await t.close();
    }
  });

  it('a deleted tail: names the first position gone', async () => {
    const { t } = await signedApp();
    try {
      const all = await chain(t);
      const keep = all.length - 2;
      const err = await verifyAfterRewrite(t, `DELETE FROM audit_log WHERE chain_seq > ${keep}`);
      expect(err[0]).toBe(
        `audit:verify: the log no longer matches its signed checkpoints at position ${keep + 1}`,
      );
      expect(err[1]).toContain(`Position ${keep + 1} is gone`);
    } finally {
      await t.close();
    }
  });
});
