/**
 * P1, the bid spike (reliability-security.md 4.1), in an open model: 300 submissions/s for 60 s, then 1,000 more
 * in the next 5 s on top of the 300/s (500/s), as a market's last minute before close. 2,000 players send random
 * valid lists of 1-20 rows of every bet type. Prints latency from each request's scheduled arrival, every 5xx,
 * timeout and refusal, then checks that every accepted submission left exactly one bid journal and that the
 * ledger verifies. Goals: p95 < 200 ms, p99 < 500 ms, 0 × 5xx, 0 timeouts.
 *
 * Knobs: BENCH_SECONDS (steady phase, default 60), BENCH_RATE (default 300), BENCH_BURST (extra submissions
 * in the 5 s burst, default 1,000), BENCH_PLAYERS (default 2,000).
 */
import { cpus, totalmem } from 'node:os';
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import type { PhaseSummary } from './harness.ts';
import { fmt, runLoad, runOpenLoad, seedPlayers, startBench } from './harness.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 300);
const BURST = Number(process.env.BENCH_BURST ?? 1_000);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2_000);
const BURST_SECONDS = 5;

function line(p: PhaseSummary): string {
  const refused = Object.values(p.refused).reduce((n, v) => n + v, 0);
  const other = Object.values(p.non2xx).reduce((n, v) => n + v, 0);
  return `| ${p.name} | ${fmt(p.rps, 0)} | ${p.sent} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.p99)} | ${fmt(p.max)} | ${p.accepted} | ${refused} | ${p.status5xx} | ${other} | ${p.errors} | ${p.timeouts} |`;
}

const bench = await startBench('spike');
try {
  const players = await seedPlayers(bench.db, PLAYERS, 1_000_000);
  // A few seconds of closed-model bids first, so the measured run does not pay for cold plans and JIT.
  await runLoad({
    url: bench.url,
    path: '/api-submit-bid',
    connections: 10,
    seconds: 3,
    players,
    body: { kind: 'bid-mix', marketId: bench.marketId },
  });
  const bidJournals = async () =>
    (await bench.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM journals WHERE kind = 'bid'`))
      .rows[0]?.n ?? 0;
  const before = await bidJournals();

  const summary = await runOpenLoad({
    url: bench.url,
    marketId: bench.marketId,
    players,
    timeoutMs: 10_000,
    phases: [
      { name: `steady ${RATE}/s`, seconds: SECONDS, rate: RATE },
      {
        name: `burst ${RATE}/s + ${BURST} in ${BURST_SECONDS} s`,
        seconds: BURST_SECONDS,
        rate: RATE + BURST / BURST_SECONDS,
      },
    ],
  });

  const placed = (await bidJournals()) - before;
  const accepted = summary.acceptedKeys.length;
  const timeouts = summary.phases.reduce((n, p) => n + p.timeouts, 0);
  // Every accepted submission must have left its own bid journal (found by its key).
  const { rows: found } = await bench.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM idempotency_keys k JOIN journals j ON j.id = k.journal_id AND j.kind = 'bid'
      WHERE k.key = ANY($1::text[])`,
    [summary.acceptedKeys],
  );
  const acceptedPlaced = found[0]?.n ?? 0;
  console.log(`# Bid spike, open model: ${bench.engine}`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}`,
  );
  console.log(
    `${PLAYERS} players, 1-20 rows of every bet type per submission; latency from each scheduled arrival; sender lag max ${fmt(summary.senderLagMs)} ms; load CPU ${fmt(summary.cpuSeconds)} s\n`,
  );
  console.log(
    '| phase | arrivals/s | sent | p50 ms | p95 ms | p99 ms | max ms | accepted | refused | 5xx | other non-2xx | errors | timeouts |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const phase of summary.phases) console.log(line(phase));
  for (const phase of summary.phases) {
    if (Object.keys(phase.refused).length > 0)
      console.log(`\n${phase.name} refusals: ${JSON.stringify(phase.refused)}`);
    if (Object.keys(phase.non2xx).length > 0)
      console.log(`${phase.name} non-2xx: ${JSON.stringify(phase.non2xx)}`);
  }
  console.log(
    `\naccepted ${accepted}, of which placed (a bid journal under its key): ${acceptedPlaced}${acceptedPlaced === accepted ? ' (all)' : ' MISSING SOME'}`,
  );
  // A submission the client gave up on (timeout) may still have been placed: it was never acknowledged.
  console.log(
    `bid journals written during the run: ${placed} = ${accepted} accepted + ${placed - accepted} of ${timeouts} timed-out submissions, placed after the client gave up`,
  );
  const violations = await verifyLedger(bench.db);
  console.log(
    violations.length === 0
      ? 'ledger:verify clean'
      : `ledger:verify: ${JSON.stringify(violations).slice(0, 500)}`,
  );
} finally {
  await bench.close();
}
