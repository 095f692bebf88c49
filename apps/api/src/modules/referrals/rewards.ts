/**
 * The referral reward (decision 038): decided once per referred player, inside the transaction that approves
 * the player's first deposit, and paid as one `referral_reward` journal from the promotions account.
 *
 * Exactly once: the referral row is locked first and only a `waiting` row moves, so two first deposits
 * approved at once queue on it and the second finds it decided. The journal's id is kept on the row (unique),
 * and `ledger:verify`'s reading of the row and the journal must agree (`referralProblems`).
 */
import { ledgerNotes } from '@gama/core/contract/ledger-notes';
import { pointsToPaise } from '@gama/core/rules/money';
import type { Queryable } from '../../db/database.ts';
import { lockPlayersAccounts, systemAccount, walletAccountId } from '../ledger/accounts.ts';
import { repayDebts } from '../ledger/debt.ts';
import { postJournal } from '../ledger/post.ts';
import { ownerSettings } from '../settings/owner-settings.ts';
import { linkReasons } from '../signals/links.ts';

/** The promotions account: referral rewards leave it (migration 0065). */
export const PROMOTIONS_ACCOUNT = systemAccount('promotions');

export interface FirstDeposit {
  playerId: number;
  depositRequestId: number;
  now: Date;
  /** The market time zone: the referrer's daily cap counts rewards of its calendar day. */
  timeZone: string;
}

export type RewardOutcome = 'none' | 'paid' | 'held' | 'capped' | 'lapsed';

interface Referral {
  referrer_id: number;
  state: string;
}

/**
 * Decides the reward of `playerId`'s referral, if the player was referred and this is the first approved
 * deposit; a no-op otherwise. Call it inside the deposit approval's transaction before the deposit's own journal,
 * so both players' accounts are locked in id order before anything of the approval touches either.
 */
export async function rewardFirstDeposit(tx: Queryable, deposit: FirstDeposit): Promise<RewardOutcome> {
  const { playerId, now } = deposit;
  const { rows } = await tx.query<Referral>(
    'SELECT referrer_id, state FROM referrals WHERE referred_id = $1 FOR UPDATE',
    [playerId],
  );
  const referral = rows[0];
  if (!referral || referral.state !== 'waiting') return 'none';
  const settings = await ownerSettings(tx);
  const referrerReward = pointsToPaise(settings.referral_reward);
  const referredReward = pointsToPaise(settings.referral_new_player_reward);
  const qualify = (state: RewardOutcome, reasons: readonly string[] = [], journalId: number | null = null) =>
    tx.query(
      `UPDATE referrals SET state = $2, deposit_request_id = $3, qualified_at = $4, referrer_reward = $5,
              referred_reward = $6, link_reasons = $7, journal_id = $8
        WHERE referred_id = $1 AND state = 'waiting'`,
      [playerId, state, deposit.depositRequestId, now, referrerReward, referredReward, reasons, journalId],
    );
  if (!settings.referrals_on || referrerReward === 0) {
    await qualify('lapsed');
    return 'lapsed';
  }
  // The referrer's code row queues the referrer's rewards of the day, so the cap holds under concurrent
  // approvals of different referred players.
  await tx.query('SELECT 1 FROM referral_codes WHERE player_id = $1 FOR UPDATE', [referral.referrer_id]);
  if (settings.referral_daily_cap > 0) {
    const { rows: counted } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM referrals
        WHERE referrer_id = $1 AND state IN ('paid', 'held')
          AND qualified_at >= (date_trunc('day', $2::timestamptz AT TIME ZONE $3) AT TIME ZONE $3)`,
      [referral.referrer_id, now, deposit.timeZone],
    );
    if ((counted[0]?.n ?? 0) >= settings.referral_daily_cap) {
      await qualify('capped');
      return 'capped';
    }
  }
  const reasons = await linkReasons(tx, referral.referrer_id, playerId, now);
  if (reasons.length > 0) {
    await qualify('held', reasons);
    return 'held';
  }
  const journalId = await payReward(tx, {
    referrerId: referral.referrer_id,
    referredId: playerId,
    referrerReward,
    referredReward,
    actor: 'system',
    now,
  });
  await qualify('paid', [], journalId);
  return 'paid';
}

/**
 * Posts the reward journal of a qualified referral and answers its id; the caller, holding the referral's
 * row lock, marks the row paid with it in its next statement.
 */
export async function payReward(
  tx: Queryable,
  reward: {
    referrerId: number;
    referredId: number;
    referrerReward: number;
    referredReward: number;
    actor: string;
    now: Date;
  },
): Promise<number> {
  const players = [reward.referrerId, reward.referredId];
  await lockPlayersAccounts(tx, players);
  const entries = [
    { account: await walletAccountId(tx, reward.referrerId), amount: reward.referrerReward },
    { account: PROMOTIONS_ACCOUNT, amount: -(reward.referrerReward + reward.referredReward) },
  ];
  if (reward.referredReward > 0) {
    entries.push({ account: await walletAccountId(tx, reward.referredId), amount: reward.referredReward });
  }
  const journalId = await postJournal(
    tx,
    {
      kind: 'referral_reward',
      actor: reward.actor,
      refType: 'referral',
      refId: reward.referredId,
      note: ledgerNotes.referralReward,
      at: reward.now,
    },
    entries,
  );
  // A reward is money in like a deposit: it pays down a debt a corrected result left.
  await repayDebts(tx, players, reward.now);
  return journalId;
}
