/**
 * Push fan-out (issue 31 item 1, decision 036): a draw with `BENCH_BIDDERS` bidders (50,000), each with a push
 * subscription that wants result pushes, pointing at a local push service in a process of its own
 * (push-receiver-process.ts: the suite's receiver, which decrypts RFC 8291 and verifies the VAPID JWT of one
 * push in `BENCH_SAMPLE`, 50, and counts every one). The result is declared through the console's HTTP call,
 * which settles the draw; the push queue (modules/push/queue.ts) runs in the server's process, as every API
 * process runs it. Bids on another market come from a separate load process meanwhile.
 *
 * Draws of the same bidders in one run, in the order `BENCH_ORDER` (on, off, off, on): with push on
 * (subscriptions and the queue, paced as server.ts paces it), timed until every push has arrived; with push off
 * (no devices, no queue). Bids elsewhere run for `BENCH_BIDS_SECONDS` from each declaration, on and off alike,
 * then stop, so an on draw shows the pushes paced while bids arrive and at full speed after. Prints the pushes
 * a second while bids arrived and after, the time until 50,000 and until all arrived, the settlement (declare
 * call) time, and the bids' rate and p50/p99/max in each window, with the machine's load beside each. `DATABASE_URL=postgres://…` (the bench empties it).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, getPriority, loadavg, setPriority } from 'node:os';
import type { PushPayload } from '@gama/core/endpoints/push/index';
import { seedMarket } from '../../apps/api/src/seed/markets.ts';
import { createOperator } from '../../apps/api/src/modules/operators/accounts.ts';
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import { PushQueue } from '../../apps/api/src/modules/push/queue.ts';
import { BUSY_WINDOW_MS } from '../../apps/api/src/modules/push/pacer.ts';
import { loadVapidKeys } from '../../apps/api/src/modules/push/vapid.ts';
import type { LoadSummary } from './harness.ts';
import { NOW, fmt, runLoad, seedPlayers, startBench } from './harness.ts';
import type { ReceiverCount, ReceiverReady, ReceiverStatus } from './push-receiver-process.ts';

const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 50_000);
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 50);
const DATE = '2026-11-20';
/** Give up waiting for the pushes after this long. */
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT ?? 900);
/**
 * Bids on another market run this long from each declaration (and a warm-up before it), then stop: the pushes
 * of an on draw go paced while bids arrive and at full speed after (decision 036, "The fan-out yields to bids").
 */
