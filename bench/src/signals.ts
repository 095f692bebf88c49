/**
 * What the risk signals cost (decision 039), where they run: a withdrawal request's own check, the minute's
 * sweep, and the in-memory pattern search. The transfer and bid paths run no signal code at all, so there is
 * nothing to measure there. Seeds BENCH_PLAYERS players (default 2,000) with three sign-ins each (devices and
 * addresses drawn from pools, so some are shared) and BENCH_TRANSFERS transfers (default 5,000) within the last
 * hour, the window the chain and burst rules read.
 */
import { performance } from 'node:perf_hooks';
import { checkAtWithdrawal, sweepSignals } from '../../apps/api/src/modules/signals/detect.ts';
import type { TransferFact } from '../../apps/api/src/modules/signals/patterns.ts';
import { findBursts, findChains } from '../../apps/api/src/modules/signals/patterns.ts';
import { NOW, seedPlayers, startBench } from './harness.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2000);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 5000);
const ZONE = 'Asia/Kolkata';
const now = new Date(NOW);

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
const quantile = (sorted: readonly number[], q: number) => sorted[Math.floor((sorted.length - 1) * q)] ?? 0;

const bench = await startBench('signals');
const { db } = bench;
try {
  const players = (await seedPlayers(db, PLAYERS, 10_000)).map((p) => p.id);
  const devices = Array.from({ length: PLAYERS * 2 }, (_, i) => `bench-device-${i}`);
  const addresses = Array.from({ length: PLAYERS }, (_, i) => `10.${(i >> 8) & 255}.${i & 255}.7`);
  const sessions = players.flatMap((id) =>
    [0, 1, 2].map(() => ({ id, device: pick(devices), ip: pick(addresses) })),
  );
  await db.query(
    `INSERT INTO sessions (token_hash, player_id, created_at, last_seen_at, ip, device_id)
     SELECT decode(md5(random()::text || n), 'hex'), p, $4::timestamptz - random() * interval '20 days', $4, ip, d
       FROM unnest($1::bigint[], $2::text[], $3::text[]) WITH ORDINALITY AS s(p, ip, d, n)`,
    [sessions.map((s) => s.id), sessions.map((s) => s.ip), sessions.map((s) => s.device), now],
  );

  const moves = Array.from({ length: TRANSFERS }, (_, n) => {
    const from = pick(players);
    let to = pick(players);
    while (to === from) to = pick(players);
    return { from, to, at: new Date(now.getTime() - Math.random() * 3_600_000), n };
  });
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
       SELECT 'transfer', 'player:' || f, 'player', t, 'bench transfer ' || n, at
         FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::int[]) AS s(f, t, at, n)`,
      [moves.map((m) => m.from), moves.map((m) => m.to), moves.map((m) => m.at), moves.map((m) => m.n)],
    );
    await tx.query(
      `WITH s AS (SELECT j.id, j.created_at, substring(j.actor FROM 8)::bigint AS f, j.ref_id AS t
                    FROM journals j WHERE j.note LIKE 'bench transfer %')
       INSERT INTO entries (journal_id, account_id, amount)
       SELECT s.id, a.id, -10000 FROM s JOIN accounts a ON a.player_id = s.f AND a.kind = 'wallet'
       UNION ALL
       SELECT s.id, a.id, 10000 FROM s JOIN accounts a ON a.player_id = s.t AND a.kind = 'wallet'`,
    );
    await tx.query(
      `INSERT INTO transfers (from_player_id, to_player_id, amount, journal_id, created_at)
       SELECT substring(j.actor FROM 8)::bigint, j.ref_id, 10000, j.id, j.created_at
         FROM journals j WHERE j.note LIKE 'bench transfer %'`,
    );
  });
  await db.query('ANALYZE');
  console.log(
    `${bench.engine}: ${PLAYERS} players, ${sessions.length} sign-ins, ${TRANSFERS} transfers in the last hour`,
  );

  const checks: number[] = [];
  for (let i = 0; i < 50; i++) {
    const player = pick(players);
    const started = performance.now();
    await db.transaction((tx) => checkAtWithdrawal(tx, player, now, ZONE));
    checks.push(performance.now() - started);
  }
  checks.sort((a, b) => a - b);
  console.log(
    `withdrawal request's check: median ${quantile(checks, 0.5).toFixed(1)} ms, p95 ${quantile(checks, 0.95).toFixed(1)} ms`,
  );

  let started = performance.now();
  const first = await sweepSignals(db, now, ZONE);
  console.log(
    `first sweep (${first.players} players signed in, ${first.transfers} transfers): ${(performance.now() - started).toFixed(0)} ms, ${first.flags} flags`,
  );
  started = performance.now();
  const steady = await sweepSignals(db, new Date(now.getTime() + 60_000), ZONE);
  console.log(
    `a minute's sweep (${steady.players} players, ${steady.transfers} transfers): ${(performance.now() - started).toFixed(0)} ms`,
  );

  const facts: TransferFact[] = Array.from({ length: 50_000 }, (_, id) => {
    const from = Math.floor(Math.random() * 20_000);
    return {
      id,
      from,
      to: (from + 1 + Math.floor(Math.random() * 19_999)) % 20_000,
      amountPaise: 10_000,
      at: new Date(now.getTime() - Math.random() * 3_600_000),
    };
  });
  started = performance.now();
  const chains = findChains(facts, 3, 60);
  const bursts = findBursts(facts, 5, 10);
  console.log(
    `patterns over 50,000 transfers in memory: ${(performance.now() - started).toFixed(0)} ms (${chains.length} chains, ${bursts.length} bursts)`,
  );
} finally {
  await bench.close();
}
