/**
 * Issue 30's figures for bids placed in batches (decision 043), measured by `bid-cost` in the same run as
 * pgbench's: slips per second with the batcher and without it at 16 and 64 connections, alternating off, on, off,
 * on so a change in the machine's load falls on both; PostgreSQL and Node CPU per slip; p99 at a fixed 300 slips/s
 * (open model, from each scheduled arrival) with and without; and every accepted slip of those runs found once by
 * its key. The server is the bench's own, in this process: the switch swaps its queue (`deps.bids`) for one with
 * `enabled: false`, which is what BID_BATCH=off builds. Every figure has the machine's load average beside it.
 */
import { readFileSync } from 'node:fs';
import { BidBatcher } from '../../apps/api/src/modules/bids/batches.ts';
import type { BatchOptions } from '../../apps/api/src/modules/bids/batches.ts';
import { followProcesses, postgresBackendsOf } from './cpu.ts';
import type { Bench, BenchPlayer } from './harness.ts';
import { fmt, runLoad, runOpenLoad } from './harness.ts';

export interface BatchRun {
  mode: 'on' | 'off';
  connections: number;
  slipsPerSecond: number;
  p99: number;
  pgUsPerSlip: number;
  nodeUsPerSlip: number;
  meanBatch: number;
  load: string;
}

export interface BatchFigures {
  runs: BatchRun[];
  /** Mean slips/s per mode and connection count. */
  mean(mode: 'on' | 'off', connections: number): BatchRun;
  fixed: Record<'on' | 'off', { p99: number; max: number; accepted: number; found: number; load: string }>;
}