const BIDS_S = Number(process.env.BENCH_BIDS_SECONDS ?? 30);
/** Pushes a second while bids arrive, as the server's PUSH_RATE_BUSY (the same default). */
const RATE_BUSY = Number(process.env.PUSH_RATE_BUSY ?? 100);
/** The draws in the order they are declared: push on, or off (no devices, no queue). */
const ORDER = (process.env.BENCH_ORDER ?? 'on,off,off,on').split(',').map((step) => {
  if (step !== 'on' && step !== 'off') throw new Error(`BENCH_ORDER: on or off, not ${step}`);
  return step;
});

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
  // Fresh tables have no statistics: without them the planner joins 50,000 journals to the accounts by scanning
  // the accounts once per journal (the seeding ran for minutes at 50,000 bidders).
  await bench.db.exec('ANALYZE players; ANALYZE accounts;');
  // One market (a draw of the same bidders) per step of the order.
  const markets: number[] = [];
  for (const [i, step] of ORDER.entries()) {
    markets.push(
      await seedMarket(bench.db, {
        name: `FANOUT ${i + 1} ${step.toUpperCase()}`,
        open: '10:00 AM',
        close: '11:00 AM',
      }),
    );
  }
  await bench.db.transaction(async (tx) => {
    // Funding, then one single-digit bid of 10 points per bidder on each market (digit = journal id mod 10, so
    // about one bidder in ten wins the open "123", ank 6), each a balanced bid journal, as the bid path posts it.
    await tx.query(
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
       SELECT 'adjustment', 'system', 'player', id, 'Fanout funding', $2 FROM unnest($1::bigint[]) AS id`,
      [bidders, new Date(NOW)],
    );
    await tx.exec('ANALYZE journals');
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount)
       SELECT j.id, a.id, 100000 FROM journals j JOIN accounts a ON a.player_id = j.ref_id AND a.kind = 'wallet'
        WHERE j.note = 'Fanout funding'
       UNION ALL
       SELECT j.id, (SELECT id FROM accounts WHERE kind = 'adjustments' AND player_id IS NULL), -100000
         FROM journals j WHERE j.note = 'Fanout funding'`,
    );
    for (const market of markets) {
      await tx.query(
        `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
         SELECT 'bid', 'player:' || id, 'market', $2, 'Fanout bids', $3 FROM unnest($1::bigint[]) AS id`,
        [bidders, market, new Date(NOW)],
      );
      await tx.exec('ANALYZE journals');
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
  // The receiver stands in for the push services (FCM, Mozilla, Apple), which are not on the server's machine:
  // once its devices are made it runs at the sender's lower priority, so its CPU is not taken from bids; its CPU
  // is printed apart.
  if (receiverProcess.pid !== undefined) setPriority(receiverProcess.pid, Math.min(19, getPriority() + 10));
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
    `${BIDDERS} bidders with a device each, one bid each on ${ORDER.length} markets (seeded in ${fmt((performance.now() - t0) / 1000)} s)`,
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

  const vapid = loadVapidKeys(
    bench.db,
    { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: 'mailto:bench@gama.invalid' },
    new Date(NOW),
  );
  const errors: string[] = [];
  const log = {
    error: (details: object, message: string) =>
      errors.push(`${message} ${JSON.stringify(details).slice(0, 200)}`),
    warn: (details: object, message: string) =>
      errors.push(`${message} ${JSON.stringify(details).slice(0, 200)}`),
  };
  const { rows: devices } = await bench.db.query<{
    player_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
  }>('SELECT player_id::text, endpoint, p256dh, auth FROM push_subscriptions');
  /** CPU seconds (user + system) of the database's backends serving this database, by pid, from /proc. */
  const backendTicks = async () => {
    const { rows } = await bench.db.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    );
    const ticks = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        // another machine's server (no /proc entry): not counted
      }
    }
    return ticks;
  };
  const backendSeconds = (before: Map<number, number>, after: Map<number, number>) =>
    [...after].reduce((sum, [pid, t]) => sum + t - (before.get(pid) ?? 0), 0);
  const seconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

  interface Step {
    step: 'on' | 'off';
    loadBefore: string;
    loadAfter: string;
    declare: { seconds: number; settled: number; wins: number };
    windowMs: number;
    /** When the bids stopped, in seconds from the declaration. */
    bidsEndS: number;
    bids: LoadSummary;
    cpu: { server: number; sender: number; receiver: number; database: number };
    push?: {
      expected: number;
      arrived: number;
      times: number[];
      counts: PushQueue['counts'];
      decrypted: number;
      problems: string[];
      kinds: string;
      nice: number;
    };
  }
  const steps: Step[] = [];
  let arrivedBefore = 0;
  let decryptedBefore = 0;
  for (const [i, step] of ORDER.entries()) {
    const market = markets[i] as number;
    let push: PushQueue | undefined;
    if (step === 'on') {
      await bench.db.query('DELETE FROM push_subscriptions');
      await bench.db.query(
        `INSERT INTO push_subscriptions (player_id, endpoint, p256dh, auth, created_at)
         SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])`,
        [
          devices.map((d) => d.player_id),
          devices.map((d) => d.endpoint),
          devices.map((d) => d.p256dh),
          devices.map((d) => d.auth),
          devices.map(() => new Date(NOW)),
        ],
      );
      // The server's queue, as server.ts starts it, sending to the receiver.
      push = new PushQueue({
        db: bench.db,
        keys: () => vapid,
        now: () => new Date(NOW),
        log,
        ca: ready.cert,
        // As server.ts paces it: slowly while the app's money routes (the bids here) are called.
        pace: { busy: () => bench.app.deps.traffic.within(BUSY_WINDOW_MS), busyRate: RATE_BUSY },
      });
      await push.start();
    } else {
      // Push off: no devices (so no outbox rows either) and no queue.
      await bench.db.query('DELETE FROM push_subscriptions');
    }
    const loadBefore = load();
    const stop = new AbortController();
    const during = bidsElsewhere(stop);
    await warmUp();
    const cpuServer = process.cpuUsage();
    const cpuReceiver = (await ask<ReceiverCount>('count')).cpu;
    const cpuSender = (await push?.sender.cpuUsage()) ?? { user: 0, system: 0 };
    const ticks = await backendTicks();
    const declaredAt = Date.now();
    const declared = await declare(market);
    // Bids for BIDS_S from the declaration, with push on or off alike; then the pushes left go unhindered.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, declaredAt + BIDS_S * 1000 - Date.now())));
    stop.abort();
    const bids = await during;
    const bidsEndS = (Date.now() - declaredAt) / 1000;
    let windowMs: number;
    let result: Step['push'];
    if (push) {
      const expected = BIDDERS + declared.wins;
      let arrived = 0;
      for (;;) {
        arrived = (await ask<ReceiverCount>('count')).arrived - arrivedBefore;
        if (arrived >= expected) break;
        if (Date.now() - declaredAt > TIMEOUT_S * 1000) {
          console.log(`gave up after ${TIMEOUT_S} s: ${arrived} of ${expected} pushes arrived`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      windowMs = Date.now() - declaredAt;
      const status = await ask<ReceiverStatus>('status');
      const kinds = new Map<string, number>();
      for (const payload of status.decrypted.slice(decryptedBefore) as PushPayload[]) {
        const kind = payload.tag.split('-')[0] ?? '?';
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      result = {
        expected,
        arrived,
        times: status.arrivals
          .slice(arrivedBefore)
          .map((t) => (t - declaredAt) / 1000)
          .sort((a, b) => a - b),
        counts: { ...push.counts },
        decrypted: status.decrypted.length - decryptedBefore,
        problems: status.problems,
        kinds: [...kinds].map(([k, n]) => `${k} ${n}`).join(', '),
        nice: getPriority(push.sender.pid),
      };
      arrivedBefore = status.arrivals.length;
      decryptedBefore = status.decrypted.length;
    } else {
      windowMs = Date.now() - declaredAt;
    }
    const cpu = {
      server: seconds(process.cpuUsage(cpuServer)),
      sender: push ? seconds((await push.sender.cpuUsage()) ?? cpuSender) - seconds(cpuSender) : 0,
      receiver: seconds((await ask<ReceiverCount>('count')).cpu) - seconds(cpuReceiver),
      database: backendSeconds(ticks, await backendTicks()),
    };
    await push?.stop();
    steps.push({
      step,
      loadBefore,
      loadAfter: load(),
      declare: declared,
      windowMs,
      bidsEndS,
      bids,
      cpu,
      ...(result ? { push: result } : {}),
    });
    console.log(`step ${i + 1} (push ${step}) done: ${fmt(windowMs / 1000, 1)} s, load ${load()}`);
  }

  console.log('');
  for (const [i, s] of steps.entries()) {
    console.log(`${i + 1}. push ${s.step} (load ${s.loadBefore} -> ${s.loadAfter}):`);
    console.log(
      `  declare + settle ${fmt(s.declare.seconds, 2)} s (${s.declare.settled} bids, ${s.declare.wins} winners)`,
    );
    const p = s.push;
    if (p) {
      const at = (n: number) => (p.times.length >= n ? fmt(p.times[n - 1] ?? 0, 2) : 'never');
      const first = p.times[0] ?? 0;
      const last = p.times.at(-1) ?? 0;
      console.log(
        `  ${p.arrived} of ${p.expected} pushes arrived (${BIDDERS} results + ${s.declare.wins} wins); first after ${fmt(first, 2)} s; ` +
          `${BIDDERS} after ${at(BIDDERS)} s; all after ${at(p.expected)} s; ` +
          `${fmt(p.times.length / Math.max(last, 0.001), 0)} pushes/s from the declaration, ${fmt((p.times.length - 1) / Math.max(last - first, 0.001), 0)}/s from the first push`,
      );
      const whileBids = p.times.filter((t) => t <= s.bidsEndS).length;
      console.log(
        `  while bids arrived (0-${fmt(s.bidsEndS, 1)} s): ${whileBids} pushes, ${fmt(whileBids / s.bidsEndS, 0)}/s (PUSH_RATE_BUSY ${RATE_BUSY}); ` +
          `after: the other ${p.times.length - whileBids} in ${fmt(last - s.bidsEndS, 1)} s, ${fmt((p.times.length - whileBids) / Math.max(last - s.bidsEndS, 0.001), 0)}/s`,
      );
      console.log(
        `  queue: ${p.counts.sent} sent, ${p.counts.failed} failed (retried), ${p.counts.gone} gone; sender at nice ${p.nice}; ${errors.length} errors logged${errors[0] ? `: ${errors[0]}` : ''}`,
      );
      console.log(
        `  decrypted and verified ${p.decrypted} (one in ${SAMPLE}): ${p.kinds}; problems ${p.problems.length}${p.problems[0] ? `: ${p.problems[0]}` : ''}`,
      );
    }
    const perPush = (cpu: number) =>
      p && p.arrived > 0 ? ` (${fmt((cpu * 1e6) / p.arrived, 0)} µs a push)` : '';
    console.log(
      `  CPU s over the window: server process ${fmt(s.cpu.server, 1)} (its bids too), sender ${fmt(s.cpu.sender, 1)}${perPush(s.cpu.sender)}, ` +
        `receiver ${fmt(s.cpu.receiver, 1)}${perPush(s.cpu.receiver)}, database backends ${fmt(s.cpu.database, 1)} (bids too; backends that ended in the window not counted)`,
    );
  }
  const row = (i: number, s: Step) =>
    `| ${i + 1}. push ${s.step} | ${fmt(s.bidsEndS, 1)} | ${s.bids.requests} | ${fmt(s.bids.rps, 0)} | ${fmt(s.bids.p50, 0)} | ${fmt(s.bids.p99, 0)} | ${fmt(s.bids.max, 0)} | ${s.bids.non2xx + s.bids.errors} | ${s.loadBefore} -> ${s.loadAfter} |`;
  console.log('');
  console.log(`bids on another market, 10 connections, for ${BIDS_S} s from each declaration:`);
  console.log('| window | s | bids | per s | p50 ms | p99 ms | max ms | failed | load |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [i, s] of steps.entries()) console.log(row(i, s));
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
