/**
 * F2, targeted crash points: the real server (`src/server.ts`, a child process) kills itself with SIGKILL at each
 * named point of lib/fault.ts, on a database prepared in-process. After each crash it is started again, clients
 * retry with the keys they saved, and in the end the ledger holds every invariant, every acknowledged or retried
 * request is applied exactly once, the interrupted settlement has finished by itself at start-up, and the
 * interrupted revert, asked again, has taken every winning back once.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { openPglite } from '../src/db/pglite.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { seedMarket } from '../src/seed/markets.ts';
import type { FaultPoint } from '../src/lib/fault.ts';
import { verifyLedger } from '../src/modules/ledger/verify.ts';
import { engine } from './db.ts';
import { freePort } from './ports.ts';
import { answersHealth, spawnServer } from './child-server.ts';
import type { TestApp } from './helpers.ts';
import { APP_KEY, createTestApp } from './helpers.ts';
import { fund, operatorToken } from './money.ts';
import { nextMobile } from '../src/seed/players.ts';
import { commitsWithoutFlush, pgliteTemplatePath, postgresTemplateName, postgresUrlFor } from './template.ts';

const DATE = '2026-11-20';
const BID_DATE = '20-November-2026';
/**
 * The crowd's bids: more than one settlement chunk on either engine (2,000 bids on PGlite, 20,000 on PostgreSQL)
 * and 100 winnings each, 2,100 in all, more than one revert chunk on PGlite. PostgreSQL's crowd bids 1,000 each
 * over every digit; PGlite's 200 each over two (the declared ank and another), which proves the same chunks with a
 * fifth of the bids PGlite's single-threaded engine would otherwise write and settle (about 20 CPU-s a run).
 */
const CROWD = 21;
const CROWD_BIDS_EACH = engine === 'pglite' ? 200 : 1_000;
const CROWD_DIGITS = engine === 'pglite' ? 2 : 10;

