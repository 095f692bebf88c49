/**
 * READ_DATABASE_URL: a streaming replica made here with `pg_basebackup -R`, the real server reading histories
 * from it. A primary of its own in a temp folder (initdb), so the shared server's pg_hba and WAL are left alone.
 * With the replica's replay paused, a market renamed on the primary shows its old name in a player's history:
 * that read was served by the replica. A player who bids meanwhile sees the bid at once: their reads go to the
 * primary until the replica has replayed it. Once replay resumes, the rename shows.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres.ts';
import { verifyLedger } from '../src/modules/ledger/verify.ts';
import { createOperator } from '../src/modules/operators/accounts.ts';
import { seedMarket } from '../src/seed/markets.ts';
import { buildPlayer } from '../src/seed/players.ts';
import type { ChildServer } from './child-server.ts';
import { eventually, startChildServer, stopAll } from './child-server.ts';
import { engine } from './db.ts';
import { DEFAULT_NOW } from './helpers.ts';
import { freePort } from './ports.ts';
import { claimClusterDir } from './stale-clusters.ts';

const root = userInfo().uid === 0;
const bin = ['17', '16', '15']
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((dir) => existsSync(join(dir, 'pg_basebackup')));

/** Runs a PostgreSQL program as the postgres user (the server refuses root). */
function run(program: string, args: string[]): void {
  const command = join(bin ?? '', program);
  const done = root
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`${program} failed: ${done.stderr}`);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const accepts = (url: string) => async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.end();
  return true;
};

describe.skipIf(engine !== 'postgres' || bin === undefined)('reads from a streaming replica', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gama-replica-'));
  // A later run's set-up stops what is left here only once this process is gone (stale-clusters.ts).
  claimClusterDir(dir);
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  let primaryUp = false;
  let replicaUp = false;
  afterAll(() => {
    stopAll();
    if (replicaUp) run('pg_ctl', ['-D', replicaDir, '-m', 'immediate', 'stop']);
    if (primaryUp) run('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'serves histories from the replica, and a player who just bid from the primary',
    { timeout: 240_000 },
    async () => {
      if (root) {
        const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
        const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
        chownSync(dir, uid, gid);
      }
      const [primaryPort, replicaPort] = [await freePort(), await freePort()];
      const settings = (port: number) =>
        `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
      run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust']);
      run('pg_ctl', [
        '-D',
        primaryDir,
        '-l',
        join(dir, 'primary.log'),
        '-o',
        settings(primaryPort),
        '-w',
        'start',
      ]);
      primaryUp = true;
      const primaryBase = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
      await until(accepts(primaryBase), 'the primary');
      const admin = new pg.Client({ connectionString: primaryBase });
      await admin.connect();
      await admin.query('CREATE DATABASE gama');
      await admin.end();
      // wal_level is replica by default, and initdb --auth=trust lets this machine connect for replication.
      run('pg_basebackup', [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        replicaDir,
        '-R',
        // A checkpoint at once: the default spreads it over minutes.
        '--checkpoint=fast',
      ]);
      run('pg_ctl', [
        '-D',
        replicaDir,
        '-l',
        join(dir, 'replica.log'),
        '-o',
        settings(replicaPort),
        '-w',
        'start',
      ]);
      replicaUp = true;
      const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/gama`;
      const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/gama`;
      await until(accepts(replicaUrl), 'the replica');

      const servers: ChildServer[] = [];
      const direct = openPostgres(primaryUrl, 2);
      const standby = new pg.Client({ connectionString: replicaUrl });
      await standby.connect();
      try {
        const server = await startChildServer({ DATABASE_URL: primaryUrl, READ_DATABASE_URL: replicaUrl });
        servers.push(server);
        const now = new Date(DEFAULT_NOW);
        const market = await seedMarket(direct, {
          name: 'Primary Bazar',
          open: '01:00 PM',
          close: '03:00 PM',
          now,
        });
        await createOperator(direct, {
          username: 'replica_owner',
          password: 'operator-pass-1',
          role: 'owner',
          now,
        });
        const login = await server.admin<{ token: string }>('/admin-api/login', {
          username: 'replica_owner',
          password: 'operator-pass-1',
        });
        const op = login.json.token;
        const player = async () => {
          const p = await buildPlayer(direct, { now });
          const res = await server.player<{ unique_token: string }>('/api-user-login', {
            mobile: p.mobile,
            password: p.password,
          });
          const token = res.json.unique_token;
          const request = await server.player<{ request_id: number }>(
            '/api-fund-request-add',
            { request_amount: '1000' },
            token,
          );
          expect(
            (await server.admin(`/admin-api/deposits/${request.json.request_id}/approve`, {}, op)).status,
          ).toBe(200);
          return token;
        };
        const bid = (token: string, key: string, digits: string) =>
          server.player<{ status: boolean }>(
            '/api-submit-bid',
            {
              game_id: market,
              request_id: key,
              new_result: {
                pana: 'Single Digit',
                bid_date: '20-November-2026',
                result: [{ digits, points: 100, session: 'open' }],
              },
            },
            token,
          );
        const history = async (token: string) =>
          (
            await server.player<{ bid_data: Array<{ digits: string; game_name: string }> }>(
              '/api-bid-history-data',
              {},
              token,
            )
          ).json.bid_data;

        const asha = await player();
        const ravi = await player();
        const first = (await bid(asha, 'asha-bid-1', '1')).json;
        expect(first).toMatchObject({ status: true });
        // Asha reads her bid at once, and again once the replica has it.
        expect(await history(asha)).toEqual([
          expect.objectContaining({ digits: '1', game_name: 'Primary Bazar' }),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 1_000));

        // Replay paused: the replica stops where it is; the primary moves on.
        await standby.query('SELECT pg_wal_replay_pause()');
        await direct.query(`UPDATE markets SET name = 'Renamed Bazar' WHERE id = $1`, [market]);
        // Asha wrote nothing since the replica caught up: her history is the replica's, with the old name.
        expect(await history(asha)).toEqual([
          expect.objectContaining({ digits: '1', game_name: 'Primary Bazar' }),
        ]);
        // Ravi bids now: he sees his bid at once, from the primary (with the new name).
        expect((await bid(ravi, 'ravi-bid-1', '2')).json).toMatchObject({ status: true });
        expect(await history(ravi)).toEqual([
          expect.objectContaining({ digits: '2', game_name: 'Renamed Bazar' }),
        ]);
        const onReplica = await standby.query<{ n: number }>('SELECT count(*)::int AS n FROM bids');
        expect(onReplica.rows).toEqual([{ n: 1 }]);

        // Replay resumed: Asha's history catches up.
        await standby.query('SELECT pg_wal_replay_resume()');
        const caughtUp = await eventually(
          () => history(asha),
          (rows) => rows[0]?.game_name === 'Renamed Bazar',
          10_000,
        );
        expect(caughtUp).toEqual([expect.objectContaining({ digits: '1', game_name: 'Renamed Bazar' })]);
        expect(await verifyLedger(direct)).toEqual([]);
      } finally {
        for (const server of servers) await server.stop();
        await standby.end();
        await direct.close();
      }
    },
  );
});
