import { PAISE_PER_POINT } from '@gama/core/rules/money';

const WALLET_TEXT = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The profile's `wallet_amt` ("95", "142.50", "-5") in paise, the unit `validateBidEntry` compares with.
 * Worked on the digits, not through a float, so 0.29 stays 29 paise.
 */
export function walletPaise(text: string | undefined): number | null {
  const match = WALLET_TEXT.exec((text ?? '').trim());
  if (!match) return null;
  const whole = Number(match[2]);
  const fraction = Number((match[3] ?? '').padEnd(2, '0'));
  const paise = whole * PAISE_PER_POINT + fraction;
  if (!Number.isSafeInteger(paise)) return null;
  return match[1] ? -paise : paise;
}
