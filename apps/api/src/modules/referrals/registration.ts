/**
 * A referral code at registration. While referrals are off the code is not read (a link shared earlier must
 * not stop anyone registering, and the app hides the field); while on, a code that names no open account is
 * refused with a message and nothing is registered. The new player has no code of their own yet, so the code
 * is always someone else's; the table's CHECK refuses a self-referral whatever the caller.
 */
import { referralMessages } from '@gama/core/endpoints/referrals/index';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { ownerSettings } from '../settings/owner-settings.ts';
import { referrerOf } from './codes.ts';

/** The referrer a registration's code names, or undefined for none (no code, or referrals off). */
export async function referrerForRegistration(
  db: Queryable,
  code: string | undefined,
): Promise<number | undefined> {
  if (code === undefined || code === '') return undefined;
  if (!(await ownerSettings(db)).referrals_on) return undefined;
  const referrer = await referrerOf(db, code);
  if (referrer === undefined) throw new AppError('REFERRAL_CODE_UNKNOWN', referralMessages.unknownCode);
  return referrer;
}

export async function recordReferral(
  tx: Queryable,
  referral: { referrerId: number; referredId: number; now: Date },
): Promise<void> {
  await tx.query('INSERT INTO referrals (referred_id, referrer_id, created_at) VALUES ($1, $2, $3)', [
    referral.referredId,
    referral.referrerId,
    referral.now,
  ]);
}
