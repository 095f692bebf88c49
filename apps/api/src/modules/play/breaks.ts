/** A time-out or self-exclusion as the player row holds it, and the refusal it gives while it runs. */
import { playMessages } from '@gama/core/contract/play-messages';
import type { BreakKind } from '@gama/core/rules/responsible-play';
import { AppError } from '../../http/errors.ts';
import { formatDateTime } from '../../lib/format.ts';

export interface RunningBreak {
  kind: BreakKind;
  until: Date;
}

/** The columns of `players` that hold the last break taken. */
export interface PlayerBreak {
  break_kind: BreakKind | null;
  break_until: Date | null;
}

/**
 * The refusal for a bid, deposit or transfer while a time-out or self-exclusion runs; null when none runs.
 * Withdrawals and reading balances and histories stay open (the player may take their money out).
 */
export function breakRefusal(flags: PlayerBreak, at: { now: Date; timeZone: string }): AppError | null {
  if (flags.break_kind === null || flags.break_until === null || flags.break_until <= at.now) return null;
  return new AppError(
    'BREAK_RUNNING',
    playMessages.breakRunning(flags.break_kind, formatDateTime(flags.break_until, at.timeZone)),
  );
}
