/**
 * C1 (scaled for CI): many players, random money operations at high concurrency, retries with the same key.
 * Afterwards every invariant holds and every acknowledged operation is present exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiBody, TestApp } from '../../../test/helpers.ts';
import { createTestApp } from '../../../test/helpers.ts';
import { engine } from '../../../test/db.ts';
import { admin, expectLedgerClean, fund, operatorToken } from '../../../test/money.ts';
import { nextMobile } from '../../seed/players.ts';
import { seedMarket } from '../../seed/markets.ts';
import { postSingleDigit } from '../../../test/desk.ts';

const PLAYERS = 20;
const OPERATIONS = 600;
const CONCURRENCY = 32;

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T12:00:00+05:30' });
  op = await operatorToken(t);
});
afterAll(async () => {
  await t.close();
});

/** A small deterministic generator, so a failing run can be replayed from its seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

describe(`bank storm on ${engine} (C1)`, () => {
  it('keeps every invariant and applies every acknowledged operation once', async () => {
    const seed = Number(process.env.BANK_SEED ?? Date.now() % 1_000_000);
    const random = generator(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const market = await seedMarket(t.db, { name: 'STORM', open: '01:00 PM', close: '03:00 PM' });
    const players: Array<Awaited<ReturnType<TestApp['player']>>> = [];
    for (let i = 0; i < PLAYERS; i++) {
      const p = await t.player();
      await fund(t, p, op, 2_000);
      const number = nextMobile();
      await t.post(
        '/api-send-withdraw-otp',
        { upi_type: '1', number },
        { token: p.token, ip: `10.9.${i}.1` },
      );
      await t.post(
        '/api-add-user-upi-details',
        { upi_type: '1', paytm_no: number, otp: await t.lastCode(p.mobile) },
        { token: p.token },
      );
      players.push(p);
    }
    const acknowledged = { bids: 0, transfers: 0, withdrawals: [] as number[], deposits: [] as number[] };
    const operation = async (n: number) => {
      const p = pick(players);
      const key = `storm-${seed}-${n}`;
      const kind = Math.floor(random() * 5);
      // Some operations are sent twice with the same key, as a client retrying after a timeout would.
      const times = random() < 0.2 ? 2 : 1;
      // A refused attempt stores nothing, so its retry may succeed; an operation counts once if any attempt did.
      let done = false;
      let resultId = 0;
      for (let attempt = 0; attempt < times; attempt++) {
        const headers = { 'idempotency-key': key };
        if (kind === 0) {
          const res = await postSingleDigit(
            t,
            p,
            market,
            '20-November-2026',
            { digits: String(n % 10), points: 10 + (n % 50), session: 'open' },
            headers,
          );
          if (res.statusCode === 200) done = true;
        } else if (kind === 1) {
          const to = pick(players);
          const res = await t.post(
            '/api-user-transfer-wallet-balance',
            { mobile_no: to.mobile, amount: 100 + (n % 300) },
            { token: p.token, headers },
          );
          if (res.statusCode === 200) done = true;
        } else if (kind === 2) {
          const res = await t.post<ApiBody & { request_number: number }>(
            '/api-user-withdraw-fund-request',
            { request_amount: 500 + (n % 200), payment_method: '3' },
            { token: p.token, headers },
          );
          if (res.statusCode === 200) [done, resultId] = [true, res.json.request_number];
        } else if (kind === 3) {
          const res = await t.post<ApiBody & { request_id: number }>(
            '/api-fund-request-add',
            { request_amount: 100 + (n % 900) },
            { token: p.token, headers },
          );
          if (res.statusCode === 200) [done, resultId] = [true, res.json.request_id];
        } else {
          await t.post('/api-user-wallet-balance', {}, { token: p.token });
        }
      }
      if (!done) return;
      if (kind === 0) acknowledged.bids++;
      else if (kind === 1) acknowledged.transfers++;
      else if (kind === 2) acknowledged.withdrawals.push(resultId);
      else if (kind === 3) acknowledged.deposits.push(resultId);
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < OPERATIONS) await operation(next++);
      }),
    );
    // Operators decide in parallel too: approvals and rejections racing on the same requests. Two hundred
    // decisions at once on a busy machine can wait longer than the pool's connect limit; the server then answers
    // 503 ("try again in a few seconds") and changes nothing, and the operator presses again, as the desk does.
    // Any other failure is not retried and leaves its request pending, which the checks below catch.
    const decide = async (path: string, body: Record<string, unknown> | undefined) => {
      for (let attempt = 1; ; attempt++) {
        const res = await admin(t, op, 'POST', path, body);
        if (res.statusCode !== 503 || attempt === 10) return res;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    };
    await Promise.all([
      ...acknowledged.deposits.map((id, i) =>
        i % 3 === 0
          ? decide(`/admin-api/deposits/${id}/reject`, { reason: 'bank storm' })
          : decide(`/admin-api/deposits/${id}/approve`, undefined),
      ),
      ...acknowledged.withdrawals.flatMap((id) => [
        decide(`/admin-api/withdrawals/${id}/approve`, { payment_reference: `storm-${id}` }),
        decide(`/admin-api/withdrawals/${id}/reject`, { reason: 'bank storm' }),
      ]),
    ]);
    const count = async (sql: string) => (await t.db.query<{ n: number }>(sql)).rows[0]?.n;
    expect(
      await count(`SELECT count(DISTINCT journal_id)::int AS n FROM bids WHERE market_id = ${market}`),
      `seed ${seed}`,
    ).toBe(acknowledged.bids);
    expect(await count(`SELECT count(*)::int AS n FROM transfers`)).toBe(acknowledged.transfers);
    expect(await count(`SELECT count(*)::int AS n FROM withdraw_requests WHERE status = '0'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM deposit_requests WHERE status = 'pending'`)).toBe(0);
    const { rows } = await t.db.query<{ total: number }>(
      'SELECT coalesce(sum(amount), 0)::bigint AS total FROM entries',
    );
    expect(rows[0]?.total).toBe(0);
    await expectLedgerClean(t);
  }, 240_000);
});
