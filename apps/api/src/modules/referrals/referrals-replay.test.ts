/**
 * The referral reward as a property (decision 038): whatever order a referred player's deposits are asked for,
 * approved, rejected and approved again in, and however often each decision is replayed, each referred player
 * whose deposit was approved earns exactly one reward, and a player with none approved earns nothing. Then every
 * decision of the run is sent again, and the ledger, the referrals and the requests do not change at all.
 * Reproduce a failure with the seed it prints: REFERRALS_SEED=<seed>.
 *
 * Last, `ledger:verify` is shown to catch a reward journal that no paid referral accounts for.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { ApiBody } from '../../../test/helpers.ts';
import { snapshot, suiteApp, countOf } from '../../../test/helpers.ts';
import { MONEY_TABLES, admin, balanceOf, expectLedgerClean, operatorToken } from '../../../test/money.ts';
import { nextMobile } from '../../seed/players.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { postJournal } from '../ledger/post.ts';
import { walletAccountId } from '../ledger/accounts.ts';
import { PROMOTIONS_ACCOUNT } from './rewards.ts';

const SEED = Number(process.env.REFERRALS_SEED ?? 20_261_129);
const RUNS = Number(process.env.REFERRALS_RUNS ?? 12);
const REWARD = 30;
const NEW_PLAYER = 10;

let owner: string;
let addresses = 0;
const t = suiteApp({}, async () => {
  owner = await operatorToken(t);
  const res = await admin(t, owner, 'PATCH', '/admin-api/settings', {
    referrals_on: true,
    referral_reward: REWARD,
    referral_new_player_reward: NEW_PLAYER,
    referral_daily_cap: 0,
  });
  expect(res.statusCode, JSON.stringify(res.json)).toBe(200);
});

interface Player {
  id: number;
  token: string;
}

async function register(code?: string): Promise<Player> {
  const mobile = nextMobile();
  const ip = `10.32.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;
  await t.post('/api-check-mobile', { mobile }, { ip });
  const form = { name: 'Replay', mobile, password: 'mango-tree-42', otp: await t.lastCode(mobile) };
  const res = await t.post<ApiBody & { unique_token: string }>(
    '/api-user-registration',
    { ...form, dob: '1990-01-01', ...(code === undefined ? {} : { referral_code: code }) },
    { ip },
  );
  expect(res.statusCode, res.raw).toBe(200);
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM players WHERE mobile = $1', [mobile]);
  return { id: rows[0]?.id ?? 0, token: res.json.unique_token };
}

const steps = (players: number) =>
  fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('ask' as const),
        player: fc.nat(players - 1),
        points: fc.integer({ min: 100, max: 900 }),
      }),
      fc.record({
        kind: fc.constantFrom('approve' as const, 'reject' as const),
        player: fc.nat(players - 1),
        request: fc.nat(3),
        replays: fc.nat(2),
      }),
    ),
    { minLength: 1, maxLength: 14 },
  );

const seen = { paid: 0, unpaid: 0 };

it('pays each referred player exactly once, and a replay of every decision changes nothing', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 3 }), steps(3), async (count, plan) => {
      const referrer = await register();
      const code = (
        await t.post<ApiBody & { code: string }>('/api-my-referrals', {}, { token: referrer.token })
      ).json.code;
      const referred = await Promise.all(Array.from({ length: count }, () => register(code)));
      const requests: number[][] = referred.map(() => []);
      const approved = referred.map(() => 0);
      const run: { url: string; body: Record<string, unknown> }[] = [];
      for (const step of plan) {
        const index = step.player % count;
        const p = referred[index];
        if (!p) continue;
        if (step.kind === 'ask') {
          const res = await t.post<ApiBody & { request_id: number }>(
            '/api-fund-request-add',
            { request_amount: String(step.points) },
            { token: p.token },
          );
          if (res.statusCode === 200) requests[index]?.push(res.json.request_id);
          continue;
        }
        const mine = requests[index] ?? [];
        const id = mine[step.request % Math.max(mine.length, 1)];
        if (id === undefined) continue;
        const call = {
          url: `/admin-api/deposits/${id}/${step.kind === 'approve' ? 'approve' : 'reject'}`,
          body: step.kind === 'reject' ? { reason: 'not in the statement' } : {},
        };
        for (let i = 0; i <= step.replays; i += 1) {
          const res = await admin<{ deposit?: { already_decided: boolean; amount_paise: number } }>(
            t,
            owner,
            'POST',
            call.url,
            call.body,
          );
          if (
            res.statusCode === 200 &&
            step.kind === 'approve' &&
            res.json.deposit?.already_decided === false
          )
            approved[index] = (approved[index] ?? 0) + res.json.deposit.amount_paise;
          if (res.statusCode === 200) run.push(call);
        }
      }
      const rewarded = approved.filter((paise) => paise > 0).length;
      expect(await balanceOf(t, referrer.id)).toBe(rewarded * REWARD * 100);
      for (const [i, p] of referred.entries()) {
        const paise = approved[i] ?? 0;
        expect(
          await countOf(
            t.db,
            `SELECT count(*)::int AS n FROM journals WHERE kind = 'referral_reward' AND ref_id = $1`,
            [p.id],
          ),
        ).toBe(paise > 0 ? 1 : 0);
        expect(await balanceOf(t, p.id)).toBe(paise > 0 ? paise + NEW_PLAYER * 100 : 0);
        if (paise > 0) seen.paid += 1;
        else seen.unpaid += 1;
      }
      const before = await snapshot(t.db, [...MONEY_TABLES, 'referrals', 'deposit_requests']);
      for (const call of run) {
        const again = await admin<{ deposit?: { already_decided: boolean } }>(
          t,
          owner,
          'POST',
          call.url,
          call.body,
        );
        expect(again.statusCode).toBe(200);
        expect(again.json.deposit?.already_decided).toBe(true);
      }
      expect(await snapshot(t.db, [...MONEY_TABLES, 'referrals', 'deposit_requests'])).toEqual(before);
    }),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  // A property that passed because nothing was paid, or everything was, would prove little.
  expect(seen.paid).toBeGreaterThan(0);
  expect(seen.unpaid).toBeGreaterThan(0);
  await expectLedgerClean(t);
}, 240_000);

it('ledger:verify names a reward journal without its paid referral', async () => {
  const p = await register();
  await t.db.transaction(async (tx) =>
    postJournal(
      tx,
      {
        kind: 'referral_reward',
        actor: 'system',
        refType: 'referral',
        refId: p.id,
        note: 'planted',
        at: t.clock.now(),
      },
      [
        { account: await walletAccountId(tx, p.id), amount: 500 },
        { account: PROMOTIONS_ACCOUNT, amount: -500 },
      ],
    ),
  );
  const violations = await verifyLedger(t.db);
  expect(violations.map((v) => v.invariant)).toEqual(['R1']);
});
