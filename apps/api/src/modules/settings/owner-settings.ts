/**
 * The owner's settings (`GET/PATCH /admin-api/settings`), read by the rules that depend on them: results and
 * withdrawals under the two-person rule, two-factor at sign-in. Each field is one row of the settings table
 * under its own name. The defaults depend on the environment (on in production), so they are written once
 * when the app starts: every process and every reader then sees the same stored value, and a row that is
 * somehow missing or unreadable falls back to the strict value, never the lax one.
 */
import type { OwnerSettingKey, OwnerSettings } from '@gama/core/endpoints/settings/index';
import { ownerSettingsFields, settingsProblem } from '@gama/core/endpoints/settings/index';
import { signalSettingDefaults } from '@gama/core/endpoints/settings/signal-fields';
import { TRANSFER_MIN_POINTS } from '@gama/core/contract/funds-types';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import type { Actor } from '../audit/writer.ts';
import { audit } from '../audit/writer.ts';

const keys = Object.keys(ownerSettingsFields) as OwnerSettingKey[];

/** What a production install starts with, and what a missing row reads as. */
const strictDefaults: OwnerSettings = {
  results_two_person: true,
  totp_required: true,
  withdrawal_two_person_above: 10_000,
  cashier_credit_allowance: 50_000,
  cashier_payout_allowance: 50_000,
  // The owner sets the limits and can lift them: theirs start unlimited.
  owner_credit_allowance: 0,
  owner_payout_allowance: 0,
  credit_payout_window_days: 7,
  support_retention_days: 180,
  // Content and payment details start empty: the operator fills them in (the demo seed does on a first start).
  contact_phone: '',
  contact_phone_2: '',
  contact_whatsapp: '',
  contact_telegram: '',
  how_to_play_text: '',
  how_to_play_video: '',
  deposit_rule: '',
  withdrawal_rule: '',
  privacy_policy: '',
  about_text: '',
  deposit_rule_hi: '',
  withdrawal_rule_hi: '',
  privacy_policy_hi: '',
  about_text_hi: '',
  app_download_url: '',
  upi_gpay: '',
  upi_phonepe: '',
  upi_paytm: '',
  upi_other: '',
  qr_upi_id: '',
  qr_payee_name: '',
  min_deposit: 100,
  min_withdrawal: 500,
  withdrawal_open: '10:00 AM',
  withdrawal_close: '06:00 PM',
  payment_gateway: true,
  default_betting_status: '1',
  transfer_min: TRANSFER_MIN_POINTS,
  ...signalSettingDefaults,
  // Referrals start off: the owner decides whether to pay for new players at all.
  referrals_on: false,
  referral_reward: 50,
  referral_new_player_reward: 0,
  referral_daily_cap: 10,
  // Notices (decision 037): a few a day; one reaching more than a thousand players needs a second operator.
  notice_daily_limit: 5,
  notice_two_person_above: 1000,
};

export function ownerSettingDefaults(
  config: Pick<Config, 'NODE_ENV'> & Partial<Pick<Config, 'DEFAULT_BETTING_STATUS'>>,
): OwnerSettings {
  const install = {
    ...strictDefaults,
    default_betting_status: config.DEFAULT_BETTING_STATUS ?? strictDefaults.default_betting_status,
  };
  if (config.NODE_ENV === 'production') return install;
  // Development and tests start lax: one operator can try the whole console without a phone at hand.
  return { ...install, results_two_person: false, totp_required: false };
}

/** Writes the environment's defaults for settings this database does not hold yet (idempotent). */
export async function writeOwnerSettingDefaults(
  db: Queryable,
  config: Pick<Config, 'NODE_ENV'> & Partial<Pick<Config, 'DEFAULT_BETTING_STATUS'>>,
  now: Date,
): Promise<void> {
  const defaults = ownerSettingDefaults(config);
  await db.query(
    `INSERT INTO settings (key, value, updated_at)
     SELECT k, v, $3 FROM unnest($1::text[], $2::jsonb[]) AS d(k, v)
     ON CONFLICT (key) DO NOTHING`,
    [keys, keys.map((k) => JSON.stringify(defaults[k])), now],
  );
}

function parseStored(rows: readonly { key: string; value: unknown }[]): OwnerSettings {
  const settings: Record<string, unknown> = { ...strictDefaults };
  for (const row of rows) {
    const field = ownerSettingsFields[row.key as OwnerSettingKey] as
      (typeof ownerSettingsFields)[OwnerSettingKey] | undefined;
    const parsed = field?.safeParse(row.value);
    if (parsed?.success) settings[row.key] = parsed.data;
  }
  return settings as OwnerSettings;
}

/**
 * The owner's settings now. Pass the transaction when a decision depends on them (a declaration, a
 * withdrawal), so the rule read is the one in force for that change.
 */
export async function ownerSettings(db: Queryable): Promise<OwnerSettings> {
  const { rows } = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM settings WHERE key = ANY($1::text[])',
    [keys],
  );
  return parseStored(rows);
}

/** One setting (see `ownerSettings`). */
export async function ownerSetting<K extends OwnerSettingKey>(
  db: Queryable,
  key: K,
): Promise<OwnerSettings[K]> {
  return (await ownerSettings(db))[key];
}

/**
 * Applies a partial change inside the caller's transaction; answers the whole object before and after. The
 * rows are locked first, so two owners changing settings at once see each other's change as the "before".
 */
export async function updateOwnerSettings(
  tx: Queryable,
  patch: Partial<OwnerSettings>,
  now: Date,
): Promise<{ before: OwnerSettings; after: OwnerSettings }> {
  const { rows } = await tx.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM settings WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE',
    [keys],
  );
  const before = parseStored(rows);
  const after = { ...before, ...patch };
  const problem = settingsProblem(after);
  if (problem) throw new AppError('SETTING_INVALID', problem);
  const changed = keys.filter((k) => patch[k] !== undefined);
  await tx.query(
    `INSERT INTO settings (key, value, updated_at)
     SELECT k, v, $3 FROM unnest($1::text[], $2::jsonb[]) AS d(k, v)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [changed, changed.map((k) => JSON.stringify(after[k])), now],
  );
  return { before, after };
}

/** An operator's change of the settings and its audit row, in one transaction (decision 045); the settings after. */
export async function changeOwnerSettings(
  deps: Pick<Deps, 'db' | 'clock'>,
  who: Actor,
  patch: Partial<OwnerSettings>,
): Promise<OwnerSettings> {
  return deps.db.transaction(async (tx) => {
    const change = await updateOwnerSettings(tx, patch, deps.clock.now());
    await audit(tx, {
      operatorId: who.operator.id,
      action: 'settings_update',
      targetType: 'settings',
      before: change.before,
      after: change.after,
      detail: { changed: Object.keys(patch) },
      request: who.request,
      at: deps.clock.now(),
    });
    return change.after;
  });
}
