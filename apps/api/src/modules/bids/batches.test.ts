import type { CapsAnswer } from '@gama/core/endpoints/risk/index';
import { idempotencyMessages } from '@gama/core/contract/idempotency';
import { bidMessages } from '@gama/core/rules/messages';
import { describe, expect, it } from 'vitest';
import type { ApiBody, Reply, TestApp } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import { admin, balanceOf, fund, operatorToken } from '../../../test/money.ts';
import { seedMarket } from '../../seed/markets.ts';
import { limitReached } from '../risk/exposure.ts';

// Slips of one batch that refuse each other (issue 30, decision 043). Each test holds the queue, lets its
// slips arrive, and releases them as one batch, so what is judged inside one transaction does not depend on
// the machine's timing. 2026-11-20 is a Friday; the markets are open 01:00 PM to 03:00 PM, Asia/Kolkata.
const BID_DATE = '20-November-2026';
const DAY = '2026-11-20';
const TABLES = ['accounts', 'journals', 'entries', 'bids', 'idempotency_keys', 'number_exposure'] as const;

let owner: string;
const t = suiteApp({ now: `${DAY}T12:00:00+05:30`, ledger: true }, async () => {
  owner = await operatorToken(t);
});

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

const queue = () => t.app.deps.bids.shardOf(0);

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
    const set = await admin<CapsAnswer & ApiBody>(t, owner, 'PATCH', '/admin-api/caps', {
      group: 'main',
      caps: { single_digit: 15_000 },
    });
    expect(set.json.status).toBe(true);
    try {
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
    } finally {
      await admin(t, owner, 'PATCH', '/admin-api/caps', { group: 'main', caps: { single_digit: null } });
    }
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
