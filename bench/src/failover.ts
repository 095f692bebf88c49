/**
 * Failovers under load (issue 28): the deployed HA setup on this machine (etcd, two Patroni nodes in synchronous
 * mode, HAProxy; apps/api/test/ha-cluster.ts rewrites only addresses, ports, paths and Patroni's timings), the real
 * server (`server.ts`) on HAProxy's primary port, and `BENCH_CLIENTS` clients (default 8) sending bid submissions
 * and transfers, each with its own idempotency key, sending a call again with the same key after a 503 as the
 * app does. `BENCH_FAILOVERS` times (default 10) the primary's postmaster is killed with SIGKILL; the bench waits
 * for the standby's promotion and for the old primary to return as the synchronous standby, and measures:
 * - seconds without service: the longest stretch after the kill in which no call was accepted;
 * - acknowledged but lost: keys answered 200 that the database does not hold at the end (must be 0);
 * - duplicates: a key answered 200 twice with different answers, or a bid or transfer journal without a key (0);
 * - p99 of accepted calls in the 5 s before the kill and in the 5 s after the cluster has settled again.
 * Ends with a replay of every key, `ledger:verify` and the audit chain.
 *
 * Ports 3520-3530 (the cluster from 3520, the server at 3530). Needs root or the postgres user, and Debian's
 * patroni, etcd-server and haproxy. Wrap it in `flock /tmp/bench.lock`.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ManualClock } from '../../apps/api/src/clock.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { openPostgres } from '../../apps/api/src/db/postgres.ts';
import { verifyAuditChain } from '../../apps/api/src/modules/audit/chain.ts';
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import { seedDemoContent } from '../../apps/api/src/seed/content.ts';
import { seedMarket } from '../../apps/api/src/seed/markets.ts';
import { haMissing, startHaCluster } from '../../apps/api/test/ha-cluster.ts';
import { APP_KEY, BID_DATE, NOW, fmt, percentile, seedPlayers } from './harness.ts';

const FAILOVERS = Number(process.env.BENCH_FAILOVERS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const CLUSTER_PORT = 3520;
const SERVER_PORT = 3530;
const WINDOW_MS = 5_000;
const serverScript = fileURLToPath(new URL('../../apps/api/src/server.ts', import.meta.url));

interface Answer {
  status: number;
  body: string;
  sentAt: number;
  doneAt: number;
}

interface Call {
  key: string;
  path: string;
  token: string;
  body: string;
  answers: Answer[];
}

async function startServer(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), serverScript], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      APP_KEY,
      CLOCK_START: NOW,
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'bench-admin-password',
      WEB_DIST: join(tmpdir(), 'gama-bench-no-web'),
    },
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${SERVER_PORT}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    if (child.exitCode !== null || i > 300) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function send(call: Call): Promise<Answer> {
  const sentAt = performance.now();
  const answer = await fetch(`http://127.0.0.1:${SERVER_PORT}${call.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${call.token}` },
    body: call.body,
  }).then(
    async (res) => ({ status: res.status, body: await res.text(), sentAt, doneAt: performance.now() }),
    () => ({ status: 0, body: '', sentAt, doneAt: performance.now() }),
  );
  call.answers.push(answer);
  return answer;
}

async function main(): Promise<void> {
  const missing = haMissing();
  if (missing.length > 0) throw new Error(`install first: apt-get install -y ${missing.join(' ')}`);
  const dir = mkdtempSync(join(tmpdir(), 'gama-bench-failover-'));
  console.log(`starting etcd, 2 Patroni nodes and HAProxy in ${dir} …`);
  const cluster = await startHaCluster(dir, CLUSTER_PORT);
  let server: ChildProcess | undefined;
  try {
    const setup = new pg.Client({ connectionString: cluster.primaryUrl('postgres') });
    await setup.connect();
    await setup.query('CREATE DATABASE gama');
    await setup.end();
    const db = openPostgres(cluster.primaryUrl('gama'), 4);
    await migrate(db);
    const clock = new ManualClock(NOW);
    await seedDemoContent(db, clock.now(), { defaultBettingStatus: '1' });
    const market = await seedMarket(db, {
      name: 'FAILOVER',
      open: '11:00 PM',
      close: '11:30 PM',
      now: clock.now(),
    });
    const players = await seedPlayers(db, 40, 10_000_000);
    const { rows: phones } = await db.query<{ id: number; mobile: string }>(
      'SELECT id, mobile FROM players WHERE id = ANY($1)',
      [players.map((p) => p.id)],
    );
    const mobileOf = new Map(phones.map((r) => [r.id, r.mobile]));
    server = await startServer(cluster.primaryUrl('gama'));

    const calls: Call[] = [];
    let sequence = 0;
    const newCall = (client: number): Call => {
      sequence += 1;
      const player = players[(client + sequence) % players.length];
      const to = players[(client + sequence + 1) % players.length];
      if (!player || !to) throw new Error('no players');
      const key = `failover-bench-${sequence}`;
      const envelope = { app_key: APP_KEY, env_type: 'Prod', request_id: key };
      if (sequence % 3 === 0) {
        return {
          key,
          path: '/api-user-transfer-wallet-balance',
          token: player.token,
          body: JSON.stringify({ ...envelope, mobile_no: mobileOf.get(to.id), amount: '100' }),
          answers: [],
        };
      }
      return {
        key,
        path: '/api-submit-bid',
        token: player.token,
        body: JSON.stringify({
          ...envelope,
          game_id: market,
          new_result: {
            pana: 'Single Digit',
            bid_date: BID_DATE,
            result: [{ digits: String(sequence % 10), points: '10', session: 'open' }],
          },
        }),
        answers: [],
      };
    };
    const unexpected: Answer[] = [];
    let running = true;
    const client = async (index: number) => {
      while (running) {
        const call = newCall(index);
        calls.push(call);
        for (;;) {
          const answer = await send(call);
          if (answer.status === 200) break;
          if (answer.status !== 503) unexpected.push(answer);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
    const p99Between = (from: number, to: number): number => {
      const latencies = calls
        .flatMap((c) => c.answers)
        .filter((a) => a.status === 200 && a.sentAt >= from && a.doneAt <= to)
        .map((a) => a.doneAt - a.sentAt)
        .sort((a, b) => a - b);
      return percentile(latencies, 99);
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await sleep(WINDOW_MS);
    const rows: string[][] = [];
    for (let i = 1; i <= FAILOVERS; i++) {
      const before = p99Between(performance.now() - WINDOW_MS, performance.now());
      const killedAt = performance.now();
      const killed = await cluster.killPrimaryPostmaster();
      const leader = await cluster.settled(killed);
      const settledAt = performance.now();
      await sleep(WINDOW_MS);
      const after = p99Between(settledAt, performance.now());
      const answers = calls
        .flatMap((c) => c.answers)
        .filter((a) => a.doneAt >= killedAt && a.doneAt <= settledAt + WINDOW_MS);
      // The longest stretch from the kill on in which no call was accepted: a backend of the killed postmaster may
      // still answer for a moment, so the first refusal does not mark the start.
      const accepts = answers
        .filter((a) => a.status === 200)
        .map((a) => a.doneAt)
        .sort((a, b) => a - b);
      let outageMs = 0;
      let previous = killedAt;
      for (const at of accepts) {
        outageMs = Math.max(outageMs, at - previous);
        previous = at;
      }
      const outage = outageMs / 1000;
      const refused = answers.filter((a) => a.status !== 200).length;
      rows.push([
        String(i),
        `${killed} → ${leader}`,
        fmt(outage, 2),
        String(refused),
        fmt(before, 0),
        fmt(after, 0),
        fmt((settledAt - killedAt) / 1000, 1),
      ]);
      console.log(
        `failover ${i}: ${killed} → ${leader}, ${fmt(outage, 2)} s without service, ${refused} calls refused, p99 ${fmt(before, 0)} → ${fmt(after, 0)} ms, standby back after ${fmt((settledAt - killedAt) / 1000, 1)} s`,
      );
    }
    running = false;
    await Promise.all(clients);

    const accepted = calls.filter((c) => c.answers.some((a) => a.status === 200));
    const { rows: held } = await db.query<{ key: string }>(
      `SELECT k.key FROM idempotency_keys k JOIN journals j ON j.id = k.journal_id WHERE k.key LIKE 'failover-bench-%'`,
    );
    const heldKeys = new Set(held.map((r) => r.key));
    const lost = accepted.filter((c) => !heldKeys.has(c.key)).length;
    const { rows: loose } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journals j WHERE j.kind IN ('bid', 'transfer')
          AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.journal_id = j.id)`,
    );
    let differing = 0;
    for (const call of accepted) {
      const first = call.answers.find((a) => a.status === 200)?.body;
      const replay = await send(call);
      if (call.answers.some((a) => a.status === 200 && a.body !== first) || replay.body !== first)
        differing++;
    }
    const violations = await verifyLedger(db);
    const chain = await verifyAuditChain(db);
    await db.close();

    console.log(
      '\n| # | primary → new | s without service | calls refused (503) | p99 before (ms) | p99 after (ms) | standby back (s) |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    const outages = rows.map((r) => Number(r[2])).sort((a, b) => a - b);
    console.log(
      `\n${calls.length} calls (${accepted.length} accepted), ${FAILOVERS} failovers: without service median ${fmt(
        percentile(outages, 50),
        2,
      )} s, worst ${fmt(outages[outages.length - 1] ?? 0, 2)} s; acknowledged but lost ${lost}; duplicates ${
        differing + (loose[0]?.n ?? 0)
      } (answers differing ${differing}, journals without a key ${loose[0]?.n ?? 0}); unexpected answers ${
        unexpected.length
      }; ledger:verify ${violations.length === 0 ? 'clean' : `${violations.length} violations`}; audit chain ${
        chain.first_break === null ? 'clean' : 'broken'
      }`,
    );
  } finally {
    server?.kill('SIGTERM');
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
