/**
 * Push fan-out (issue 31 item 1, decision 036): a draw with `BENCH_BIDDERS` bidders (50,000), each with a push
 * subscription that wants result pushes, pointing at a local push service in a process of its own
 * (push-receiver-process.ts: the suite's receiver, which decrypts RFC 8291 and verifies the VAPID JWT of one
 * push in `BENCH_SAMPLE`, 50, and counts every one). The result is declared through the console's HTTP call,
 * which settles the draw; the push queue (modules/push/queue.ts) runs in the server's process, as every API
 * process runs it. Bids on another market come from a separate load process meanwhile.
 *
 * Two draws of the same bidders in one run: first with push on (subscriptions and the queue), timed until every
 * push has arrived; then, with the subscriptions deleted and the queue stopped, the second draw with bids
 * elsewhere for a window of the same length. Prints pushes delivered per second, the time until 50,000 and
 * until all arrived, the settlement (declare call) time with push on and off, and the bids' p50/p99/max in
 * both windows, with the machine's load beside each. `DATABASE_URL=postgres://…` (the bench empties it).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import type { PushPayload } from '@gama/core/endpoints/push/index';
import { seedMarket } from '../../apps/api/src/seed/markets.ts';
import { createOperator } from '../../apps/api/src/modules/operators/accounts.ts';
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import { PushQueue } from '../../apps/api/src/modules/push/queue.ts';
import { loadVapidKeys } from '../../apps/api/src/modules/push/vapid.ts';
import type { LoadSummary } from './harness.ts';
import { NOW, fmt, runLoad, seedPlayers, startBench } from './harness.ts';
import type { ReceiverReady, ReceiverStatus } from './push-receiver-process.ts';

const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 50_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 50);
const DATE = '2026-11-20';
/** Give up waiting for the pushes after this long. */
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 900);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

// The receiver first: making 50,000 devices' keys takes a while, and it runs while the database is seeded.
const receiverScript = new URL('./push-receiver-process.ts', import.meta.url).pathname;
const receiverProcess = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), receiverScript], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, NODE_OPTIONS: '', BENCH_DEVICES: String(BIDDERS), BENCH_SAMPLE: String(SAMPLE) },
});
function ask<T extends { type: string }>(type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      receiverProcess.off('message', onMessage);
      resolve(message);
    };
    receiverProcess.on('message', onMessage);
    if (type !== 'ready') receiverProcess.send({ type });
  });
}
const receiverReady = ask<ReceiverReady>('ready');

