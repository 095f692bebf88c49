/**
 * The owner's settings: one object, read whole and changed with a partial object. Each field is stored as
 * its own row of the server's settings table under the field's name, so a new field (issue 15 adds content
 * and payment settings) is one more entry in `ownerSettingsFields` and nothing else changes.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';
import { businessSettingsFields } from './business-fields.ts';
import { signalSettingsFields } from './signal-fields.ts';

const ok = z.literal(true);
const domain = 'settings';

function allowance(name: string) {
  return z
    .number({ error: `${name} must be a whole number of points` })
    .int({ error: `${name} must be a whole number of points` })
    .min(0, { error: `${name} must be 0 or more` })
    .max(1_000_000_000, { error: `${name} is at most 1,000,000,000 points` });
}

export const ownerSettingsFields = {
  /** Results need a second operator's approval before they pay (default: on in production). */
  results_two_person: z.boolean({ error: 'results_two_person must be true or false' }),
  /** Every operator must sign in with two-factor (default: on in production). */
  totp_required: z.boolean({ error: 'totp_required must be true or false' }),
  /** Withdrawals above this many points need a second operator's approval; 0 means never. */
  withdrawal_two_person_above: z
    .number({ error: 'withdrawal_two_person_above must be a whole number of points' })
    .int({ error: 'withdrawal_two_person_above must be a whole number of points' })
    .min(0, { error: 'withdrawal_two_person_above must be 0 or more' })
    .max(10_000_000, { error: 'withdrawal_two_person_above is at most 10,000,000 points' }),
  /**
   * Operator limits (decision 027): the points one operator of the role may credit (manual credits and deposit
   * approvals) and pay out (withdrawals on their approval alone) in any rolling 24 hours; past it, a second
   * operator approves. 0 means no limit.
   */
  cashier_credit_allowance: allowance('cashier_credit_allowance'),
  cashier_payout_allowance: allowance('cashier_payout_allowance'),
  owner_credit_allowance: allowance('owner_credit_allowance'),
  owner_payout_allowance: allowance('owner_payout_allowance'),
  /**
   * For this many days, the operator who credited a player or approved their deposit is not the sole approver
   * of that player's withdrawal; 0 switches the rule off.
   */
  credit_payout_window_days: z
    .number({ error: 'credit_payout_window_days must be a whole number of days' })
    .int({ error: 'credit_payout_window_days must be a whole number of days' })
    .min(0, { error: 'credit_payout_window_days must be 0 or more' })
    .max(90, { error: 'credit_payout_window_days is at most 90 days' }),
  /** Support messages older than this many days are deleted by the server's sweep. */
  support_retention_days: z
    .number({ error: 'support_retention_days must be a whole number of days' })
    .int({ error: 'support_retention_days must be a whole number of days' })
    .min(7, { error: 'support_retention_days is at least 7 days' })
    .max(3650, { error: 'support_retention_days is at most 3,650 days' }),
  ...businessSettingsFields,
  ...signalSettingsFields,
  /** Referrals (decision 038): registration takes a code and a first approved deposit earns a reward. */
  referrals_on: z.boolean({ error: 'referrals_on must be true or false' }),
  /** Points paid to the referrer when the referred player's first deposit is approved. */
  referral_reward: allowance('referral_reward'),
  /** Points paid to the new player with the same first deposit; 0 gives none. */
  referral_new_player_reward: allowance('referral_new_player_reward'),
  /** Rewards one referrer may earn in a day (market time); past it a first deposit earns nothing. 0: no cap. */
  referral_daily_cap: z
    .number({ error: 'referral_daily_cap must be a whole number' })
    .int({ error: 'referral_daily_cap must be a whole number' })
    .min(0, { error: 'referral_daily_cap must be 0 or more' })
    .max(10_000, { error: 'referral_daily_cap is at most 10,000' }),
  /** Notices to players (decision 037): how many may be sent in a day (market time), all operators together. */
  notice_daily_limit: z
    .number({ error: 'notice_daily_limit must be a whole number' })
    .int({ error: 'notice_daily_limit must be a whole number' })
    .min(1, { error: 'notice_daily_limit must be 1 or more' })
    .max(100, { error: 'notice_daily_limit is at most 100' }),
  /**
   * A notice needs a second operator when the players reached today by notices sent alone, with this one,
   * would be more than this many; 0 means never.
   */
  notice_two_person_above: z
    .number({ error: 'notice_two_person_above must be a whole number of players' })
    .int({ error: 'notice_two_person_above must be a whole number of players' })
    .min(0, { error: 'notice_two_person_above must be 0 or more' })
    .max(10_000_000, { error: 'notice_two_person_above is at most 10,000,000 players' }),
};

export const ownerSettingsSchema = z.strictObject(ownerSettingsFields);
export type OwnerSettings = z.output<typeof ownerSettingsSchema>;
export type OwnerSettingKey = keyof OwnerSettings;

/** What is wrong with a whole set of settings, field against field (a change is checked on what it leaves). */
export function settingsProblem(settings: OwnerSettings): string | null {
  if (settings.withdrawal_open === settings.withdrawal_close) {
    return 'withdrawal_open and withdrawal_close must differ';
  }
  if (settings.referrals_on && settings.referral_reward === 0) {
    return 'referral_reward must be more than 0 while referrals are on';
  }
  return null;
}

export const ownerSettingsPatch = ownerSettingsSchema
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Send at least one setting to change' });

export const settingsAnswer = z.strictObject({ status: ok, settings: ownerSettingsSchema });

export const settingsEndpoints = {
  settingsRead: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/settings',
    access: 'operator',
    permission: 'settings.read',
    summary: "The owner's settings",
    response: settingsAnswer,
    errors: [],
  }),
  settingsUpdate: endpoint({
    domain,
    method: 'PATCH',
    path: '/admin-api/settings',
    access: 'operator',
    permission: 'settings.manage',
    summary:
      'Change some settings: only the fields sent change; answers the whole object. The player app sees the change on its next call',
    body: ownerSettingsPatch,
    response: settingsAnswer,
    errors: ['VALIDATION', 'SETTING_INVALID'],
  }),
};
