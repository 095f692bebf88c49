/**
 * A bid's database cost in instructions, against pgbench's standard transaction (issue 18): the same count on a
 * busy machine as on a quiet one, so a change to the bid's SQL can be judged without a quiet machine.
 *
 * It makes a scratch PostgreSQL cluster (the server binaries of `pg_config`, or the newest under
 * /usr/lib/postgresql), migrates and seeds it as the benches do, places BENCH_HISTORY submissions (default 60,000,
 * three single panas each) in batches with ANALYZE between them so the tables and their statistics look like a
 * running system's, and makes pgbench's tables (scale 10) beside it. It then runs the cluster in single-user mode
 * under valgrind's callgrind, with prepared statements as the server and pgbench use them:
 * - a bid: BEGIN, the call the server makes (`gama_place_bid`, migration 0029), the notices read, COMMIT;
 * - pgbench's TPC-B-like transaction: BEGIN, three UPDATEs, a SELECT, an INSERT, END.
 * Each is run twice, BENCH_FEW and BENCH_MANY times (100 and 600), and the difference divided by the extra
 * transactions, so start-up and the first plans cancel out. Prints instructions per transaction, the ratio, and
 * the functions that take most of a bid (inclusive) from the longer run.
 *
 * Single-user mode has no network protocol: what it counts is the server's own work, not the round trips.
 * `npm run bid-cost` measures those on a quiet machine. Needs valgrind and the PostgreSQL server binaries; runs as
 * root by starting PostgreSQL as the `postgres` user. Set BENCH_APPLY to an SQL file to apply to the seeded
 * cluster before counting (to judge a change before it becomes a migration).
 *
 * BENCH_LEVERS counts the bid again on copies of the same seeded cluster, each with changes applied, and prints a
 * table of what each would save: a comma-separated list, each item a lever of bid-levers.ts or an SQL file (path
 * from the bench folder), or several joined by `+`. `sql/floor.sql` takes every rule away: with the levers, the
 * reason the ratio stops where it does. `BENCH_LEVERS=default` runs the levers, the floor and both together.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editedFiles, LEVERS } from './bid-levers.ts';
import { freePort, NOW, seedPlayers, startBench } from './harness.ts';

const HISTORY = Number(process.env.BENCH_HISTORY ?? 60_000);
const FEW = Number(process.env.BENCH_FEW ?? 100);
const MANY = Number(process.env.BENCH_MANY ?? 600);
const PLAYERS = 200;
const DATABASE = 'gama_instructions';
const PGBENCH_DATABASE = 'pgbench_instructions';
const DEFAULT_LEVERS = [
  'key-in-journal',
  'one-row-per-slip',
  'sql/floor.sql',
  'sql/floor.sql+key-in-journal',
  'sql/floor.sql+one-row-per-slip',
];
const CHOSEN_LEVERS =
  process.env.BENCH_LEVERS === 'default'
    ? DEFAULT_LEVERS
    : (process.env.BENCH_LEVERS ?? '').split(',').filter((l) => l.trim() !== '');

function serverBinaries(): string {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(join(dir, 'postgres'))) return dir;
  } catch {
    // no pg_config: look where Debian puts the server
  }
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  for (const v of versions) {
    const dir = `/usr/lib/postgresql/${v}/bin`;
    if (existsSync(join(dir, 'postgres'))) return dir;
  }
  throw new Error('no PostgreSQL server binaries (pg_config --bindir or /usr/lib/postgresql/*/bin)');
}

