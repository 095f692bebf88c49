/**
 * The owner's thresholds for risk signals (issue 31 item 5, decision 039): when players count as linked, when
 * transfers form a chain or a burst, and whether a flag holds the flagged players' withdrawals.
 */
import { z } from 'zod';

function whole(name: string, unit: string, min: number, max: number) {
  const error = `${name} must be a whole number of ${unit}`;
  return z
    .number({ error })
    .int({ error })
    .min(min, { error: `${name} must be ${min} or more` })
    .max(max, { error: `${name} is at most ${max.toLocaleString('en-IN')} ${unit}` });
}

export const signalSettingsFields = {
  /** Sign-ins, payout numbers used and deposits of this many days link players. */
  signal_link_days: whole('signal_link_days', 'days', 1, 365),
  /**
   * A sign-in address used by more players than this within the window is a shared network (a carrier's, an
   * office's) and links nobody.
   */
  signal_ip_max_players: whole('signal_ip_max_players', 'players', 2, 1000),
  /** Transfers passing points on (A to B, B to C, …) this many times in a row form a chain. */
  signal_chain_transfers: whole('signal_chain_transfers', 'transfers', 2, 50),
  /** … when the whole chain takes at most this many minutes. */
  signal_chain_minutes: whole('signal_chain_minutes', 'minutes', 1, 10_080),
  /** This many transfers sent by one player, or received by one, … */
  signal_burst_transfers: whole('signal_burst_transfers', 'transfers', 2, 1000),
  /** … within this many minutes form a burst. */
  signal_burst_minutes: whole('signal_burst_minutes', 'minutes', 1, 1440),
  /** A withdrawal of a player with an open or confirmed flag waits for an operator to clear it. */
  signal_hold_withdrawals: z.boolean({ error: 'signal_hold_withdrawals must be true or false' }),
};

export const signalSettingDefaults = {
  signal_link_days: 30,
  signal_ip_max_players: 5,
  signal_chain_transfers: 3,
  signal_chain_minutes: 60,
  signal_burst_transfers: 5,
  signal_burst_minutes: 10,
  signal_hold_withdrawals: true,
} as const;