/** The 1-, 5- and 15-minute load averages, as `uptime` prints them. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

export function switchTo(
  bench: Bench,
  mode: 'on' | 'off',
  options: Omit<BatchOptions, 'enabled'>,
): BidBatcher {
  const batcher = new BidBatcher(bench.db, { ...options, enabled: mode === 'on' });
  bench.app.deps.bids = batcher;
  return batcher;
}

export async function batchComparison(
  bench: Bench,
  players: readonly BenchPlayer[],
  options: {
    seconds: number;
    connections: readonly number[];
    rounds: number;
    database: string;
    rate: number;
  },
): Promise<BatchFigures> {
  const { BID_BATCH_MAX: max, BID_BATCH_PARALLEL: parallel } = bench.app.deps.config;
  // Other bounds to compare with the chosen one, in the same rounds: BENCH_BATCH_VARIANTS=16x2,64x2,32x1,32x4
  // (max slips x batches in flight). The targets use the chosen bound.
  const variants = (process.env.BENCH_BATCH_VARIANTS ?? '')
    .split(',')
    .filter((v) => /^\d+x\d+$/.test(v))
    .map((v) => {
      const [m, p] = v.split('x').map(Number) as [number, number];
      return { max: m, parallel: p };
    });
  const original = bench.app.deps.bids;
  const journals = async () =>
    (await bench.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM journals WHERE kind = 'bid'`))
      .rows[0]?.n ?? 0;
  const runs: BatchRun[] = [];
  console.log(
    `\n## Batches (issue 30): BID_BATCH_MAX ${max}, BID_BATCH_PARALLEL ${parallel}; ${options.rounds} alternating rounds of ${options.seconds} s`,
  );
  console.log(
    '| connections | batcher | slips/s | p99 ms | PostgreSQL µs/slip | Node µs/slip | mean batch | load (1, 5, 15 min) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  try {
    for (let round = 0; round < options.rounds; round++) {
      for (const connections of options.connections) {
        const modes = [
          { mode: 'off' as const, bound: { max, parallel } },
          { mode: 'on' as const, bound: { max, parallel } },
          ...variants.map((bound) => ({ mode: 'on' as const, bound, variant: true })),
        ];
        for (const { mode, bound, variant } of modes as Array<{
          mode: 'on' | 'off';
          bound: { max: number; parallel: number };
          variant?: boolean;
        }>) {
          const batcher = switchTo(bench, mode, bound);
          const load = loadAverage();
          const from = await journals();
          const pg = followProcesses(postgresBackendsOf(options.database));
          const node = process.cpuUsage();
          const result = await runLoad({
            url: bench.url,
            path: '/api-submit-bid',
            connections,
            seconds: options.seconds,
            players: [...players],
            body: { kind: 'bid-mix', marketId: bench.marketId },
          });
          const pgUsed = pg();
          const nodeUsed = process.cpuUsage(node);
          const placed = (await journals()) - from;
          const { batches, slips } = batcher.stats;
          const run: BatchRun = {
            mode,
            connections,
            slipsPerSecond: placed / result.seconds,
            p99: result.p99,
            pgUsPerSlip: pgUsed / placed,
            nodeUsPerSlip: (nodeUsed.user + nodeUsed.system) / placed,
            meanBatch: mode === 'on' && batches > 0 ? slips / batches : 1,
            load,
          };
          if (!variant) runs.push(run);
          const label = variant ? `on, ${bound.max} x ${bound.parallel}` : mode;
          console.log(
            `| ${connections} | ${label} | ${fmt(run.slipsPerSecond, 0)} | ${fmt(run.p99)} | ${fmt(run.pgUsPerSlip, 0)} | ${fmt(run.nodeUsPerSlip, 0)} | ${fmt(run.meanBatch, 1)} | ${load} |`,
          );
        }
      }
    }

    // p99 at a fixed rate, and nothing lost or doubled: every accepted slip found once by its key.
    const fixed = {} as BatchFigures['fixed'];
    console.log(
      `\nAt a fixed ${options.rate} slips/s (open model, 1-20 rows of every bet type, ${options.seconds} s):`,
    );
    console.log(
      '| batcher | p99 ms | max ms | accepted | found once by key | 5xx + errors + timeouts | load |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const mode of ['off', 'on'] as const) {
      switchTo(bench, mode, { max, parallel });
      const load = loadAverage();
      const summary = await runOpenLoad({
        url: bench.url,
        marketId: bench.marketId,
        players,
        timeoutMs: 10_000,
        phases: [{ name: `${options.rate}/s`, seconds: options.seconds, rate: options.rate }],
      });
      const phase = summary.phases[0];
      const { rows } = await bench.db.query<{ once: number; journals: number }>(
        `SELECT count(*) FILTER (WHERE n = 1)::int AS once, coalesce(sum(n), 0)::int AS journals
           FROM (SELECT k.key, count(j.id) AS n FROM unnest($1::text[]) AS k(key)
                   LEFT JOIN idempotency_keys i ON i.key = k.key
                   LEFT JOIN journals j ON j.id = i.journal_id AND j.kind = 'bid' GROUP BY k.key) x`,
        [summary.acceptedKeys],
      );
      const found = rows[0]?.once ?? 0;
      fixed[mode] = {
        p99: phase?.p99 ?? NaN,
        max: phase?.max ?? NaN,
        accepted: summary.acceptedKeys.length,
        found,
        load,
      };
      const failed = (phase?.status5xx ?? 0) + (phase?.errors ?? 0) + (phase?.timeouts ?? 0);
      console.log(
        `| ${mode} | ${fmt(fixed[mode].p99)} | ${fmt(fixed[mode].max)} | ${fixed[mode].accepted} | ${found}${found === fixed[mode].accepted ? ' (all)' : ' MISSING OR DOUBLED'} | ${failed} | ${load} |`,
      );
    }
    return {
      runs,
      fixed,
      mean(mode, connections) {
        const of = runs.filter((r) => r.mode === mode && r.connections === connections);
        const avg = (pick: (r: BatchRun) => number) => of.reduce((n, r) => n + pick(r), 0) / of.length;
        return {
          mode,
          connections,
          slipsPerSecond: avg((r) => r.slipsPerSecond),
          p99: avg((r) => r.p99),
          pgUsPerSlip: avg((r) => r.pgUsPerSlip),
          nodeUsPerSlip: avg((r) => r.nodeUsPerSlip),
          meanBatch: avg((r) => r.meanBatch),
          load: of.map((r) => r.load.split(' ')[0]).join(', '),
        };
      },
    };
  } finally {
    bench.app.deps.bids = original;
  }
}
