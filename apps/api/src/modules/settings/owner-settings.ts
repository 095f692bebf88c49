/**
 * The owner's settings (`GET/PATCH /admin-api/settings`), read by the rules that depend on them: results and
 * withdrawals under the two-person rule, two-factor at sign-in. Each field is one row of the settings table
 * under its own name. The defaults depend on the environment (on in production), so they are written once
 * when the app starts: every process and every reader then sees the same stored value, and a row that is
 * somehow missing or unreadable falls back to the strict value, never the lax one.
 */
import type { OwnerSettingKey, OwnerSettings } from '@gama/core/endpoints/settings/index';
import { ownerSettingsFields } from '@gama/core/endpoints/settings/index';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';

const keys = Object.keys(ownerSettingsFields) as OwnerSettingKey[];

/** What a production install starts with, and what a missing row reads as. */
const strictDefaults: OwnerSettings = {
  results_two_person: true,
  totp_required: true,
  withdrawal_two_person_above: 10_000,
};

export function ownerSettingDefaults(config: Pick<Config, 'NODE_ENV'>): OwnerSettings {
  if (config.NODE_ENV === 'production') return { ...strictDefaults };
  // Development and tests start lax: one operator can try the whole console without a phone at hand.
  return { ...strictDefaults, results_two_person: false, totp_required: false };
}

/** Writes the environment's defaults for settings this database does not hold yet (idempotent). */
export async function writeOwnerSettingDefaults(
  db: Queryable,
  config: Pick<Config, 'NODE_ENV'>,
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
  const changed = keys.filter((k) => patch[k] !== undefined);
  await tx.query(
    `INSERT INTO settings (key, value, updated_at)
     SELECT k, v, $3 FROM unnest($1::text[], $2::jsonb[]) AS d(k, v)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [changed, changed.map((k) => JSON.stringify(after[k])), now],
  );
  return { before, after };
}