const asRoot = process.getuid?.() === 0;
/** Runs a server binary, as `postgres` when this process is root (PostgreSQL refuses to run as root). */
function pgRun(bin: string, args: string[], options: { input?: string } = {}): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(file, argv, {
    encoding: 'utf8',
    input: options.input,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (${result.status}): ${result.stderr.slice(-2_000)}`);
  }
  return `${result.stdout}\n${result.stderr}`;
}

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error('valgrind is missing: apt-get install -y valgrind');
  process.exit(1);
}
const bin = serverBinaries();
const work = mkdtempSync(join(tmpdir(), 'gama-instructions-'));
chmodSync(work, 0o777);
const data = join(work, 'data');
const port = await freePort();
const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
const psql = (db: string, sql: string) =>
  execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url(db), '-c', sql], { encoding: 'utf8' });

/** The call placeBids makes, as a prepared statement of three parameters (player, scope, key). */
function bidCall(marketId: number, rev: number, player: string, scope: string, key: string): string {
  const day = NOW.slice(0, 10);
  return `gama_place_bid(${player}, ${scope}, ${key}, 'bid:main', '\\x00', '${NOW}'::timestamptz, ${marketId}, ${rev},
    'main', '${day}', 'single_pana', 'Single Pana', 'Bid', ARRAY['open', 'open', 'open'], ARRAY['123', '456', '789'],
    ARRAY['', '', ''], ARRAY[10, 10, 10]::bigint[], ARRAY['single_pana', 'single_pana', 'single_pana'],
    'Asia/Kolkata', '${day}', '2026-11-16', '2026-11-01')`;
}

function bidScript(marketId: number, rev: number, count: number, from: number): string {
  const lines = [
    `PREPARE bid(bigint, text, text) AS SELECT ${bidCall(marketId, rev, '$1', '$2', '$3').replace(/\n\s*/g, ' ')};`,
    `PREPARE notices AS SELECT current_setting('gama.notices', true);`,
  ];
  for (let i = 0; i < count; i++) {
    const player = (i % PLAYERS) + 1;
    lines.push(
      'BEGIN;',
      `EXECUTE bid(${player}, 'player:${player}', 'instructions-${from + i}');`,
      'EXECUTE notices;',
      'COMMIT;',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** pgbench's built-in TPC-B-like transaction, with its random choices fixed by a seeded generator. */
function pgbenchScript(count: number): string {
  let seed = 1;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return 1 + (seed % n);
  };
  const lines = [
    'PREPARE u1(int, int) AS UPDATE pgbench_accounts SET abalance = abalance + $2 WHERE aid = $1;',
    'PREPARE s1(int) AS SELECT abalance FROM pgbench_accounts WHERE aid = $1;',
    'PREPARE u2(int, int) AS UPDATE pgbench_tellers SET tbalance = tbalance + $2 WHERE tid = $1;',
    'PREPARE u3(int, int) AS UPDATE pgbench_branches SET bbalance = bbalance + $2 WHERE bid = $1;',
    'PREPARE i1(int, int, int, int) AS INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES ($1, $2, $3, $4, CURRENT_TIMESTAMP);',
  ];
  for (let i = 0; i < count; i++) {
    const [aid, bid, tid, delta] = [random(1_000_000), random(10), random(100), random(10_001) - 5_001];
    lines.push(
      'BEGIN;',
      `EXECUTE u1(${aid}, ${delta});`,
      `EXECUTE s1(${aid});`,
      `EXECUTE u2(${tid}, ${delta});`,
      `EXECUTE u3(${bid}, ${delta});`,
      `EXECUTE i1(${tid}, ${bid}, ${aid}, ${delta});`,
      'END;',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Instructions of one single-user run of `script` on a fresh copy of a seeded cluster. */
function count(
  name: string,
  database: string,
  script: string,
  source: string,
): { total: number; out: string } {
  const copy = join(work, `run-${name}`);
  rmSync(copy, { recursive: true, force: true });
  execFileSync('cp', ['-a', source, copy]);
  const input = join(work, `${name}.sql`);
  writeFileSync(input, script);
  const out = join(work, `${name}.callgrind`);
  const log = pgRun(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${out}`,
      join(bin, 'postgres'),
      '--single',
      '-D',
      copy,
      // The server's sessions plan each statement for its values (db/postgres.ts, CUSTOM_PLANS).
      '-c',
      'plan_cache_mode=force_custom_plan',
      database,
    ],
    { input: readFileSync(input, 'utf8') },
  );
  rmSync(copy, { recursive: true, force: true });
  const errors = log.split('\n').filter((l) => /ERROR:/.test(l));
  if (errors.length > 0) throw new Error(`${name}: ${errors.slice(0, 3).join(' | ')}`);
  const total = Number(/Collected : (\d+)/.exec(log)?.[1] ?? Number.NaN);
  return { total, out };
}