interface Target {
  open(): Promise<Database>;
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** A database the child server and this process take turns on: a PGlite data dir, or a PostgreSQL database. */
async function target(): Promise<Target> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'gama-faults-'));
    let first = true;
    return {
      async open() {
        const loadDataDir = first ? new Blob([readFileSync(pgliteTemplatePath())]) : undefined;
        first = false;
        return openPglite({ dataDir: dir, ...(loadDataDir ? { loadDataDir } : {}) });
      },
      env: { DATA_DIR: dir },
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `gama_f_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName()}`);
  await admin.query(commitsWithoutFlush(name));
  await admin.end();
  const url = postgresUrlFor(base, name);
  return {
    open: async () => openPostgres(url, 4),
    env: { DATABASE_URL: url },
    async dispose() {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

interface Child {
  /** A legacy player call (the envelope added), or an operator call under /admin-api/ (GET without a body). */
  call(
    path: string,
    body: Record<string, unknown> | undefined,
    token: string,
  ): Promise<Record<string, unknown>>;
  /** Resolves with the signal that ended the process (SIGKILL from a fault point, SIGTERM from `stop`). */
  exited: Promise<NodeJS.Signals | number | null>;
  stop(): Promise<void>;
}

/** Every server started, so a failed test leaves none running. */
const running = new Set<ChildProcess>();

/** `server.ts` as production runs it, with one fault point armed (or none); resolves once it answers. */
async function startServer(t: Target, fault?: FaultPoint): Promise<Child> {
  const port = await freePort();
  const child = spawnServer(port, {
    WEB_DIST: join(tmpdir(), 'gama-faults-no-web'),
    ...t.env,
    ...(fault ? { FAULT_POINT: fault } : {}),
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = `http://127.0.0.1:${port}`;
  if (!(await answersHealth(url, child, 600))) throw new Error(`the server did not start: ${stderr}`);
  return {
    async call(path, body, token) {
      const legacy = !path.startsWith('/admin-api/');
      const res = await fetch(`${url}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body
          ? { body: JSON.stringify(legacy ? { app_key: APP_KEY, env_type: 'Prod', ...body } : body) }
          : {}),
      });
      return (await res.json()) as Record<string, unknown>;
    },
    exited,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** 21 players with 1,000 single-digit bids each on `market`, written as placement writes them. */
async function seedCrowd(db: Database, market: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows: players } = await tx.query<{ id: number }>(
      `INSERT INTO players (user_name, mobile, password_hash, betting_status, created_at, password_changed_at)
       SELECT 'Crowd ' || g, (8100000000 + g)::text, 'x', '1', $1, $1 FROM generate_series(1, $2::int) g
       RETURNING id`,
      [at, CROWD],
    );
    const ids = players.map((p) => p.id);
    const stake = CROWD_BIDS_EACH * 1_000;
    const { rows: funded } = await tx.query<{ id: number }>(
      `INSERT INTO journals (kind, actor, note, created_at) VALUES ('adjustment', 'test', 'Crowd funds', $1) RETURNING id`,
      [at],
    );
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount)
       SELECT $1::bigint, a.id, $3::bigint FROM accounts a WHERE a.kind = 'wallet' AND a.player_id = ANY($2::bigint[])
       UNION ALL
       SELECT $1::bigint, (SELECT id FROM accounts WHERE kind = 'adjustments' AND player_id IS NULL), -$3::bigint * $4`,
      [funded[0]?.id, ids, stake, ids.length],
    );
    await tx.query(
      `INSERT INTO journals (kind, actor, ref_type, ref_id, note, created_at)
       SELECT 'bid', 'player:' || id, 'market', $1, 'Crowd bids', $2 FROM unnest($3::bigint[]) id`,
      [market, at, ids],
    );
    await tx.query(
      `INSERT INTO bids (player_id, market_id, grp, market_date, bet_type, pana_label, session, digits, close_digits,
                         points, amount, rate_field, rate_val_1, rate_val_2, journal_id, created_at)
       SELECT substr(j.actor, 8)::bigint, $1, 'main', $2::date, 'single_digit', 'Single Digit', 'open',
              ((g % $5::int + 6) % 10)::text, '', 10, 1000, 'single_digit', 10, 95, j.id, $3
         FROM journals j, generate_series(1, $4::int) g WHERE j.note = 'Crowd bids'`,
      [market, DATE, at, CROWD_BIDS_EACH, CROWD_DIGITS],
    );
    await tx.query(
      `INSERT INTO entries (journal_id, account_id, amount)
       SELECT b.journal_id, a.id, -sum(b.amount) FROM bids b JOIN accounts a ON a.player_id = b.player_id AND a.kind = 'wallet'
        WHERE b.market_id = $1 GROUP BY b.journal_id, a.id
       UNION ALL
       SELECT b.journal_id, (SELECT id FROM accounts WHERE kind = 'house' AND player_id IS NULL), sum(b.amount)
         FROM bids b WHERE b.market_id = $1 GROUP BY b.journal_id`,
      [market],
    );
  });
}

describe('F2: the server killed at each crash point loses nothing and applies nothing twice', () => {
  let db: Target;
  beforeAll(async () => {
    db = await target();
  });
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await db.dispose();
  });

  it(
    'bids, a withdrawal approval, a settlement and a revert, each interrupted by SIGKILL and retried',
    // 243 s of it on PostgreSQL inside a whole `npm test` on a slow machine (session 23).
    { timeout: 600_000 },
    async () => {
      // Prepared in-process: a funded player with a pending withdrawal, an operator, a market to bid on, and a
      // market with a crowd of bids to settle (CROWD).
      const t: TestApp = await createTestApp({ db: await db.open() });
      const op = await operatorToken(t);
      const p = await t.player();
      await fund(t, p, op, 5_000);
      const upi = nextMobile();
      await t.post('/api-send-withdraw-otp', { upi_type: '2', number: upi }, { token: p.token });
      const saved = await t.post(
        '/api-add-user-upi-details',
        { upi_type: '2', google_pay_no: upi, otp: await t.lastCode(p.mobile) },
        { token: p.token },
      );
      expect(saved.json.status).toBe(true);
      t.clock.advance(31_000);
      const withdrawal = await t.post<{ status: boolean; request_number: number }>(
        '/api-user-withdraw-fund-request',
        { request_amount: '1000', payment_method: '2', mobile: upi },
        { token: p.token },
      );
      expect(withdrawal.json).toMatchObject({ status: true });
      const market = await seedMarket(t.db, { name: 'Fault Market', open: '01:00 PM', close: '03:00 PM' });
      const crowd = await seedMarket(t.db, { name: 'Crowd Market', open: '10:00 AM', close: '11:00 AM' });
      await seedCrowd(t.db, crowd, t.clock.now());
      await t.close();

      const bid = (key: string, digits: string) => ({
        game_id: market,
        request_id: key,
        new_result: {
          pana: 'Single Digit',
          bid_date: BID_DATE,
          result: [{ digits, points: 100, session: 'open' }],
        },
      });
      const wallet = async (server: Child) =>
        (await server.call('/api-user-wallet-balance', {}, p.token)).wallet_amt;
      const approve = (server: Child) =>
        server.call(
          `/admin-api/withdrawals/${withdrawal.json.request_number}/approve`,
          { payment_reference: 'F2-PAYOUT-1' },
          op,
        );
      const killedBy = async (server: Child, request: Promise<unknown>) => {
        await expect(request).rejects.toThrow();
        expect(await server.exited).toBe('SIGKILL');
      };

      // 1. Killed before the bid's transaction commits: nothing of it may remain.
      let server = await startServer(db, 'bid-before-commit');
      expect(await wallet(server)).toBe('4000');
      await killedBy(server, server.call('/api-submit-bid', bid('first-bid-key', '1'), p.token));

      // 2. Killed after the bid committed, before answering: the client never heard, but it is placed.
      server = await startServer(db, 'bid-after-commit');
      expect(await wallet(server)).toBe('4000');
      await killedBy(server, server.call('/api-submit-bid', bid('second-bid-key', '2'), p.token));

      // 3. The client retries both with their keys: the first is placed now, the second answers from its key.
      server = await startServer(db, 'withdraw-approve-before-status');
      expect(await wallet(server)).toBe('3900');
      expect(await server.call('/api-submit-bid', bid('first-bid-key', '1'), p.token)).toMatchObject({
        status: true,
        wallet_amt: '3800',
      });
      expect(await server.call('/api-submit-bid', bid('second-bid-key', '2'), p.token)).toMatchObject({
        status: true,
        wallet_amt: '3900',
      });
      expect(await wallet(server)).toBe('3800');
      // Killed between the payout journal and the request's status: neither may remain.
      await killedBy(server, approve(server));

      // 4. The withdrawal is still pending and is approved once; then a settlement is killed after its first chunk.
      server = await startServer(db, 'settle-after-chunk');
      const history = await server.call('/api-user-withdraw-transaction-history', {}, p.token);
      expect(history.withdrawdata).toEqual([expect.objectContaining({ request_status: '0' })]);
      expect(await approve(server)).toMatchObject({
        withdrawal: { state: 'approved', already_decided: false },
      });
      await killedBy(
        server,
        server.call(
          '/admin-api/results/declare',
          { market_id: crowd, date: DATE, half: 'open', value: '123' },
          op,
        ),
      );

      // 5. Started again, the server finishes the settlement by itself, in the background.
      server = await startServer(db);
      expect(await wallet(server)).toBe('3800');
      for (let i = 0; ; i++) {
        const listed = await server.call(`/admin-api/results?market_id=${crowd}&date=${DATE}`, undefined, op);
        const results = listed.results as Array<{ settled_at: string | null }>;
        if (results[0]?.settled_at) break;
        if (i > 600) throw new Error('the settlement was not resumed');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await server.stop();

      const check = await db.open();
      try {
        expect(await verifyLedger(check)).toEqual([]);
        const { rows: bids } = await check.query<{ digits: string; journals: number }>(
          `SELECT digits, count(DISTINCT journal_id)::int AS journals FROM bids WHERE player_id = $1 GROUP BY digits ORDER BY digits`,
          [p.id],
        );
        expect(bids).toEqual([
          { digits: '1', journals: 1 },
          { digits: '2', journals: 1 },
        ]);
        const { rows: payouts } = await check.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM journals WHERE kind = 'withdraw_payout' AND ref_id = $1`,
          [withdrawal.json.request_number],
        );
        expect(payouts).toEqual([{ n: 1 }]);
        const { rows: settled } = await check.query<{ settled: boolean; credits: number; winners: number }>(
          `SELECT (SELECT settled_at IS NOT NULL FROM results WHERE market_id = $1) AS settled,
                (SELECT count(*)::int FROM win_credits c JOIN bids b ON b.id = c.bid_id WHERE b.market_id = $1) AS credits,
                (SELECT count(*)::int FROM bids WHERE market_id = $1 AND digits = '6') AS winners`,
          [crowd],
        );
        expect(settled).toEqual([{ settled: true, credits: CROWD * 100, winners: CROWD * 100 }]);
        // The declaration killed mid-settlement is audited once, by the transaction that wrote its revision: the
        // row was committed before the first chunk, so the crash did not lose it (decision 045).
        const { rows: audited } = await check.query<{ operator: string; result_id: number }>(
          `SELECT a.username AS operator, (a.detail->>'result_id')::int AS result_id
             FROM audit_log a WHERE a.action = 'result_declare' AND a.target_id = $1`,
          [String(crowd)],
        );
        const { rows: revision } = await check.query<{ id: number }>(
          'SELECT id FROM results WHERE market_id = $1',
          [crowd],
        );
        expect(audited).toEqual([{ operator: expect.any(String) as string, result_id: revision[0]?.id }]);
      } finally {
        await check.close();
      }

      // 6. The declaration is reverted, and the server killed once a chunk of reversals has committed: on PGlite
      // 2,000 of the 2,100 winnings, on PostgreSQL (a chunk of 20,000) all of them, before the revision is marked.
      const revert = (server: Child) =>
        server.call(
          '/admin-api/results/revert',
          { market_id: crowd, date: DATE, half: 'open', reason: 'Declared the wrong pana' },
          op,
        );
      server = await startServer(db, 'revert-after-chunk');
      await killedBy(server, revert(server));

      // 7. The revert's row was committed with the mark that starts it, before any reversal: after the restart it
      // is there once, naming the revision, which is still being reverted.
      const revertRows = async (on: Database) =>
        (
          await on.query<{ operator: string; detail: Record<string, unknown> }>(
            `SELECT username AS operator, detail FROM audit_log
              WHERE action = 'result_revert' AND target_id = $1 ORDER BY chain_seq`,
            [String(crowd)],
          )
        ).rows;
      const reverting = await db.open();
      let revisionId: number | undefined;
      try {
        const { rows: marks } = await reverting.query<{ id: number; started: boolean; reverted: boolean }>(
          `SELECT id, revert_started_at IS NOT NULL AS started, reverted_at IS NOT NULL AS reverted
             FROM results WHERE market_id = $1`,
          [crowd],
        );
        revisionId = marks[0]?.id;
        expect(marks).toEqual([{ id: revisionId, started: true, reverted: false }]);
        expect(await revertRows(reverting)).toEqual([
          {
            operator: expect.any(String) as string,
            detail: expect.objectContaining({ result_ids: [revisionId] }) as Record<string, unknown>,
          },
        ]);
        expect((await revertRows(reverting))[0]?.detail).not.toHaveProperty('resumed');
      } finally {
        await reverting.close();
      }

      // 8. Asked again, the revert finishes what is left: every winning is taken back once.
      server = await startServer(db);
      expect(await revert(server)).toMatchObject({
        status: true,
        reverted: [{ result_id: revisionId, half: 'open', reopened: CROWD * CROWD_BIDS_EACH }],
      });
      await server.stop();

      const reverted = await db.open();
      try {
        expect(await verifyLedger(reverted)).toEqual([]);
        const { rows: taken } = await reverted.query<{ credits: number; open: number; journals: number }>(
          `SELECT count(*)::int AS credits, count(*) FILTER (WHERE c.reversal_journal_id IS NULL)::int AS open,
                  (SELECT count(*)::int FROM journals j JOIN bids b ON b.id = j.ref_id
                    WHERE j.kind = 'win_reversal' AND j.ref_type = 'bid' AND b.market_id = $2) AS journals
             FROM win_credits c WHERE c.result_id = $1`,
          [revisionId, crowd],
        );
        expect(taken).toEqual([{ credits: CROWD * 100, open: 0, journals: CROWD * 100 }]);
        const { rows: marked } = await reverted.query<{ reverted: boolean }>(
          'SELECT reverted_at IS NOT NULL AS reverted FROM results WHERE id = $1',
          [revisionId],
        );
        expect(marked).toEqual([{ reverted: true }]);
        // The request asked again decides nothing new: its row says it resumed the first.
        expect((await revertRows(reverted)).map((r) => r.detail.resumed)).toEqual([undefined, true]);
      } finally {
        await reverted.close();
      }
    },
  );
});
