/**
 * A failover under load (issue 28): the deployed etcd, two Patroni nodes in synchronous mode and HAProxy
 * (test/ha-cluster.ts, deploy/), the API on HAProxy's primary port, players bidding and transferring with an
 * idempotency key each. The primary's postmaster is killed with SIGKILL; Patroni promotes the synchronous standby,
 * HAProxy follows it, and the API carries on without a restart. Then the old primary comes back as a standby and
 * the new primary is killed in turn.
 *
 * Every call answered while the database is away is a 503 with Retry-After, and the client sends it again with
 * the same key, as the app does. At the end: every key answered as accepted is committed exactly once, a replay
 * of every key gets the first accepted answer, no journal exists without an accepted key, and the ledger and the
 * audit chain verify.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSafety } from '@gama/core/endpoints/resilience/index';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { verifyAuditChain } from '../src/modules/audit/chain.ts';
import { verifyLedger } from '../src/modules/ledger/verify.ts';
import { seedMarket } from '../src/seed/markets.ts';
import type { HaCluster } from './ha-cluster.ts';
import { haMissing, startHaCluster } from './ha-cluster.ts';
import type { TestApp } from './helpers.ts';
import { createTestApp } from './helpers.ts';
import { admin, fund, operatorToken } from './money.ts';
import { claimClusterDir } from './stale-clusters.ts';

/** The ports this test's cluster takes (etcd, two nodes, HAProxy: 3500-3509). */
const BASE_PORT = 3500;
// 2026-11-20, a Friday, 12:00 IST; the market closes at 11:30 PM.
const NOW = '2026-11-20T12:00:00+05:30';

interface Answer {
  status: number;
  body: string;
  retryAfter: string | undefined;
}

interface Call {
  key: string;
  path: string;
  token: string;
  body: Record<string, unknown>;
  answers: Answer[];
}

const missing = haMissing();

