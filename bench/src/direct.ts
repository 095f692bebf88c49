/**
 * The bid path's placement transaction issued straight in SQL, without HTTP or the server's checks: what the
 * database alone allows (issue 18's "direct SQL" ratio). Keep in step with placeBids.
 */
import type { Database } from '../../apps/api/src/db/database.ts';
import type { BenchPlayer } from './harness.ts';
import { percentile } from './harness.ts';

export interface DirectRun {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: 0;
}

let seq = 0;

export async function directRun(
  db: Database,
  players: readonly BenchPlayer[],
  marketId: number,
  options: { seconds: number; connections: number },
): Promise<DirectRun> {
  const { rows: market } = await db.query<{ rev: number }>(
    'SELECT schedule_rev AS rev FROM markets WHERE id = $1',
    [marketId],
  );
  const scheduleRev = market[0]?.rev ?? 0;
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + options.seconds * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const player = players[Math.floor(Math.random() * players.length)];
      if (!player) continue;
      const start = performance.now();
      try {
        await db.transaction(async (tx) => {
          // What placeBids sends for a submission with an idempotency key (as the app sends them): the one
          // call of migration 0029, with the validated values written in (three single panas, 10 points each).
          await tx.query(
            `SELECT gama_place_bid($1, $2, $3, 'bid:main', '\\x00', now(), $4, $5, 'main', '2026-11-20',
                                   'single_pana', 'Single Pana', 'Bid', ARRAY['open', 'open', 'open'],
                                   ARRAY['123', '456', '789'], ARRAY['', '', ''], ARRAY[10, 10, 10]::bigint[],
                                   ARRAY['single_pana', 'single_pana', 'single_pana'], 'Asia/Kolkata',
                                   '2026-11-20', '2026-11-16', '2026-11-01')`,
            [player.id, `player:${player.id}`, `direct-${process.pid}-${seq++}`, marketId, scheduleRev],
          );
        });
        latencies.push(performance.now() - start);
      } catch (error) {
        if (errors === 0) console.error(`first direct SQL error: ${(error as Error).message}`);
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    non2xx: 0,
  };
}