function perTransaction(
  name: string,
  database: string,
  script: (n: number, from: number) => string,
  source = data,
) {
  const few = count(`${name}-${FEW}`, database, script(FEW, 1_000_000), source);
  const many = count(`${name}-${MANY}`, database, script(MANY, 2_000_000), source);
  return { instructions: (many.total - few.total) / (MANY - FEW), profile: many.out };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

try {
  pgRun(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const start = (dir = data) =>
    pgRun(join(bin, 'pg_ctl'), [
      '-D',
      dir,
      '-o',
      `-p ${port} -k ${work} -c listen_addresses=127.0.0.1`,
      '-l',
      join(work, 'log'),
      '-w',
      'start',
    ]);
  const stop = (dir = data) => pgRun(join(bin, 'pg_ctl'), ['-D', dir, '-w', 'stop']);
  const applyFile = (file: string) =>
    execFileSync('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', url(DATABASE), '-f', file]);
  /** An SQL file, or a lever of bid-levers.ts: its prelude, then the repeatable files it edits, edited. */
  const applyLever = (part: string) => {
    if (part.endsWith('.sql')) return applyFile(part);
    const lever = LEVERS[part];
    if (!lever) throw new Error(`no lever ${part}: ${Object.keys(LEVERS).join(', ')} or an .sql file`);
    const edited = editedFiles(part, lever);
    if (lever.prelude) psql(DATABASE, lever.prelude);
    edited.forEach((text, i) => {
      const file = join(work, `${part}-${i}.sql`);
      writeFileSync(file, text);
      applyFile(file);
    });
  };
  start();
  try {
    psql('postgres', `CREATE DATABASE ${DATABASE}`);
    psql('postgres', `CREATE DATABASE ${PGBENCH_DATABASE}`);
    execFileSync('pgbench', ['-i', '-q', '-s', '10', url(PGBENCH_DATABASE)], { stdio: 'ignore' });
    process.env.DATABASE_URL = url(DATABASE);
    const bench = await startBench('instructions');
    let rev = 1;
    try {
      await seedPlayers(bench.db, PLAYERS, 10_000_000);
      const { rows } = await bench.db.query<{ schedule_rev: number }>(
        'SELECT schedule_rev FROM markets WHERE id = $1',
        [bench.marketId],
      );
      rev = rows[0]?.schedule_rev ?? 1;
    } finally {
      await bench.close();
    }
    const marketId = bench.marketId;
    // History in batches, statistics gathered after each, as autovacuum would on a running system.
    const batch = 5_000;
    for (let from = 0; from < HISTORY; from += batch) {
      const to = Math.min(HISTORY, from + batch) - 1;
      psql(
        DATABASE,
        `DO $$ BEGIN FOR i IN ${from}..${to} LOOP
           PERFORM ${bidCall(marketId, rev, `(i % ${PLAYERS}) + 1`, `'player:' || ((i % ${PLAYERS}) + 1)`, `'history-' || i`)};
         END LOOP; END $$`,
      );
      psql(DATABASE, 'ANALYZE');
    }
    if (process.env.BENCH_APPLY) applyFile(process.env.BENCH_APPLY);
    psql(DATABASE, 'VACUUM ANALYZE');
    psql(PGBENCH_DATABASE, 'VACUUM ANALYZE');
    stop();
    console.log(`# A bid's instructions against pgbench's transaction (callgrind, single-user PostgreSQL)`);
    console.log(
      `${execFileSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim()}; ${PLAYERS} players, ${fmt(HISTORY)} submissions of history; ${FEW} and ${MANY} transactions counted${process.env.BENCH_APPLY ? `; with ${process.env.BENCH_APPLY} applied` : ''}\n`,
    );
    const bid = perTransaction('bid', DATABASE, (n, from) => bidScript(marketId, rev, n, from));
    const tpcb = perTransaction('pgbench', PGBENCH_DATABASE, (n) => pgbenchScript(n));
    console.log('| transaction | instructions |');
    console.log('|---|---|');
    console.log(`| pgbench TPC-B-like | ${fmt(tpcb.instructions)} |`);
    console.log(`| bid (3 rows, with its key) | ${fmt(bid.instructions)} |`);
    console.log(`| ratio (target ≤ 2) | ${(bid.instructions / tpcb.instructions).toFixed(2)} × |\n`);
    if (CHOSEN_LEVERS.length > 0) {
      console.log(
        '| the bid with (measured on a copy of the same cluster) | instructions | × pgbench | change |',
      );
      console.log('|---|---|---|---|');
      CHOSEN_LEVERS.forEach((lever, i) => {
        const copy = join(work, `lever-${i}`);
        execFileSync('cp', ['-a', data, copy]);
        start(copy);
        try {
          for (const part of lever.split('+')) applyLever(part.trim());
          psql(DATABASE, 'VACUUM ANALYZE');
        } finally {
          stop(copy);
        }
        const variant = perTransaction(
          `lever-${i}`,
          DATABASE,
          (n, from) => bidScript(marketId, rev, n, from),
          copy,
        );
        rmSync(copy, { recursive: true, force: true });
        const change = (variant.instructions - bid.instructions) / bid.instructions;
        console.log(
          `| ${lever} | ${fmt(variant.instructions)} | ${(variant.instructions / tpcb.instructions).toFixed(2)} × | ${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}% |`,
        );
      });
      console.log('');
    }
    const annotate = spawnSync('callgrind_annotate', ['--inclusive=yes', bid.profile], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const lines = annotate.stdout
      .split('\n')
      .filter((l) => /^\s*[\d,]+ \(/.test(l) && !/0x0000|below main|libc|PROGRAM TOTALS/.test(l))
      .slice(0, 40);
    console.log(`where a bid goes (the ${MANY}-bid run, inclusive, named functions only):`);
    for (const l of lines) console.log(`  ${l.replace(/\[\/usr\/[^\]]*\]/, '').trim()}`);
  } catch (error) {
    try {
      pgRun(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    } catch {
      // already stopped
    }
    throw error;
  }
} finally {
  if (process.env.BENCH_KEEP !== '1') rmSync(work, { recursive: true, force: true });
}
