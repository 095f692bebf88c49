/**
 * Several API processes behind nginx on one PostgreSQL (issue 18): Debian's nginx (installed when missing) in
 * front of 1, 2 and 4 processes of the production entry point, configured from `deploy/nginx/gama.conf` with
 * only the upstream lines, the port and the paths changed. For each size it prints bid submissions/s and
 * home-list requests/s through nginx (closed model), then checks what must not depend on a request reaching the
 * same process twice:
 * - an open-model run whose every accepted submission is looked up by its key: exactly one bid journal each;
 * - wrong passwords for one phone sent through nginx meet the same refusals as the same attempts sent to one
 *   process (the sign-in counters live in PostgreSQL, not per process);
 * - a session started through one process is used by all of them (the load's tokens are spread over every
 *   process by nginx's round robin);
 * and ends with `ledger:verify`.
 *
 * Needs PostgreSQL: DATABASE_URL (a scratch database it wipes), else `gama_bench_scale` on the local server.
 * Knobs: BENCH_SECONDS (per measurement, default 10), BENCH_CONNECTIONS (32), BENCH_PLAYERS (500),
 * BENCH_SIZES (default `1,2,4`), BENCH_RATE (open-model check, default 150/s for 5 s).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { cpus } from 'node:os';
import pg from 'pg';
import { verifyLedger } from '../../apps/api/src/modules/ledger/verify.ts';
import type { Edge } from '../../apps/api/test/nginx-config.ts';
import { NGINX, startNginx } from '../../apps/api/test/nginx-config.ts';
import type { BenchPlayer, LoadSummary, ServerProcess } from './harness.ts';
import {
  APP_KEY,
  fmt,
  runLoad,
  runOpenLoad,
  seedPlayers,
  startBench,
  startServerProcess,
} from './harness.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 150);
const SIZES = (process.env.BENCH_SIZES ?? '1,2,4').split(',').map(Number);
const LOCAL_DB = 'postgres://postgres@127.0.0.1:5432/gama_bench_scale';

/** Debian's nginx, installed the first time (the bench machine runs as root). */
function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  console.log('installing nginx (apt-get install -y nginx)…');
  const out = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
  if (out.status !== 0 || !existsSync(NGINX)) throw new Error('nginx could not be installed');
}

