/**
 * The real server behind PgBouncer (Debian's 1.18, installed here if missing), in both statement modes:
 * - `unnamed` through transaction pooling, the mode a pooler shares server connections in, with a pool of 3
 *   server connections under two server processes of 10 clients each;
 * - `prepared` through session pooling, where each client keeps its server connection (PgBouncer 1.18 has no
 *   named statements in transaction mode).
 * Each run: two server processes migrate a scratch database through the pooler, then a player signs up, is
 * funded, bids and wins on one process while the other shows every movement from its wallet cache, which only
 * the notices (LISTEN on DATABASE_DIRECT_URL, past the pooler) keep true; signing out on one ends the session
 * on the other; the ledger is clean at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres.ts';
import { verifyLedger } from '../src/modules/ledger/verify.ts';
import { createOperator } from '../src/modules/operators/accounts.ts';
import { seedMarket } from '../src/seed/markets.ts';
import { nextMobile } from '../src/seed/players.ts';
import type { ChildServer } from './child-server.ts';
import { eventually, startChildServer, stopAll } from './child-server.ts';
import { engine } from './db.ts';
import { DEFAULT_NOW } from './helpers.ts';
import { freePort } from './ports.ts';
import { postgresUrlFor } from './template.ts';

const root = userInfo().uid === 0;

/** The pgbouncer binary, installed with apt-get when missing and this runs as root (as CI does here). */
function findBouncer(): string | undefined {
  const which = () => spawnSync('sh', ['-c', 'command -v pgbouncer'], { encoding: 'utf8' }).stdout.trim();
  if (which() === '' && root) {
    spawnSync('apt-get', ['install', '-y', 'pgbouncer'], {
      stdio: 'ignore',
      timeout: 300_000,
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  return which() || undefined;
}

const bouncer = engine === 'postgres' ? findBouncer() : undefined;

interface Bouncer {
  url: string;
  /** PgBouncer's own count of transactions it passed to `database`. */
  transactions(): Promise<number>;
  stop(): Promise<void>;
}

/** PgBouncer in front of the server of `direct`, for its one database, in `poolMode`. */
async function startBouncer(direct: string, poolMode: 'transaction' | 'session'): Promise<Bouncer> {
  const target = new URL(direct);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username) || 'postgres';
  const dir = mkdtempSync(join(tmpdir(), 'gama-pgbouncer-'));
  const port = await freePort();
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || '5432'} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `admin_users = ${user}`,
      `pool_mode = ${poolMode}`,
      // Transaction mode: 3 server connections shared by 20 clients. Session mode: one per client.
      `default_pool_size = ${poolMode === 'transaction' ? 3 : 30}`,
      'max_client_conn = 200',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root: it switches to the postgres user, which must own its folder.
  if (root) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
    for (const path of [dir, join(dir, 'users.txt'), join(dir, 'pgbouncer.ini')]) {
      chownSync(path, Number(ids), Number(gid));
    }
  }
  const child: ChildProcess = spawn(
    bouncer ?? 'pgbouncer',
    [...(root ? ['-u', 'postgres'] : []), join(dir, 'pgbouncer.ini')],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
  const admin = `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer`;
  for (let i = 0; ; i++) {
    const client = new pg.Client({ connectionString: url });
    const up = await client.connect().then(
      () => client.end().then(() => true),
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || i > 100) {
      child.kill('SIGKILL');
      let log = '';
      try {
        log = readFileSync(join(dir, 'pgbouncer.log'), 'utf8');
      } catch {
        // no log written: the binary did not start at all
      }
      throw new Error(`pgbouncer did not start: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async transactions() {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        const { rows } = await client.query<{ database: string; total_xact_count: string }>('SHOW STATS');
        return Number(rows.find((r) => r.database === database)?.total_xact_count ?? 0);
      } finally {
        await client.end();
      }
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function scratchDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gama_pgb_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: postgresUrlFor(base, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const MODES = [
  { statements: 'unnamed', poolMode: 'transaction' },
  { statements: 'prepared', poolMode: 'session' },
] as const;

describe.skipIf(engine !== 'postgres' || bouncer === undefined)('behind PgBouncer', () => {
  afterAll(() => stopAll());

  it.each(MODES)(
    'DATABASE_STATEMENTS=$statements through $poolMode pooling: sign-up, a bid, settlement and notices',
    { timeout: 240_000 },
    async ({ statements, poolMode }) => {
      const base = process.env.TEST_DATABASE_URL ?? '';
      const scratch = await scratchDatabase(base);
      const pooler = await startBouncer(scratch.url, poolMode);
      const servers: ChildServer[] = [];
      try {
        const env = {
          DATABASE_URL: pooler.url,
          DATABASE_DIRECT_URL: scratch.url,
          DATABASE_STATEMENTS: statements,
        };
        // One after the other: the first migrates and seeds the empty database through the pooler.
        const a = await startChildServer(env);
        servers.push(a);
        const b = await startChildServer(env);
        servers.push(b);

        const direct = openPostgres(scratch.url, 2);
        const now = new Date(DEFAULT_NOW);
        let market: number;
        try {
          // The draw at 12:20 IST, 20 minutes after the servers' clocks start.
          market = await seedMarket(direct, {
            name: 'Pooled Bazar',
            open: '12:20 PM',
            close: '03:00 PM',
            now,
          });
          await createOperator(direct, {
            username: 'pooled_owner',
            password: 'operator-pass-1',
            role: 'owner',
            now,
          });
        } finally {
          await direct.close();
        }
        const code = async (mobile: string) => {
          const db = openPostgres(scratch.url, 1);
          try {
            const { rows } = await db.query<{ body: string }>(
              'SELECT body FROM sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 1',
              [mobile],
            );
            return rows[0]?.body.match(/\b(\d{4})\b/)?.[1] ?? '';
          } finally {
            await db.close();
          }
        };
        const operatorLogin = async (server: ChildServer) => {
          const res = await server.admin<{ token: string }>('/admin-api/login', {
            username: 'pooled_owner',
            password: 'operator-pass-1',
          });
          expect(res.status).toBe(200);
          return res.json.token;
        };

        // Sign-up on A.
        const mobile = nextMobile();
        expect((await a.player('/api-check-mobile', { mobile })).json).toMatchObject({ status: true });
        const registered = await a.player<{ status: boolean; unique_token: string }>(
          '/api-user-registration',
          {
            name: 'Pooled Player',
            mobile,
            password: 'mango-tree-42',
            otp: await code(mobile),
            dob: '1990-01-01',
          },
        );
        expect(registered.json.status).toBe(true);
        const token = registered.json.unique_token;
        const walletOn = async (server: ChildServer) =>
          (await server.player<{ wallet_amt: string }>('/api-user-wallet-balance', {}, token)).json
            .wallet_amt;
        // B reads the wallet once, and from then on answers it from its cache.
        expect(await walletOn(b)).toBe('0');

        // Funded on A: B's cache hears it.
        const op = await operatorLogin(a);
        const request = await a.player<{ status: boolean; request_id: number }>(
          '/api-fund-request-add',
          { request_amount: '1000' },
          token,
        );
        expect(request.json.status).toBe(true);
        expect((await a.admin(`/admin-api/deposits/${request.json.request_id}/approve`, {}, op)).status).toBe(
          200,
        );
        expect(
          await eventually(
            () => walletOn(b),
            (w) => w === '1000',
          ),
        ).toBe('1000');

        // A bid on A, seen by B.
        const bid = await a.player<{ status: boolean; wallet_amt: string }>(
          '/api-submit-bid',
          {
            game_id: market,
            request_id: `pooled-${statements}`,
            new_result: {
              pana: 'Single Digit',
              bid_date: '20-November-2026',
              result: [{ digits: '6', points: 100, session: 'open' }],
            },
          },
          token,
        );
        expect(bid.json).toMatchObject({ status: true, wallet_amt: '900' });
        expect(
          await eventually(
            () => walletOn(b),
            (w) => w === '900',
          ),
        ).toBe('900');
        const history = await b.player<{ bid_data: Array<{ digits: string }> }>(
          '/api-bid-history-data',
          {},
          token,
        );
        expect(history.json.bid_data).toEqual([expect.objectContaining({ digits: '6' })]);

        // Past the draw, the result declared on A settles the bid: 100 points at 10:95 win 950.
        await a.advance(30 * 60);
        await b.advance(30 * 60);
        const declared = await a.admin(
          '/admin-api/results/declare',
          { market_id: market, date: '2026-11-20', half: 'open', value: '123' },
          await operatorLogin(a),
        );
        expect(declared.status).toBe(200);
        expect(
          await eventually(
            () => walletOn(b),
            (w) => w === '1850',
            10_000,
          ),
        ).toBe('1850');

        // Signed out on A: B's session cache forgets the token.
        expect((await a.player('/api-user-logout', {}, token)).status).toBe(200);
        const refused = await eventually(
          () => b.player('/api-user-wallet-balance', {}, token),
          (res) => res.status === 401,
        );
        expect(refused.status).toBe(401);

        const check = openPostgres(scratch.url, 1);
        try {
          expect(await verifyLedger(check)).toEqual([]);
        } finally {
          await check.close();
        }
        // The work went through the pooler (the direct connections were the LISTENs and this test's own).
        expect(await pooler.transactions()).toBeGreaterThan(100);
      } finally {
        // Every step runs even when one before it fails, so no PgBouncer or scratch database is left behind
        // (a server that cannot stop cleanly is not what this test checks).
        await Promise.allSettled(servers.map((server) => server.stop()));
        await Promise.allSettled([pooler.stop()]);
        await scratch.drop();
      }
    },
  );
});
