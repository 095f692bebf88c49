import type { CapsAnswer } from '@gama/core/endpoints/risk/index';
import { idempotencyMessages } from '@gama/core/contract/idempotency';
import { bidMessages } from '@gama/core/rules/messages';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { ApiBody, Reply, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import { admin, balanceOf, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { limitReached } from '../risk/exposure.ts';
import { itOnPostgres } from '../../../test/db.ts';
import type { Database } from '../../db/database.ts';
import { BidBatcher } from './batches.ts';

// Slips of one batch that refuse each other (issue 30, decision 043). Each test holds the queue, lets its
// slips arrive, and releases them as one batch, so what is judged inside one transaction does not depend on
// the machine's timing. 2026-11-20 is a Friday; the markets are open 01:00 PM to 03:00 PM, Asia/Kolkata.
const BID_DATE = '20-November-2026';
const DAY = '2026-11-20';
const TABLES = ['accounts', 'journals', 'entries', 'bids', 'idempotency_keys', 'number_exposure'] as const;

let owner: string;
// One lane here, so that any two players' slips can share a batch; the two-lane tests below build their own.
const t = suiteApp(
  { now: `${DAY}T12:00:00+05:30`, ledger: true, env: { BID_BATCH_PARALLEL: '1' } },
  async () => {
    owner = await operatorToken(t);
  },
);

type Player = Awaited<ReturnType<TestApp['player']>>;
type BidAnswer = ApiBody & { wallet_amt: string; bid_count: number; total_points: number };

const draw = (name: string) => seedMarket(t.db, { name, open: '01:00 PM', close: '03:00 PM', daysOff: [0] });

async function funded(points: number): Promise<Player> {
  const p = await t.player();
  await fund(t, p, owner, points);
  return p;
}

function slip(p: Player, market: number, digits: string, points: number, key?: string) {
  return () =>
    t.post<BidAnswer>(
      '/api-submit-bid',
      {
        game_id: market,
        new_result: {
          pana: 'Single Digit',
          bid_date: BID_DATE,
          result: [{ digits, points: String(points), session: 'open' }],
        },
      },
      { token: p.token, headers: key ? { 'Idempotency-Key': key } : {} },
    );
}

const queue = () => t.app.deps.bids.laneOf(0);

/** Sends every slip, waits until all of them are queued, and places them as one batch. */
async function inOneBatch(sends: Array<() => Promise<Reply<BidAnswer>>>): Promise<Array<Reply<BidAnswer>>> {
  const q = queue();
  const release = q.hold();
  const before = { ...q.stats };
  const pending: Array<Promise<Reply<BidAnswer>>> = [];
  try {
    // Each request signs in and validates before it reaches the queue, and under load a later request can
    // overtake an earlier one there: each is sent only once the one before it is queued, so the queue's order
    // is the order the test wrote.
    for (const send of sends) {
      pending.push(send());
      for (let turn = 0; q.queued < pending.length && turn < 1_000_000; turn += 1)
        await new Promise((resolve) => setImmediate(resolve));
      expect(q.queued).toBe(pending.length);
    }
  } finally {
    release();
  }
  const answers = await Promise.all(pending);
  expect(q.stats.batches - before.batches).toBe(1);
  expect(q.stats.slips - before.slips).toBe(sends.length);
  return answers;
}

/** A cap on Single Digit's payout per number for this test, taken off again when it ends. */
async function capSingleDigit(payoutPaise: number): Promise<void> {
  const set = await admin<CapsAnswer & ApiBody>(t, owner, 'PATCH', '/admin-api/caps', {
    group: 'main',
    caps: { single_digit: payoutPaise },
  });
  expect(set.json.status).toBe(true);
  onTestFinished(async () => {
    await admin(t, owner, 'PATCH', '/admin-api/caps', { group: 'main', caps: { single_digit: null } });
  });
}

async function bidJournals(p: Player): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM journals WHERE kind = 'bid' AND actor = $1`,
    [`player:${p.id}`],
  );
  return rows[0]?.n ?? 0;
}

describe('slips of one batch', () => {
  it('are on by default, and BID_BATCH=off is the switch', () => {
    expect(t.config.BID_BATCH).toBe('on');
    expect(queue().options.enabled).toBe(true);
  });

  it('two slips of one player that together overdraw: the first is placed, the second refused, a neighbour placed', async () => {
    const market = await draw('BATCH OVERDRAW');
    const p = await funded(100);
    const other = await funded(100);
    const [first, second, neighbour] = await inOneBatch([
      slip(p, market, '1', 60),
      slip(p, market, '2', 60),
      slip(other, market, '3', 60),
    ]);
    expect(first?.json).toMatchObject({ status: true, wallet_amt: '40', total_points: 60 });
    expect(second?.json).toMatchObject({ status: false, msg: bidMessages.insufficientAmount });
    expect(neighbour?.json).toMatchObject({ status: true, wallet_amt: '40' });
    expect(await balanceOf(t, p.id)).toBe(4_000);
    expect(await bidJournals(p)).toBe(1);
    const { rows } = await t.db.query<{ digits: string }>('SELECT digits FROM bids WHERE player_id = $1', [
      p.id,
    ]);
    expect(rows.map((r) => r.digits)).toEqual(['1']);
  });

  it("keeps one player's slips in the order they arrived", async () => {
    const market = await draw('BATCH ORDER');
    const p = await funded(100);
    // 30 + 80 overdraws, 80 alone does not: the answer depends on which goes first.
    const [a, b] = await inOneBatch([slip(p, market, '4', 30), slip(p, market, '5', 80)]);
    expect(a?.json.status).toBe(true);
    expect(b?.json).toMatchObject({ status: false, msg: bidMessages.insufficientAmount });
  });

  it('two slips of two players over one cap: the first takes the room, the second is refused', async () => {
    const market = await draw('BATCH CAP');
    // Single Digit pays 95 for 10: a cap of 150 points of payout holds one 10-point bid on a number, not two.
    await capSingleDigit(15_000);
    const [p, q] = [await funded(100), await funded(100)];
    const [first, second] = await inOneBatch([slip(p, market, '6', 10), slip(q, market, '6', 10)]);
    expect(first?.json.status).toBe(true);
    expect(second?.json).toMatchObject({ status: false, msg: limitReached('6') });
    expect(await balanceOf(t, q.id)).toBe(10_000);
    const { rows } = await t.db.query<{ payout: number }>(
      `SELECT payout FROM number_exposure WHERE market_id = $1 AND digits = '6'`,
      [market],
    );
    expect(rows.map((r) => r.payout)).toEqual([9_500]);
  });

  it('slips of several rows over one cap: each slip pays and writes only its rows within the cap, at their rates', async () => {
    const market = await draw('BATCH CAP ROWS');
    await capSingleDigit(15_000);
    const [p, q] = [await funded(100), await funded(100)];
    const rows = (player: Player, result: Array<{ digits: string; points: string }>) => () =>
      t.post<BidAnswer & { refused?: Array<{ digits: string; msg: string }> }>(
        '/api-submit-bid',
        {
          game_id: market,
          new_result: {
            pana: 'Single Digit',
            bid_date: BID_DATE,
            result: result.map((r) => ({ ...r, session: 'open' })),
          },
        },
        { token: player.token },
      );
    // p takes 1 and 2; q's 2 is over the cap after p's, its 3 and 4 are not.
    const [first, second] = await inOneBatch([
      rows(p, [
        { digits: '1', points: '10' },
        { digits: '2', points: '10' },
      ]),
      rows(q, [
        { digits: '2', points: '10' },
        { digits: '3', points: '10' },
        { digits: '4', points: '10' },
      ]),
    ]);
    expect(first?.json).toMatchObject({ status: true, wallet_amt: '80' });
    expect(first?.json.refused).toBeUndefined();
    expect(second?.json).toMatchObject({ status: true, wallet_amt: '80' });
    expect(second?.json.refused).toEqual([expect.objectContaining({ digits: '2', msg: limitReached('2') })]);
    const { rows: written } = await t.db.query<{
      player_id: number;
      digits: string;
      points: number;
      amount: number;
      rate_val_1: number;
      rate_val_2: number;
    }>(
      `SELECT player_id, digits, points, amount, rate_val_1, rate_val_2 FROM bids WHERE market_id = $1 ORDER BY id`,
      [market],
    );
    expect(written).toEqual([
      { player_id: p.id, digits: '1', points: 10, amount: 1_000, rate_val_1: 10, rate_val_2: 95 },
      { player_id: p.id, digits: '2', points: 10, amount: 1_000, rate_val_1: 10, rate_val_2: 95 },
      { player_id: q.id, digits: '3', points: 10, amount: 1_000, rate_val_1: 10, rate_val_2: 95 },
      { player_id: q.id, digits: '4', points: 10, amount: 1_000, rate_val_1: 10, rate_val_2: 95 },
    ]);
    expect(await balanceOf(t, p.id)).toBe(8_000);
    expect(await balanceOf(t, q.id)).toBe(8_000);
  });

  it('a key replayed inside one batch gets the first answer; the same key with other rows is refused', async () => {
    const market = await draw('BATCH KEYS');
    const p = await funded(100);
    const [first, replay, mismatch] = await inOneBatch([
      slip(p, market, '7', 10, 'batch-key-0001'),
      slip(p, market, '7', 10, 'batch-key-0001'),
      slip(p, market, '8', 10, 'batch-key-0001'),
    ]);
    expect(first?.json).toMatchObject({ status: true, wallet_amt: '90' });
    expect(replay?.json).toEqual(first?.json);
    expect(mismatch?.json).toMatchObject({
      status: false,
      code: 'IDEMPOTENCY_MISMATCH',
      msg: idempotencyMessages.mismatch,
    });
    expect(await bidJournals(p)).toBe(1);
    // And in a later batch.
    const [later] = await inOneBatch([slip(p, market, '7', 10, 'batch-key-0001'), slip(p, market, '9', 10)]);
    expect(later?.json).toEqual(first?.json);
    expect(await bidJournals(p)).toBe(2);
  });

  it('a stake limit counts the earlier slip of the same batch', async () => {
    const market = await draw('BATCH LIMIT');
    const p = await funded(500);
    const set = await t.post(
      '/api-play-limits',
      { kind: 'stake', day: '100', week: '', month: '' },
      { token: p.token },
    );
    expect(set.json.status).toBe(true);
    const [first, second] = await inOneBatch([slip(p, market, '1', 60), slip(p, market, '2', 60)]);
    expect(first?.json.status).toBe(true);
    expect(second?.json.status).toBe(false);
    expect(second?.json.msg).toMatch(/^Over your /);
    expect(second?.json).toMatchObject({ code: 'BID_PLAY_LIMIT' });
    expect(await balanceOf(t, p.id)).toBe(44_000);
  });

  it('betting switched off while a slip waits for its batch refuses that slip only', async () => {
    const market = await draw('BATCH BETTING OFF');
    const [p, q] = [await funded(100), await funded(100)];
    const before = await snapshot(t.db, ['bids']);
    const q2 = queue();
    const release = q2.hold();
    const pending = [slip(p, market, '1', 10)(), slip(q, market, '2', 10)()];
    for (let turn = 0; q2.queued < 2 && turn < 1_000_000; turn += 1)
      await new Promise((resolve) => setImmediate(resolve));
    await t.db.query(`UPDATE players SET betting_status = '0' WHERE id = $1`, [p.id]);
    release();
    const [off, on] = await Promise.all(pending);
    expect(off?.json).toMatchObject({ status: false, code: 'BETTING_DISABLED' });
    expect(on?.json.status).toBe(true);
    const after = await snapshot(t.db, ['bids']);
    expect((after.bids ?? []).length - (before.bids ?? []).length).toBe(1);
    expect(await balanceOf(t, p.id)).toBe(10_000);
  });

  it('a batch that fails as a whole is placed again one slip at a time: only the faulty slip fails', async () => {
    const market = await draw('BATCH FALLBACK');
    const [p, q] = [await funded(100), await funded(100)];
    // A rate row gone is no refusal the function answers for a slip: it raises, and the batch fails.
    const { rows: saved } = await t.db.query<Record<string, unknown>>(
      `DELETE FROM game_rates WHERE grp = 'main' AND rate_field = 'jodi_digit' RETURNING *`,
    );
    expect(saved).toHaveLength(1);
    const tables = await snapshot(t.db, TABLES);
    const fallbacks = queue().stats.fallbacks;
    try {
      const jodi = () =>
        t.post<BidAnswer>(
          '/api-submit-bid',
          {
            game_id: market,
            new_result: { pana: 'Jodi Digit', bid_date: BID_DATE, result: [{ digits: '12', points: '10' }] },
          },
          { token: p.token },
        );
      const [faulty, fine] = await inOneBatch([jodi, slip(q, market, '3', 10)]);
      expect(faulty?.statusCode).toBe(500);
      expect(fine?.json).toMatchObject({ status: true, wallet_amt: '90' });
      expect(queue().stats.fallbacks).toBe(fallbacks + 1);
      const now = await snapshot(t.db, ['bids']);
      expect((now.bids ?? []).length - (tables.bids ?? []).length).toBe(1);
      expect(await balanceOf(t, p.id)).toBe(10_000);
    } finally {
      const row = saved[0] as Record<string, unknown>;
      const columns = Object.keys(row);
      await t.db.query(
        `INSERT INTO game_rates (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        columns.map((c) => row[c]),
      );
    }
  });
});

