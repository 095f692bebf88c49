/**
 * Points as people read them: Indian digit grouping (1,00,000.00), paise shown as two decimals. The server
 * keeps money in integer paise and answers display strings ("142.50"); both are turned into paise first, so
 * formatting never does arithmetic on fractions.
 */

/** The server's display strings ("95", "142.50", "-3.5") back in paise; null when the text is not an amount. */
export function displayToPaise(text: string | undefined): number | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const whole = Number(match[2]);
  const paise = Number((match[3] ?? '0').padEnd(2, '0'));
  const value = whole * 100 + paise;
  if (!Number.isSafeInteger(value)) return null;
  return match[1] === '-' ? -value : value;
}

/** 1234567 → "12,34,567": the last three digits, then groups of two. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${tail}`;
}

export interface FormatPointsOptions {
  /** `always` (the console: 1,00,000.00) or `when-needed` (the player app: 1,00,000 and 142.50). */
  decimals?: 'always' | 'when-needed';
  /** Show a + on money in (credits), as a passbook does. */
  signed?: boolean;
}

/** Paise (a number, a bigint or the server's display string) as grouped points. */
export function formatPoints(amount: number | bigint | string, options: FormatPointsOptions = {}): string {
  const paise =
    typeof amount === 'string' ? displayToPaise(amount) : typeof amount === 'bigint' ? amount : amount;
  if (paise === null) return amount as string;
  const big = BigInt(paise);
  const negative = big < 0n;
  const abs = negative ? -big : big;
  const whole = groupIndian((abs / 100n).toString());
  const rest = abs % 100n;
  const fraction =
    options.decimals === 'when-needed' && rest === 0n ? '' : `.${rest.toString().padStart(2, '0')}`;
  const sign = negative ? '-' : options.signed && abs > 0n ? '+' : '';
  return `${sign}${whole}${fraction}`;
}

/** Whole points (a count typed by an operator or a player) as grouped text: 1000 → "1,000". */
export function formatWholePoints(points: number): string {
  return formatPoints(BigInt(Math.trunc(points)) * 100n, { decimals: 'when-needed' });
}
