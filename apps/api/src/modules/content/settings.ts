/** Operator-editable business settings, one JSON value per key, with the defaults a fresh install starts from. */
import type { BankDetails } from '@gama/core/contract/funds-types';
import type { Queryable } from '../../db/database.ts';

export interface SettingValues {
  default_betting_status: '0' | '1';
  contacts: { mobile_no: string; mobile_1: string; telegram_no: string; whatsapp_no: string };
  rules: { withdrawal_rule: string; deposit_rule: string };
  how_to_play: { content: string; video_link: string };
  withdraw: { min_withdrawal: number; open_time: string; close_time: string };
  deposit: { min_amt: number; getaway_status: '0' | '1' };
  app: { apk_url: string; privacy_policy: string };
  payments: {
    bank_details: BankDetails;
    qr: { upi_id: string; payee_name: string };
  };
}

export type SettingKey = keyof SettingValues;

export const settingDefaults: SettingValues = {
  default_betting_status: '1',
  contacts: { mobile_no: '', mobile_1: '', telegram_no: '', whatsapp_no: '' },
  rules: { withdrawal_rule: '', deposit_rule: '' },
  how_to_play: { content: '', video_link: '' },
  withdraw: { min_withdrawal: 500, open_time: '10:00 AM', close_time: '06:00 PM' },
  deposit: { min_amt: 100, getaway_status: '1' },
  app: { apk_url: '', privacy_policy: '' },
  payments: {
    bank_details: {
      google_upi_payment_id: '',
      phonepay_upi_payment_id: '',
      upi_payment_id: '',
      paytm_upi_payment_id: '',
    },
    qr: { upi_id: '', payee_name: '' },
  },
};

export async function getSetting<K extends SettingKey>(db: Queryable, key: K): Promise<SettingValues[K]> {
  const { rows } = await db.query<{ value: SettingValues[K] }>('SELECT value FROM settings WHERE key = $1', [
    key,
  ]);
  return rows[0]?.value ?? settingDefaults[key];
}

export async function putSetting<K extends SettingKey>(
  db: Queryable,
  key: K,
  value: SettingValues[K],
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [key, JSON.stringify(value), now],
  );
}

/**
 * Settings are read on hot paths (the profile every client polls) and change rarely: each app keeps them
 * for a couple of seconds. Stale by at most TTL_MS across processes; `invalidate` clears it here at once.
 */
export class SettingsCache {
  static readonly TTL_MS = 2_000;
  readonly #db: Queryable;
  readonly #now: () => number;
  readonly #entries = new Map<SettingKey, { at: number; value: unknown }>();

  constructor(db: Queryable, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValues[K]> {
    const now = this.#now();
    const hit = this.#entries.get(key);
    if (hit && now - hit.at < SettingsCache.TTL_MS && now >= hit.at) return hit.value as SettingValues[K];
    const value = await getSetting(this.#db, key);
    this.#entries.set(key, { at: now, value });
    return value;
  }

  invalidate(): void {
    this.#entries.clear();
  }
}
