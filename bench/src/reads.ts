/**
 * Issue 30's reads: the two calls every open app polls every 5 s (`/api-user-wallet-balance`, the home list
 * with the wallet; `/api-main-game`, the public market list) against a hello-world Fastify server answering the
 * same requests, alternating in one run so the machine's state is the same for all three. Gama runs as
 * production runs it (no answer checking, request logging at info to a discarded stream, so its cost counts).
 * Prints each run's answers per second and the ratio to the hello-world run beside it.
 *
 * Knobs: BENCH_SECONDS (10 a run), BENCH_ROUNDS (3), BENCH_CONNECTIONS (32), BENCH_PLAYERS (200).
 */
import Fastify from 'fastify';
import { cpus, loadavg, totalmem } from 'node:os';
import { machineTime } from './cpu.ts';
import { runLoad, seedPlayers, startBench, type BenchPlayer, type LoadSummary } from './harness.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);

interface Run extends LoadSummary {
  /** CPU µs this process (the server under test) spent per answer. */
  serverUs: number;
  /** Share of the machine busy with anything but this process and the load generator: noise. */
  other: number;
  /** The 1-minute load average when the run ended, printed beside each figure. */
  load: number;
}

let logBytes = 0;
const bench = await startBench('reads', {
  env: {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: 'http://127.0.0.1:9/never-called',
  },
  logger: {
    write(line: string) {
      logBytes += line.length;
    },
  },
});

// What "a bare Fastify" means here: the same JSON POST parsed, a constant object answered, nothing else.
const hello = Fastify();
hello.post('/hello', async () => ({ status: true, msg: 'hello' }));
const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });

async function measure(url: string, path: string, players: readonly BenchPlayer[]): Promise<Run> {
  const cpu = process.cpuUsage();
  const machine = machineTime();
  const s = await runLoad({
    url,
    path,
    connections: CONNECTIONS,
    seconds: SECONDS,
    players,
    body: { kind: 'envelope' },
  });
  const used = process.cpuUsage(cpu);
  const after = machineTime();
  const serverUsed = used.user + used.system;
  const total = after.total - machine.total;
  const other = after.busy - machine.busy - serverUsed - s.cpuSeconds * 1e6;
  return {
    ...s,
    serverUs: s.requests > 0 ? serverUsed / s.requests : Number.NaN,
    other: total > 0 ? Math.max(0, other) / total : Number.NaN,
    load: loadavg()[0] ?? Number.NaN,
  };
}

let logStart: number;
let gamaAnswers = 0;
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

try {
  const players = await seedPlayers(bench.db, PLAYERS, 1_000);
  // Warm every path (JIT, plans, the caches) before the first measured run.
  for (const [url, path] of [
    [helloUrl, '/hello'],
    [bench.url, '/api-user-wallet-balance'],
    [bench.url, '/api-main-game'],
  ] as const) {
    await runLoad({ url, path, connections: CONNECTIONS, seconds: 3, players, body: { kind: 'envelope' } });
  }
  console.log(`# Polled reads against a hello-world Fastify: ${bench.engine}`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s a run`,
  );
  console.log(
    '| round | run | answers/s | ratio to hello | p99 ms | non-2xx | server µs/answer | other % | load |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const ratios: Record<'wallet' | 'list', number[]> = { wallet: [], list: [] };
  logStart = logBytes;
  for (let round = 1; round <= ROUNDS; round++) {
    const base = await measure(helloUrl, '/hello', players);
    const wallet = await measure(bench.url, '/api-user-wallet-balance', players);
    const list = await measure(bench.url, '/api-main-game', players);
    gamaAnswers += wallet.requests + list.requests;
    ratios.wallet.push(wallet.rps / base.rps);
    ratios.list.push(list.rps / base.rps);
    for (const [name, run] of [
      ['hello-world Fastify', base],
      ['/api-user-wallet-balance', wallet],
      ['/api-main-game', list],
    ] as const) {
      console.log(
        `| ${round} | ${name} | ${fmt(run.rps, 0)} | ${fmt(run.rps / base.rps, 2)} | ${fmt(run.p99)} | ${run.non2xx} | ${fmt(run.serverUs, 0)} | ${fmt(100 * run.other, 0)} | ${fmt(run.load, 2)} |`,
      );
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  console.log(
    `\nmedian ratio to hello-world: wallet ${fmt(median(ratios.wallet), 2)}, market list ${fmt(median(ratios.list), 2)}`,
  );
} finally {
  await hello.close();
  // Closing writes the last summary of the polled reads: counted with the rest.
  await bench.close();
}
console.log(
  `request log: ${fmt((logBytes - logStart) / Math.max(1, gamaAnswers), 2)} bytes per polled answer (${logBytes - logStart} bytes for ${gamaAnswers} answers)`,
);
