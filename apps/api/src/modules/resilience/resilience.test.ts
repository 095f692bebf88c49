/**
 * The dashboard's database-safety panel (issue 28): the last backup from the backup job's reports, the replication
 * state from Patroni, each ok, a warning, or plainly not configured. Patroni itself answering is in
 * test/failover.test.ts (a real cluster); here the judgements, an unreachable Patroni and the backup reports.
 */
import type { DatabaseSafety } from '@gama/core/endpoints/resilience/index';
import { afterEach, describe, expect, it } from 'vitest';
import { engine } from '../../../test/db.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { admin, operatorToken } from '../../../test/money.ts';
import { ago, backupStatus, newestBackup } from './backup-status.ts';
import { LAG_WARNING_BYTES, judgeCluster, replicationStatus } from './replication-status.ts';

const NOW = '2026-11-20T06:30:00.000Z';
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** pgBackRest's `info --output=json` for one stanza, trimmed to what the panel reads and a little more. */
function pgbackrestInfo(
  backups: Array<{ type: string; stop: string; error?: boolean; size?: number }>,
  status: { code: number; message: string } = { code: 0, message: 'ok' },
) {
  return [
    {
      name: 'gama',
      cipher: 'aes-256-cbc',
      status,
      backup: backups.map((b, i) => ({
        label: `20261120-00000${i}F`,
        type: b.type,
        error: b.error ?? false,
        timestamp: { start: epoch(b.stop) - 60, stop: epoch(b.stop) },
        info: { size: b.size ?? 1_000_000, delta: 1_000, repository: { size: 100_000, delta: 100 } },
      })),
    },
  ];
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function safety(app: TestApp): Promise<DatabaseSafety> {
  const token = await operatorToken(app);
  const res = await admin<DatabaseSafety>(app, token, 'GET', '/admin-api/database-safety');
  expect(res.statusCode).toBe(200);
  return res.json;
}

describe('the database-safety panel', () => {
  it('says plainly that nothing is configured when neither backups nor replication are set up', async () => {
    t = await createTestApp({ now: NOW });
    const answer = await safety(t);
    expect(answer.engine).toBe(engine);
    expect(answer.checked_at).toBe(NOW);
    expect(answer.backup).toMatchObject({ state: 'not_configured', last_success_at: null });
    expect(answer.replication).toMatchObject({ state: 'not_configured', members: [] });
    expect(answer.backup.message).toMatch(/^Nothing is configured/);
    expect(answer.replication.message).toMatch(/^Nothing is configured/);
  });

  // The browser test reads the panel of the engine its servers run on (PostgreSQL in CI); both engines' words are
  // held here.
  it('words "not configured" for each engine exactly as the panel shows it', async () => {
    t = await createTestApp({ now: NOW });
    const now = new Date(NOW);
    expect((await backupStatus(t.db, 'pglite', 24, now)).message).toBe(
      'Nothing is configured: the embedded database has no backup job. Copy it with npm run backup while the server is stopped.',
    );
    expect((await backupStatus(t.db, 'postgres', undefined, now)).message).toBe(
      'Nothing is configured: backups are not tracked on this server. Set BACKUP_MAX_AGE_HOURS once the backup job reports here.',
    );
    expect((await replicationStatus('pglite', undefined)).message).toBe(
      'Nothing is configured: the embedded database runs on one machine, with no standby.',
    );
    expect((await replicationStatus('postgres', undefined)).message).toBe(
      'Nothing is configured: no standby is set up for this server (PATRONI_URL is not set).',
    );
  });

  it('is for operators only', async () => {
    t = await createTestApp({ now: NOW });
    const player = await t.player();
    const res = await t.app.inject({
      method: 'GET',
      url: '/admin-api/database-safety',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect([401, 403]).toContain(res.statusCode);
    expect((await t.app.inject({ method: 'GET', url: '/admin-api/database-safety' })).statusCode).toBe(401);
  });

  it('reads the newest backup report, and warns when it is missing, stale or reports a problem', async () => {
    t = await createTestApp({ now: NOW, env: { BACKUP_MAX_AGE_HOURS: '26' } });
    if (engine === 'pglite') {
      // The embedded database has no backup job whatever the setting: there is nothing to report to.
      expect((await safety(t)).backup).toMatchObject({ state: 'not_configured' });
      return;
    }
    expect((await safety(t)).backup).toEqual({
      state: 'warning',
      message: 'No backup has been reported yet.',
      last_success_at: null,
      kind: null,
      size_bytes: null,
    });

    const report = (info: unknown) =>
      t?.db.query('INSERT INTO backup_reports (info) VALUES ($1::jsonb)', [JSON.stringify(info)]);
    await report(
      pgbackrestInfo([
        { type: 'full', stop: '2026-11-15T21:00:00.000Z', size: 5_000_000 },
        { type: 'incr', stop: '2026-11-20T03:30:00.000Z', size: 5_100_000 },
        // A failed backup is never the last successful one.
        { type: 'incr', stop: '2026-11-20T05:30:00.000Z', error: true },
      ]),
    );
    expect((await safety(t)).backup).toEqual({
      state: 'ok',
      message: 'The last successful backup (incr) finished 3 hours ago.',
      last_success_at: '2026-11-20T03:30:00.000Z',
      kind: 'incr',
      size_bytes: 5_100_000,
    });

    // A day later the job has reported nothing new: the same backup is now stale.
    t.clock.advance(24 * 3_600_000);
    const stale = (await safety(t)).backup;
    expect(stale.state).toBe('warning');
    expect(stale.message).toBe(
      'Stale: the last successful backup finished 27 hours ago, more than the 26 hours expected.',
    );
    expect(stale.last_success_at).toBe('2026-11-20T03:30:00.000Z');

    await report(
      pgbackrestInfo([{ type: 'full', stop: '2026-11-21T06:00:00.000Z' }], {
        code: 2,
        message: 'missing stanza data',
      }),
    );
    expect((await safety(t)).backup).toMatchObject({
      state: 'warning',
      message: 'pgBackRest reports stanza gama: missing stanza data',
      kind: 'full',
    });
  });

  it('warns when no Patroni node answers', async () => {
    t = await createTestApp({
      now: NOW,
      env: { PATRONI_URL: 'http://127.0.0.1:3541, http://127.0.0.1:3542/' },
    });
    const replication = (await safety(t)).replication;
    if (engine === 'pglite') {
      expect(replication.state).toBe('not_configured');
      return;
    }
    expect(replication).toEqual({
      state: 'warning',
      message: 'Unreachable: Patroni did not answer at http://127.0.0.1:3541, http://127.0.0.1:3542.',
      members: [],
    });
  });

  it('refuses a PATRONI_URL that is not a list of URLs at start-up', async () => {
    await expect(createTestApp({ env: { PATRONI_URL: 'pg1:8008' } })).rejects.toThrow(/PATRONI_URL/);
  });
});

describe("judging Patroni's member list", () => {
  const m = (name: string, role: string, state: string, lag: number | null = 0) => ({
    name,
    role,
    state,
    lag_bytes: role === 'leader' ? null : lag,
    timeline: 3,
  });

  it('is ok with a primary and a synchronous standby that keeps up', () => {
    expect(judgeCluster([m('pg1', 'leader', 'running'), m('pg2', 'sync_standby', 'streaming')])).toEqual({
      state: 'ok',
      message: 'pg1 is primary; pg2 confirms every commit (synchronous).',
    });
  });

  it('warns of a lone primary, a stopped or lagging standby, and no primary', () => {
    expect(judgeCluster([m('pg2', 'leader', 'running'), m('pg1', 'replica', 'stopped')])).toEqual({
      state: 'warning',
      message: 'Only the primary (pg2) is running: new commits are on one machine until a standby returns.',
    });
    expect(
      judgeCluster([
        m('pg1', 'leader', 'running'),
        m('pg2', 'sync_standby', 'running'),
        m('pg3', 'replica', 'starting'),
      ]),
    ).toEqual({ state: 'warning', message: 'pg3 is starting.' });
    expect(
      judgeCluster([
        m('pg1', 'leader', 'running'),
        m('pg2', 'sync_standby', 'running', LAG_WARNING_BYTES * 2),
      ]),
    ).toEqual({ state: 'warning', message: 'pg2 is 32 MB behind.' });
    expect(judgeCluster([m('pg1', 'replica', 'running'), m('pg2', 'replica', 'running')]).state).toBe(
      'warning',
    );
    expect(judgeCluster([]).message).toBe('No primary is running: writes are refused until one is elected.');
  });
});

describe("reading pgBackRest's info", () => {
  it('takes the newest successful backup across stanzas and ignores what it cannot read', () => {
    expect(newestBackup('not json')).toEqual({ stop: null, kind: null, size: null, problem: null });
    const newest = newestBackup(pgbackrestInfo([{ type: 'diff', stop: '2026-11-19T00:00:00.000Z' }]));
    expect(newest.stop?.toISOString()).toBe('2026-11-19T00:00:00.000Z');
    expect(newest.kind).toBe('diff');
  });

  it('words an age for the operator', () => {
    expect(ago(60_000)).toBe('1 minute ago');
    expect(ago(5 * 3_600_000)).toBe('5 hours ago');
    expect(ago(72 * 3_600_000)).toBe('3 days ago');
  });
});