/** The scratch database, created on the local server when DATABASE_URL is not given. */
async function ensureDatabase(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'gama_bench_scale'`);
    if (rowCount === 0) await admin.query('CREATE DATABASE gama_bench_scale');
  } finally {
    await admin.end();
  }
  process.env.DATABASE_URL = LOCAL_DB;
}

/** Wrong passwords for one phone, one after the other: the answers by status and error code. */
/** One POST from a chosen local address (every address of 127.0.0.0/8 reaches a server on 127.0.0.1 on Linux). */
function postFrom(
  url: string,
  path: string,
  body: unknown,
  localAddress: string,
): Promise<{ status: number; code?: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, localAddress },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const { code } = JSON.parse(text) as { code?: string };
          resolve({ status: res.statusCode ?? 0, ...(code ? { code } : {}) });
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Wrong passwords for one phone from one address, one after the other: the answers by status and error code.
 * Each series comes from an address of its own, so the per-address counters of one series never weigh on another.
 */
async function wrongPasswords(url: string, mobile: string, attempts: number, from: string): Promise<string> {
  const counts = new Map<string, number>();
  for (let i = 0; i < attempts; i++) {
    const body = { env_type: 'Prod', app_key: APP_KEY, mobile, password: `wrong-password-${i}` };
    const { status, code } = await postFrom(url, '/api-user-login', body, from);
    const answer = `${status} ${code ?? 'ok'}`;
    counts.set(answer, (counts.get(answer) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([answer, n]) => `${n} × ${answer}`)
    .join(' ');
}

function row(label: string, s: LoadSummary): string {
  return `| ${label} | ${fmt(s.rps, 0)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${s.non2xx} | ${s.errors} |`;
}

ensureNginx();
await ensureDatabase();
const bench = await startBench('scale');
try {
  const players: BenchPlayer[] = await seedPlayers(bench.db, PLAYERS, 10_000_000);
  const bids = { kind: 'bid-mix', marketId: bench.marketId } as const;
  const envelope = { kind: 'envelope' } as const;
  const bidJournals = async () =>
    (await bench.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM journals WHERE kind = 'bid'`))
      .rows[0]?.n ?? 0;
  console.log(`# API processes behind nginx, one PostgreSQL`);
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}; node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s per row, ${PLAYERS} players\n`,
  );
  const results: string[] = [];
  const checks: string[] = [];
  let phone = 7_100_000_000;
  for (const size of SIZES) {
    const servers: ServerProcess[] = [];
    let edge: Edge | undefined;
    try {
      for (let i = 0; i < size; i++) servers.push(await startServerProcess(1, { TRUST_PROXY: 'loopback' }));
      edge = await startNginx(servers.map((s) => s.url.replace('http://', '')));
      // Warm every process's JIT and caches (round robin spreads the warm-up).
      await runLoad({
        url: edge.url,
        path: '/api-submit-bid',
        connections: CONNECTIONS,
        seconds: 3,
        players,
        body: bids,
      });
      await runLoad({
        url: edge.url,
        path: '/api-user-wallet-balance',
        connections: CONNECTIONS,
        seconds: 2,
        players,
        body: envelope,
      });
      const bidRun = await runLoad({
        url: edge.url,
        path: '/api-submit-bid',
        connections: CONNECTIONS,
        seconds: SECONDS,
        players,
        body: bids,
      });
      results.push(row(`${size} × /api-submit-bid`, bidRun));
      const homeRun = await runLoad({
        url: edge.url,
        path: '/api-user-wallet-balance',
        connections: CONNECTIONS,
        seconds: SECONDS,
        players,
        body: envelope,
      });
      results.push(row(`${size} × /api-user-wallet-balance`, homeRun));

      // Every acknowledged submission, looked up by its key.
      const before = await bidJournals();
      const open = await runOpenLoad({
        url: edge.url,
        marketId: bench.marketId,
        players,
        timeoutMs: 10_000,
        phases: [{ name: `${RATE}/s`, seconds: 5, rate: RATE }],
      });
      const { rows: found } = await bench.db.query<{ n: number; once: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE per_key = 1)::int AS once FROM (
           SELECT k.key, count(j.id) AS per_key FROM idempotency_keys k
             JOIN journals j ON j.id = k.journal_id AND j.kind = 'bid'
            WHERE k.key = ANY($1::text[]) GROUP BY k.key) t`,
        [open.acceptedKeys],
      );
      const written = (await bidJournals()) - before;
      const timeouts = open.phases.reduce((n, p) => n + p.timeouts, 0);
      const accepted = open.acceptedKeys.length;
      const once = found[0]?.once ?? 0;
      checks.push(
        // A submission the client gave up on (timeout) may still have been placed; it was never acknowledged,
        // and the app sends it again with its key.
        `${size} process(es): ${accepted} accepted, ${once} found exactly once by key${once === accepted ? '' : ' — SOME MISSING'}; ${written} bid journals written = ${accepted} accepted + ${written - accepted} of ${timeouts} timed-out submissions${written >= accepted && written - accepted <= timeouts ? '' : ' — MISMATCH'}`,
      );

      // The sign-in counters: through nginx (spread over every process) against one process directly.
      const edgePhone = String(phone++);
      const onePhone = String(phone++);
      for (const mobile of [edgePhone, onePhone]) {
        await bench.db.query(
          `INSERT INTO players (user_name, mobile, password_hash, betting_status, created_at, password_changed_at)
           SELECT 'Scale ' || $1::text, $1::text, password_hash, '1', created_at, created_at FROM players LIMIT 1`,
          [mobile],
        );
      }
      const [viaEdge, viaOne] = [
        await wrongPasswords(edge.url, edgePhone, 12, `127.0.1.${size}`),
        await wrongPasswords(servers[0]?.url ?? '', onePhone, 12, `127.0.2.${size}`),
      ];
      // The waits grow with time, so a slower answer can change which attempt is checked; what must hold is
      // that N processes never check more wrong passwords than one does (per-process counters would check N×).
      const checked = (answers: string) => Number(/(\d+) × 400 INVALID_CREDENTIALS/.exec(answers)?.[1] ?? 0);
      checks.push(
        `${size} process(es): 12 wrong passwords through nginx: ${viaEdge}; to one process: ${viaOne}${checked(viaEdge) <= checked(viaOne) ? ' (no more checked through nginx: the counters are shared)' : ' — MORE CHECKED THROUGH NGINX'}`,
      );
    } finally {
      await edge?.stop();
      for (const server of servers) await server.stop();
    }
  }
  console.log('| processes × path | req/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---|---|---|---|---|');
  for (const line of results) console.log(line);
  console.log('');
  for (const line of checks) console.log(line);
  const violations = await verifyLedger(bench.db);
  console.log(
    violations.length === 0
      ? 'ledger:verify clean'
      : `ledger:verify: ${JSON.stringify(violations).slice(0, 500)}`,
  );
} finally {
  await bench.close();
}
