/** The responsible-play texts (issue 16), written once for the server, the player app and the console. */
import type { BreakKind, LimitKind, LimitPeriod } from '../rules/responsible-play.ts';

const periodWord: Record<LimitPeriod, { adjective: string; rest: string }> = {
  day: { adjective: 'daily', rest: 'today' },
  week: { adjective: 'weekly', rest: 'this week' },
  month: { adjective: 'monthly', rest: 'this month' },
};

export const limitKindLabels: Record<LimitKind, string> = { deposit: 'Deposit limit', stake: 'Stake limit' };
export const limitPeriodLabels: Record<LimitPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };
export const breakKindLabels: Record<BreakKind, string> = {
  timeout: 'Time-out',
  exclusion: 'Self-exclusion',
};

export const playMessages = {
  ageRefused: 'You must be 18 or older to play',
  dobInvalid: 'Enter a valid date of birth',
  /** A deposit request or a bid over a limit; amounts are points as display text. */
  limitReached: (kind: LimitKind, period: LimitPeriod, limit: string, left: string) =>
    `Over your ${periodWord[period].adjective} ${kind} limit of ${limit} points: ${left} points left ${periodWord[period].rest}`,
  limitInvalid: 'Enter a limit in whole points, or leave it empty for no limit',
  limitsSaved: 'Play limits saved',
  breakRunning: (kind: BreakKind, until: string) =>
    kind === 'timeout'
      ? `You are on a time-out until ${until}. Betting, deposits and transfers are paused.`
      : `You have excluded yourself until ${until}. Betting, deposits and transfers are paused.`,
  breakStarted: (kind: BreakKind, until: string) =>
    kind === 'timeout' ? `Time-out started. It ends ${until}.` : `Self-exclusion started. It ends ${until}.`,
  /**
   * Registration of a phone whose closed account's time-out or self-exclusion still runs. It does not say which
   * of the two: whoever types the number learns no more than that it cannot register yet.
   */
  closedAccountBreak: (until: string) =>
    `A time-out or self-exclusion taken with this number runs until ${until}. A new account can be opened after that.`,
  realityCheckSaved: 'Reality check saved',
  statementMonthInvalid: 'Choose a month',
} as const;