// Two lanes (BID_BATCH_PARALLEL=2): two batches in flight at once, each on its own connection. A player's slips
// always take the lane of their id, so they keep their order; where two lanes' batches meet on the same numbers
// in opposite orders, PostgreSQL ends one with a deadlock and it is placed again, each slip once.
describe('slips in two lanes', () => {
  let lanes: BidBatcher;
  let single: BidBatcher;
  beforeAll(() => {
    single = t.app.deps.bids;
    lanes = new BidBatcher(t.db, { ...single.laneOf(0).options, parallel: 2 });
    t.app.deps.bids = lanes;
  });
  afterAll(() => {
    t.app.deps.bids = single;
  });

  /** Two funded players whose slips take different lanes. */
  async function inTwoLanes(points: number): Promise<[Player, Player]> {
    const first = await funded(points);
    let second = await funded(points);
    while (lanes.laneOf(second.id) === lanes.laneOf(first.id)) second = await funded(points);
    return [first, second];
  }

  /**
   * Holds both lanes, sends each slip once the one before it is queued in its player's lane, and releases both
   * lanes together, so their batches are in flight at once.
   */
  async function inBothLanes(
    sends: Array<[Player, () => Promise<Reply<BidAnswer>>]>,
  ): Promise<Array<Reply<BidAnswer>>> {
    const queues = [lanes.laneOf(0), lanes.laneOf(1)];
    const releases = queues.map((q) => q.hold());
    const before = { ...lanes.stats };
    const pending: Array<Promise<Reply<BidAnswer>>> = [];
    try {
      for (const [p, send] of sends) {
        const lane = lanes.laneOf(p.id);
        const wanted = lane.queued + 1;
        pending.push(send());
        for (let turn = 0; lane.queued < wanted && turn < 1_000_000; turn += 1)
          await new Promise((resolve) => setImmediate(resolve));
        expect(lane.queued).toBe(wanted);
      }
    } finally {
      for (const release of releases) release();
    }
    const answers = await Promise.all(pending);
    expect(lanes.stats.slips - before.slips).toBe(sends.length);
    return answers;
  }

  it("take a player's slips in one lane, in the order they arrived, beside the other lane's batch", async () => {
    const market = await draw('LANES ORDER');
    const [p, q] = await inTwoLanes(100);
    const before = { ...lanes.stats };
    // 50 + 40 fit in 100 and a third 30 does not: placed in any other order, another slip would be refused.
    const [a, b, c, other] = await inBothLanes([
      [p, slip(p, market, '1', 50)],
      [p, slip(p, market, '2', 40)],
      [p, slip(p, market, '3', 30)],
      [q, slip(q, market, '4', 100)],
    ]);
    expect(a?.json).toMatchObject({ status: true, wallet_amt: '50' });
    expect(b?.json).toMatchObject({ status: true, wallet_amt: '10' });
    expect(c?.json).toMatchObject({ status: false, msg: bidMessages.insufficientAmount });
    expect(other?.json).toMatchObject({ status: true, wallet_amt: '0' });
    // One batch per lane: p's three slips in one, q's alone.
    expect(lanes.stats.batches - before.batches).toBe(2);
    expect(await balanceOf(t, p.id)).toBe(1_000);
    expect(await balanceOf(t, q.id)).toBe(0);
  });

  it('a key sent again while its first slip waits is answered once, whichever lane is free', async () => {
    const market = await draw('LANES KEYS');
    const [p, q] = await inTwoLanes(100);
    // A player (or a client retrying for them) sends one key twice, and a third time after; q's lane is free
    // meanwhile. All three go to p's lane, so the key is placed once.
    const [first, again, other] = await inBothLanes([
      [p, slip(p, market, '7', 40, 'lanes-key-0001')],
      [p, slip(p, market, '7', 40, 'lanes-key-0001')],
      [q, slip(q, market, '7', 40)],
    ]);
    const [later] = await inBothLanes([[p, slip(p, market, '7', 40, 'lanes-key-0001')]]);
    expect(first?.json).toMatchObject({ status: true, wallet_amt: '60' });
    expect(again?.json).toEqual(first?.json);
    expect(later?.json).toEqual(first?.json);
    expect(other?.json).toMatchObject({ status: true, wallet_amt: '60' });
    expect(await bidJournals(p)).toBe(1);
    expect(await balanceOf(t, p.id)).toBe(6_000);
  });

  it('two lanes over one cap at once: one takes the room, the other is refused', async () => {
    const market = await draw('LANES CAP');
    await capSingleDigit(15_000);
    const [p, q] = await inTwoLanes(100);
    const answers = await inBothLanes([
      [p, slip(p, market, '6', 10)],
      [q, slip(q, market, '6', 10)],
    ]);
    expect(answers.filter((a) => a.json.status === true)).toHaveLength(1);
    expect(answers.filter((a) => a.json.msg === limitReached('6'))).toHaveLength(1);
    const { rows } = await t.db.query<{ payout: number }>(
      `SELECT payout FROM number_exposure WHERE market_id = $1 AND digits = '6'`,
      [market],
    );
    expect(rows.map((r) => r.payout)).toEqual([9_500]);
    expect((await balanceOf(t, p.id)) + (await balanceOf(t, q.id))).toBe(19_000);
  });

  // PGlite runs one transaction at a time: two batches never hold locks at once there.
  itOnPostgres(
    'meeting on two numbers in opposite orders: the deadlock ends one batch, which is placed again, each slip once',
    async () => {
      const market = await draw('LANES DEADLOCK');
      const [p, q] = await inTwoLanes(100);
      // A cap far above these bids, so that each number's exposure row is counted and locked (a number without
      // a cap has no row and no turn). The rows exist (a first bid on each). p's batch takes 1, then 3, then 2;
      // q's takes 2, then 3, then 1. This test holds 3 only, so each batch holds its first number while it waits
      // for 3; once 3 is let go, whichever batch takes it next needs the number the other holds. (Holding 1 and 2
      // and letting both go at once left it to the scheduler: one batch could take both before the other woke,
      // and no deadlock happened.)
      await capSingleDigit(100_000_000);
      const seeder = await funded(100);
      for (const digits of ['1', '2', '3'])
        expect((await slip(seeder, market, digits, 10)()).json.status).toBe(true);
      const deadlocks = async () => {
        const { rows } = await t.db.query<{ n: string }>(
          'SELECT deadlocks::text AS n FROM pg_stat_database WHERE datname = current_database()',
        );
        return Number(rows[0]?.n);
      };
      const deadlocksBefore = await deadlocks();
      const fallbacksBefore = lanes.stats.fallbacks;
      const bidsBefore = await snapshot(t.db, ['bids']);
      let placing: Promise<Array<Reply<BidAnswer>>> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.query(`SELECT 1 FROM number_exposure WHERE market_id = $1 AND digits = '3' FOR UPDATE`, [
          market,
        ]);
        placing = inBothLanes([
          [p, slip(p, market, '1', 10)],
          [p, slip(p, market, '3', 10)],
          [p, slip(p, market, '2', 10)],
          [q, slip(q, market, '2', 10)],
          [q, slip(q, market, '3', 10)],
          [q, slip(q, market, '1', 10)],
        ]);
        // Both batches waiting on this transaction's row lock of 3, each holding its first number, then let go
        // by its commit.
        for (let i = 0; ; i += 1) {
          const { rows } = await t.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%gama_place_bids%'`,
          );
          if (rows[0]?.n === 2) break;
          if (i > 600) throw new Error('the two batches never waited on the rows');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      const answers = (await placing) ?? [];
      expect(answers.map((a) => a.json)).toEqual([
        expect.objectContaining({ status: true, wallet_amt: '90' }),
        expect.objectContaining({ status: true, wallet_amt: '80' }),
        expect.objectContaining({ status: true, wallet_amt: '70' }),
        expect.objectContaining({ status: true, wallet_amt: '90' }),
        expect.objectContaining({ status: true, wallet_amt: '80' }),
        expect.objectContaining({ status: true, wallet_amt: '70' }),
      ]);
      const bidsAfter = await snapshot(t.db, ['bids']);
      expect((bidsAfter.bids ?? []).length - (bidsBefore.bids ?? []).length).toBe(6);
      expect(await bidJournals(p)).toBe(3);
      expect(await bidJournals(q)).toBe(3);
      const { rows: exposure } = await t.db.query<{ digits: string; payout: number }>(
        `SELECT digits, payout FROM number_exposure WHERE market_id = $1 ORDER BY digits`,
        [market],
      );
      expect(exposure).toEqual([
        { digits: '1', payout: 3 * 9_500 },
        { digits: '2', payout: 3 * 9_500 },
        { digits: '3', payout: 3 * 9_500 },
      ]);
      // The batch the deadlock ended was run again whole (commitOne, decision 052): no slip went one by one.
      expect(lanes.stats.fallbacks).toBe(fallbacksBefore);
      // The deadlock did happen: PostgreSQL counted it.
      for (let i = 0; ; i += 1) {
        // A backend reports its counts when it next goes idle, within about ten seconds.
        if ((await deadlocks()) > deadlocksBefore) break;
        if (i > 300) throw new Error('PostgreSQL counted no deadlock');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  );
});

// A batch is one statement that commits on its own (decision 052). When the connection is lost after it committed,
// the server cannot know it did: a keyed slip is placed again and answers from its key; a slip without a key is
// not placed again (it would be placed twice) and gets the error.
describe('a batch whose answer is lost', () => {
  let single: BidBatcher;
  beforeAll(() => {
    single = t.app.deps.bids;
  });
  afterAll(() => {
    t.app.deps.bids = single;
  });

  /**
   * The suite's database, whose one-statement transactions fail with `fail()`: after committing (`commit`), as a
   * connection lost on the way back would, or before anything ran, as a statement the server refused.
   */
  function failing(commit: boolean, fail: () => Error): Database {
    return new Proxy(t.db, {
      get(target, name, receiver) {
        if (name === 'commitOne')
          return async (text: string, params?: readonly unknown[]) => {
            if (commit) await target.commitOne(text, params);
            throw fail();
          };
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
  }

  /** The lane of a batcher over `db`, installed as the server's. */
  function laneOver(db: Database) {
    t.app.deps.bids = new BidBatcher(db, { ...single.laneOf(0).options, parallel: 1 });
    return t.app.deps.bids.laneOf(0);
  }

  it('after the commit (no SQLSTATE): the keyed slip answers from its key, the unkeyed one is refused, each placed once', async () => {
    const market = await draw('LOST ANSWER');
    const [p, q] = [await funded(100), await funded(100)];
    const q0 = laneOver(failing(true, () => new Error('Connection terminated unexpectedly')));
    const [a, b] = await inOneBatch([slip(p, market, '1', 30, 'lost-answer-0001'), slip(q, market, '2', 40)]);
    expect(a?.json).toMatchObject({ status: true, wallet_amt: '70' });
    // The database was unavailable for it: try again shortly (F3); its state is what the ledger says.
    expect(b?.statusCode).toBe(503);
    expect(b?.json).toMatchObject({ status: false, code: 'UNAVAILABLE' });
    expect(q0.stats).toMatchObject({ batches: 1, slips: 2, fallbacks: 1 });
    // Both committed once, with the batch; neither again.
    expect(await bidJournals(p)).toBe(1);
    expect(await bidJournals(q)).toBe(1);
    expect(await balanceOf(t, p.id)).toBe(7_000);
    expect(await balanceOf(t, q.id)).toBe(6_000);
  });

  it('with a SQLSTATE the statement was rolled back: both slips are placed again, each once', async () => {
    const market = await draw('ROLLED BACK');
    const [p, q] = [await funded(100), await funded(100)];
    const q0 = laneOver(
      failing(false, () => Object.assign(new Error('could not serialize'), { code: 'XX000' })),
    );
    const [a, b] = await inOneBatch([slip(p, market, '1', 30, 'rolled-back-0001'), slip(q, market, '2', 40)]);
    expect(a?.json).toMatchObject({ status: true, wallet_amt: '70' });
    expect(b?.json).toMatchObject({ status: true, wallet_amt: '60' });
    expect(q0.stats).toMatchObject({ batches: 1, slips: 2, fallbacks: 1 });
    expect(await bidJournals(p)).toBe(1);
    expect(await bidJournals(q)).toBe(1);
  });
});

// Someone with the database's password who calls the batch's write function straight, bypassing the judgement
// (decision 051): the ledger's own guards still hold for what it writes.
describe('the batch write called without its judgement', () => {
  /** gama_write_bids_gathered for one slip of `p`: one row of 10 points, debiting `debit` and crediting `credit`. */
  async function writeStraight(p: Player, market: number, debit: number, credit: number): Promise<unknown> {
    return t.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ journal: number; wallet: number }>(
        `SELECT nextval('journals_id_seq'::regclass) AS journal,
                (SELECT id FROM accounts WHERE player_id = $1 AND kind = 'wallet') AS wallet`,
        [p.id],
      );
      const { journal, wallet } = rows[0] ?? { journal: 0, wallet: 0 };
      await tx.query(
        `SELECT gama_write_bids_gathered(
           ARRAY[$1::bigint], ARRAY[$2::bigint], ARRAY['player:' || $3], ARRAY['Bid'], ARRAY[now()], '{1,1}',
           ARRAY[$4::bigint, NULL], '{NULL,house}', ARRAY[-$5::bigint, $6::bigint], '{1}',
           ARRAY[jsonb_build_object('journal_id', $1::bigint)], '{1}', '{1}', ARRAY[$1::bigint], '{10}', '{95}',
           ARRAY[$3::bigint], ARRAY['player:' || $3], ARRAY[NULL::text], ARRAY['bid:main'], ARRAY['\\x00'::bytea],
           ARRAY[now()], ARRAY[$2::bigint], '{main}', ARRAY[$7::date], '{single_digit}', '{Single Digit}', '{open}',
           '{5}', '{""}', '{10}', '{single_digit}')`,
        [journal, market, p.id, wallet, debit, credit, DAY],
      );
    });
  }

  it('cannot overdraw a wallet or post a journal that does not balance; nothing is written', async () => {
    const market = await draw('WRITE STRAIGHT');
    const p = await funded(100);
    const before = await snapshot(t.db, TABLES);
    // 200 points from a wallet of 100: the wallet's CHECK refuses it.
    await expect(writeStraight(p, market, 20_000, 20_000)).rejects.toThrow(/wallet_not_negative/);
    // 10 points out, 5 in: the ledger's trigger refuses it.
    await expect(writeStraight(p, market, 1_000, 500)).rejects.toThrow(/does not balance/);
    expect(await snapshot(t.db, TABLES)).toEqual(before);
    expect(await balanceOf(t, p.id)).toBe(10_000);
  });
});