describe('failover under load', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gama-failover-'));
  // A later run's set-up stops what is left here only once this process is gone (stale-clusters.ts).
  claimClusterDir(dir);
  let cluster: HaCluster | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'answers every call, loses no accepted one, applies none twice, twice over',
    { timeout: 300_000 },
    async () => {
      if (missing.length > 0 && !process.env.CI) {
        console.warn(`failover test: apt-get install -y ${missing.join(' ')}`);
      }
      expect(missing, 'the failover test needs these installed').toEqual([]);
      cluster = await startHaCluster(dir, BASE_PORT);
      const setup = new pg.Client({ connectionString: cluster.primaryUrl('postgres') });
      await setup.connect();
      await setup.query('CREATE DATABASE gama');
      await setup.end();
      const db = openPostgres(cluster.primaryUrl('gama'), { poolSize: 8, connectTimeoutMs: 2_000 });
      await migrate(db);
      // The dashboard reads Patroni through the first node that answers; the first listed here never does.
      t = await createTestApp({
        db,
        now: NOW,
        env: { PATRONI_URL: `http://127.0.0.1:${BASE_PORT + 49},${cluster.restUrl}` },
      });
      const app = t;
      const op = await operatorToken(app);
      const replication = async () =>
        (await admin<DatabaseSafety>(app, op, 'GET', '/admin-api/database-safety')).json.replication;
      const initially = await replication();
      expect(initially.state, initially.message).toBe('ok');
      expect(initially.members.map((m) => m.role).sort()).toEqual(['leader', 'sync_standby']);
      const market = await seedMarket(app.db, { name: 'FAILOVER', open: '11:00 PM', close: '11:30 PM' });
      const players: Array<Awaited<ReturnType<TestApp['player']>>> = [];
      for (let i = 0; i < 6; i++) {
        const p = await app.player();
        await fund(app, p, op, 100_000);
        players.push(p);
      }

      const calls: Call[] = [];
      let sequence = 0;
      const newCall = (worker: number): Call => {
        const player = players[worker % players.length];
        if (!player) throw new Error('no player');
        sequence += 1;
        const key = `failover-${worker}-${sequence}`;
        if (sequence % 3 === 0) {
          const to = players[(worker + 1) % players.length];
          return {
            key,
            path: '/api-user-transfer-wallet-balance',
            token: player.token,
            body: { mobile_no: to?.mobile, amount: '100', request_id: key },
            answers: [],
          };
        }
        return {
          key,
          path: '/api-submit-bid',
          token: player.token,
          body: {
            game_id: market,
            request_id: key,
            new_result: {
              pana: 'Single Digit',
              bid_date: '20-November-2026',
              result: [{ digits: String(sequence % 10), points: 10, session: 'open' }],
            },
          },
          answers: [],
        };
      };
      const send = async (call: Call): Promise<Answer> => {
        const res = await app.post(call.path, call.body, { token: call.token });
        const header = res.headers['retry-after'];
        const answer = {
          status: res.statusCode,
          body: res.raw,
          retryAfter: typeof header === 'string' ? header : undefined,
        };
        call.answers.push(answer);
        return answer;
      };

      // Each worker sends one call at a time and, on a 503, the same call again until it is answered, as the app
      // does with its kept key (with a short pause here instead of the player's tap).
      const unexpected: Answer[] = [];
      const isTryAgain = (answer: Answer) =>
        answer.status === 503 &&
        answer.retryAfter === '5' &&
        answer.body.includes('"code":"UNAVAILABLE"') &&
        answer.body.includes(
          '"msg":"We could not reach our server just now. Please try again in a few seconds."',
        );
      let running = true;
      let accepted = 0;
      const worker = async (index: number) => {
        while (running) {
          const call = newCall(index);
          calls.push(call);
          for (;;) {
            const answer = await send(call);
            if (answer.status === 200) break;
            if (!isTryAgain(answer)) {
              unexpected.push(answer);
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          accepted += 1;
        }
      };
      const workers = Array.from({ length: 6 }, (_, i) => worker(i));

      const acceptedSoon = async (more: number, ms: number) => {
        const target = accepted + more;
        const until = Date.now() + ms;
        while (accepted < target) {
          if (unexpected.length > 0) {
            const id = /"request_id":"([^"]+)"/.exec(unexpected[0]?.body ?? '')?.[1] ?? '-';
            const logged = app.logs.filter((line) => line.includes(id)).join('\n');
            throw new Error(`unexpected answer: ${JSON.stringify(unexpected[0])}\n${logged}`);
          }
          if (Date.now() > until) throw new Error(`load did not resume: ${accepted} of ${target}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };

      let lastLeader = '';
      try {
        await acceptedSoon(30, 30_000);
        for (let round = 0; round < 2; round++) {
          const killed = await cluster.killPrimaryPostmaster();
          const leader = await cluster.settled(killed);
          expect(leader).not.toBe(killed);
          lastLeader = leader;
          await acceptedSoon(30, 30_000);
        }
      } finally {
        running = false;
        await Promise.all(workers);
      }

      // The dashboard sees the last promotion: the new primary leads, the old one follows it synchronously.
      const finally_ = await replication();
      expect(finally_.state, finally_.message).toBe('ok');
      expect(finally_.members.find((m) => m.role === 'leader')?.name).toBe(lastLeader);
      expect(finally_.members.map((m) => m.role).sort()).toEqual(['leader', 'sync_standby']);

      // Every answer was an acceptance or a plain "try again".
      expect(unexpected).toEqual([]);

      // Every accepted call is committed exactly once, and nothing else was.
      const acceptedKeys = calls.filter((c) => c.answers.some((a) => a.status === 200)).map((c) => c.key);
      expect(acceptedKeys.length).toBe(calls.length);
      const { rows } = await app.db.query<{ key: string; journals: number }>(
        `SELECT k.key, count(j.id)::int AS journals
           FROM idempotency_keys k LEFT JOIN journals j ON j.id = k.journal_id
          WHERE k.key LIKE 'failover-%' GROUP BY k.key`,
      );
      expect(rows.map((r) => r.key).sort()).toEqual([...acceptedKeys].sort());
      expect(rows.every((r) => r.journals === 1)).toBe(true);
      const { rows: loose } = await app.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM journals j
          WHERE j.kind IN ('bid', 'transfer')
            AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.journal_id = j.id)`,
      );
      expect(loose[0]?.n).toBe(0);

      // No call was answered twice differently: every accepted answer of a key is the same, and a replay of the
      // key now gets it again.
      for (const call of calls) {
        const ok = call.answers.filter((a) => a.status === 200).map((a) => a.body);
        expect(new Set(ok).size, call.key).toBe(1);
        const replay = await send(call);
        expect(replay.status).toBe(200);
        expect(replay.body, call.key).toBe(ok[0]);
      }
      expect(calls.some((c) => c.answers.some((a) => a.status === 503))).toBe(true);

      expect(await verifyLedger(app.db)).toEqual([]);
      expect((await verifyAuditChain(app.db)).first_break).toBeNull();
    },
  );
});