const bench = await startBench('push-fanout');
try {
  console.log(`# Push fan-out: ${bench.engine}, ${cpus().length} cores, node ${process.version}`);
  const elsewhere = await seedPlayers(bench.db, 200, 10_000_000);
  const t0 = performance.now();
  const { rows: hash } = await bench.db.query<{ password_hash: string }>(
    'SELECT password_hash FROM players LIMIT 1',
  );
  const { rows: made } = await bench.db.query<{ id: string }>(
    `INSERT INTO players (user_name, mobile, password_hash, betting_status, created_at, password_changed_at)
     SELECT 'Fanout ' || g, (8000000000 + g)::text, $2, '1', $3, $3 FROM generate_series(1, $1::int) g
     RETURNING id::text`,
    [BIDDERS, hash[0]?.password_hash, new Date(NOW)],
  );
  const bidders = made.map((r) => r.id);
  const markets = {
    on: await seedMarket(bench.db, { name: 'FANOUT ON', open: '10:00 AM', close: '11:00 AM' }),
    off: await seedMarket(bench.db, { name: 'FANOUT OFF', open: '10:00 AM', close: '11:00 AM' }),
  };
  await bench.db.transaction(async (tx) => {
    // Funding, then one single-digit bid of 10 points per bidder on each market (digit = journal id mod 10, so
    // about one bidder in ten wins the open "123", ank 6), each a balanced bid journal, as the bid path posts it.
    await tx.query(
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
       SELECT 'adjustment', 'system', 'player', id, 'Fanout funding', $2 FROM unnest($1::bigint[]) AS id`,
      [bidders, new Date(NOW)],
    );
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount)
       SELECT j.id, a.id, 100000 FROM journals j JOIN accounts a ON a.player_id = j.ref_id AND a.kind = 'wallet'
        WHERE j.note = 'Fanout funding'
       UNION ALL
       SELECT j.id, (SELECT id FROM accounts WHERE kind = 'adjustments' AND player_id IS NULL), -100000
         FROM journals j WHERE j.note = 'Fanout funding'`,
    );
    for (const market of [markets.on, markets.off]) {
      await tx.query(
        `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
         SELECT 'bid', 'player:' || id, 'market', $2, 'Fanout bids', $3 FROM unnest($1::bigint[]) AS id`,
        [bidders, market, new Date(NOW)],
      );
      await tx.query(
        `INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                           points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
         SELECT substr(j.actor, 8)::bigint, $1, 'main', $3::date, 'single_digit', 'Single Digit', 'open',
                (j.id % 10)::text, '', 10, 1000, 'single_digit', 10, 95, j.id, $2
           FROM journals j WHERE j.note = 'Fanout bids' AND j.ref_id = $1`,
        [market, new Date(NOW), DATE],
      );
      await tx.query(
        `INSERT INTO entries (journal_id, account_id, amount)
         SELECT j.id, a.id, -1000 FROM journals j JOIN accounts a ON a.player_id = substr(j.actor, 8)::bigint AND a.kind = 'wallet'
          WHERE j.note = 'Fanout bids' AND j.ref_id = $1
         UNION ALL
         SELECT j.id, (SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), 1000
           FROM journals j WHERE j.note = 'Fanout bids' AND j.ref_id = $1`,
        [market],
      );
    }
  });
  const ready = await receiverReady;
  const subscriptions = JSON.parse(readFileSync(ready.subscriptions, 'utf8')) as Array<{
    endpoint: string;
    p256dh: string;
    auth: string;
  }>;
  rmSync(ready.subscriptions, { force: true });
  await bench.db.query(
    `INSERT INTO push_subscriptions (player_id, endpoint, p256dh, auth, created_at)
     SELECT s.player_id, s.endpoint, s.p256dh, s.auth, $5
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS s (player_id, endpoint, p256dh, auth)`,
    [
      bidders,
      subscriptions.map((s) => s.endpoint),
      subscriptions.map((s) => s.p256dh),
      subscriptions.map((s) => s.auth),
      new Date(NOW),
    ],
  );
  await bench.db.exec('VACUUM ANALYZE');
  if (bench.engine === 'postgres') await bench.db.query('CHECKPOINT');
  console.log(
    `${BIDDERS} bidders with a device each, one bid each on two markets (seeded in ${fmt((performance.now() - t0) / 1000)} s)`,
  );

  await createOperator(bench.db, {
    username: 'bench-owner',
    password: 'bench-owner-pass-1',
    role: 'owner',
    now: new Date(NOW),
  });
  const login = await fetch(`${bench.url}/admin-api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench-owner', password: 'bench-owner-pass-1' }),
  });
  const { token } = (await login.json()) as { token: string };
  const declare = async (market: number) => {
    const started = performance.now();
    const res = await fetch(`${bench.url}/admin-api/results/declare`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ market_id: market, date: DATE, half: 'open', value: '123' }),
    });
    const body = (await res.json()) as { state?: string; settled?: number; wins?: number };
    if (res.status !== 200 || body.state !== 'declared') throw new Error(`declare: ${JSON.stringify(body)}`);
    return {
      seconds: (performance.now() - started) / 1000,
      settled: body.settled ?? 0,
      wins: body.wins ?? 0,
    };
  };
  /** Bids on the bench's own market from a separate process, until `stop` aborts. */
  const bidsElsewhere = (stop: AbortController) =>
    runLoad({
      url: bench.url,
      path: '/api-submit-bid',
      connections: 10,
      seconds: 3_600,
      players: elsewhere,
      body: { kind: 'single-digit', marketId: bench.marketId },
      signal: stop.signal,
      skipFirstMs: 1_000,
    });
  const warmUp = () => new Promise((resolve) => setTimeout(resolve, 1_500));

  // 1. Push on: the server's queue, as server.ts starts it, sending to the receiver.
  const vapid = loadVapidKeys(
    bench.db,
    { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: 'mailto:bench@gama.invalid' },
    new Date(NOW),
  );
  const errors: string[] = [];
  const push = new PushQueue({
    db: bench.db,
    keys: () => vapid,
    now: () => new Date(NOW),
    log: {
      error: (details, message) => errors.push(`${message} ${JSON.stringify(details).slice(0, 200)}`),
      warn: (details, message) => errors.push(`${message} ${JSON.stringify(details).slice(0, 200)}`),
    },
    ca: ready.cert,
  });
  await push.start();
  const onLoad = `${load()}`;
  const stopOn = new AbortController();
  const duringOn = bidsElsewhere(stopOn);
  await warmUp();
  const declaredAt = Date.now();
  const on = await declare(markets.on);
  const expected = BIDDERS + on.wins;
  for (;;) {
    const { arrived } = await ask<{ type: 'count'; arrived: number }>('count');
    if (arrived >= expected) break;
    if (Date.now() - declaredAt > TIMEOUT_S * 1000) {
      console.log(`gave up after ${TIMEOUT_S} s: ${arrived} of ${expected} pushes arrived`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const windowMs = Date.now() - declaredAt;
  stopOn.abort();
  const bidsOn = await duringOn;
  const onLoadEnd = load();
  const status = await ask<ReceiverStatus>('status');
  await push.stop();

  // 2. Push off: no devices (so no outbox rows either) and no queue; the same window of bids elsewhere.
  await bench.db.query('DELETE FROM push_subscriptions');
  const offLoad = load();
  const stopOff = new AbortController();
  const duringOff = bidsElsewhere(stopOff);
  await warmUp();
  const offStarted = Date.now();
  const off = await declare(markets.off);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, windowMs - (Date.now() - offStarted))));
  stopOff.abort();
  const bidsOff = await duringOff;
  const offLoadEnd = load();

  const times = status.arrivals.map((t) => (t - declaredAt) / 1000).sort((a, b) => a - b);
  const at = (n: number) => (times.length >= n ? fmt(times[n - 1] ?? 0, 2) : 'never');
  const first = times[0] ?? 0;
  const last = times.at(-1) ?? 0;
  const kinds = new Map<string, number>();
  for (const payload of status.decrypted as PushPayload[]) {
    const kind = payload.tag.split('-')[0] ?? '?';
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  const row = (label: string, b: LoadSummary) =>
    `| ${label} | ${b.requests} | ${fmt(b.rps, 0)} | ${fmt(b.p50, 0)} | ${fmt(b.p99, 0)} | ${fmt(b.max, 0)} | ${b.non2xx + b.errors} |`;
  console.log('');
  console.log(`push on (load ${onLoad} -> ${onLoadEnd}):`);
  console.log(
    `  declare + settle ${fmt(on.seconds, 2)} s (${on.settled} bids, ${on.wins} winners); ${status.arrivals.length} of ${expected} pushes arrived (${BIDDERS} results + ${on.wins} wins)`,
  );
  console.log(
    `  first push after ${fmt(first, 2)} s; ${BIDDERS} after ${at(BIDDERS)} s; all after ${at(expected)} s; ` +
      `${fmt(times.length / Math.max(last, 0.001), 0)} pushes/s from the declaration, ${fmt((times.length - 1) / Math.max(last - first, 0.001), 0)}/s from the first push`,
  );
  console.log(
    `  queue: ${push.counts.sent} sent, ${push.counts.failed} failed (retried), ${push.counts.gone} gone; ${errors.length} errors logged${errors[0] ? `: ${errors[0]}` : ''}`,
  );
  console.log(
    `  decrypted and verified ${status.decrypted.length} (one in ${SAMPLE}): ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}; problems ${status.problems.length}${status.problems[0] ? `: ${status.problems[0]}` : ''}`,
  );
  console.log(`push off (load ${offLoad} -> ${offLoadEnd}):`);
  console.log(`  declare + settle ${fmt(off.seconds, 2)} s (${off.settled} bids, ${off.wins} winners)`);
  console.log('');
  console.log(
    `bids on another market, 10 connections, over ${fmt(windowMs / 1000, 1)} s from each declaration:`,
  );
  console.log('| window | bids | per s | p50 ms | p99 ms | max ms | failed |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  console.log(row('push on (fan-out)', bidsOn));
  console.log(row('push off', bidsOff));
  const violations = await verifyLedger(bench.db);
  console.log(
    violations.length === 0
      ? 'ledger:verify clean'
      : `ledger:verify: ${JSON.stringify(violations).slice(0, 500)}`,
  );
} finally {
  receiverProcess.send({ type: 'stop' });
  await bench.close();
}
