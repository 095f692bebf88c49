import type { UpiType } from '@gama/core/contract/funds-types';
import type { PaymentDetails } from '@gama/core/endpoints/funds/index';
import { fundsMessages } from '@gama/core/contract/funds-messages';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { issueCode, verifyCode } from '../auth/otp.ts';
import type { SessionPlayer } from '../auth/sessions.ts';

/** The code goes to the player's own registered phone and authorizes exactly this type and number. */
const bound = (upiType: UpiType, number: string): string => `${upiType}:${number}`;

export async function sendPayoutCode(
  deps: Deps,
  player: SessionPlayer,
  upiType: UpiType,
  number: string,
  ip: string,
): Promise<void> {
  await issueCode(
    deps,
    { mobile: player.mobile, purpose: 'withdraw_upi', boundValue: bound(upiType, number) },
    ip,
  );
}

export async function savePayoutMethod(
  deps: Deps,
  player: SessionPlayer,
  input: { upi_type: UpiType; number: string; otp: string },
): Promise<void> {
  const outcome = await verifyCode(
    deps,
    { mobile: player.mobile, purpose: 'withdraw_upi', boundValue: bound(input.upi_type, input.number) },
    input.otp,
  );
  if (outcome !== 'ok') throw new AppError('INVALID_OTP', fundsMessages.enterValidOtp);
  await deps.db.query(
    `INSERT INTO payout_methods (player_id, upi_type, number, verified_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (player_id, upi_type) DO UPDATE SET number = EXCLUDED.number, verified_at = EXCLUDED.verified_at`,
    [player.id, input.upi_type, input.number, deps.clock.now()],
  );
}

export async function paymentDetails(db: Queryable, playerId: number): Promise<PaymentDetails> {
  const { rows } = await db.query<{ upi_type: UpiType; number: string }>(
    'SELECT upi_type, number FROM payout_methods WHERE player_id = $1',
    [playerId],
  );
  const by = Object.fromEntries(rows.map((r) => [r.upi_type, r.number]));
  return { paytm_number: by['1'] ?? '', google_pay_number: by['2'] ?? '', phone_pay_number: by['3'] ?? '' };
}
