/**
 * The business settings in the shapes the legacy contract serves them (contacts, rules, how-to-play, the
 * withdraw window, deposit minimum and gateway, UPI ids and the QR payee). They are owner settings, one row
 * per field (settings/owner-settings.ts, changed with PATCH /admin-api/settings); this module only regroups
 * them for the player routes that read them.
 */
import type { BankDetails } from '@gama/core/endpoints/funds/index';
import { CacheStats } from '../../lib/cache-stats.ts';
import type { OwnerSettings } from '@gama/core/endpoints/settings/index';
import type { Queryable } from '../../db/database.ts';
import { ownerSettings } from '../settings/owner-settings.ts';
import { withSettingWords } from '@gama/core/contract/setting-words';

export interface SettingValues {
  default_betting_status: '0' | '1';
  contacts: { mobile_no: string; mobile_1: string; telegram_no: string; whatsapp_no: string };
  rules: {
    withdrawal_rule: string;
    deposit_rule: string;
    withdrawal_rule_hi: string;
    deposit_rule_hi: string;
  };
  how_to_play: { content: string; video_link: string };
  withdraw: { min_withdrawal: number; open_time: string; close_time: string };
  deposit: { min_amt: number; getaway_status: '0' | '1' };
  transfer: { min_points: number };
  app: {
    apk_url: string;
    privacy_policy: string;
    about_text: string;
    privacy_policy_hi: string;
    about_text_hi: string;
  };
  payments: {
    bank_details: BankDetails;
    qr: { upi_id: string; payee_name: string };
  };
}

export type SettingKey = keyof SettingValues;

/** The legacy groups, built from the owner settings. */
export function legacySettings(s: OwnerSettings): SettingValues {
  return {
    default_betting_status: s.default_betting_status,
    contacts: {
      mobile_no: s.contact_phone,
      mobile_1: s.contact_phone_2,
      telegram_no: s.contact_telegram,
      whatsapp_no: s.contact_whatsapp,
    },
    rules: {
      withdrawal_rule: withSettingWords(s.withdrawal_rule, s),
      deposit_rule: withSettingWords(s.deposit_rule, s),
      withdrawal_rule_hi: withSettingWords(s.withdrawal_rule_hi, s),
      deposit_rule_hi: withSettingWords(s.deposit_rule_hi, s),
    },
    how_to_play: { content: s.how_to_play_text, video_link: s.how_to_play_video },
    withdraw: {
      min_withdrawal: s.min_withdrawal,
      open_time: s.withdrawal_open,
      close_time: s.withdrawal_close,
    },
    deposit: { min_amt: s.min_deposit, getaway_status: s.payment_gateway ? '1' : '0' },
    transfer: { min_points: s.transfer_min },
    app: {
      apk_url: s.app_download_url,
      privacy_policy: s.privacy_policy,
      about_text: s.about_text,
      privacy_policy_hi: s.privacy_policy_hi,
      about_text_hi: s.about_text_hi,
    },
    payments: {
      bank_details: {
        google_upi_payment_id: s.upi_gpay,
        phonepay_upi_payment_id: s.upi_phonepe,
        upi_payment_id: s.upi_other,
        paytm_upi_payment_id: s.upi_paytm,
      },
      qr: { upi_id: s.qr_upi_id, payee_name: s.qr_payee_name },
    },
  };
}

/** One group as it is stored now; pass the transaction when a decision depends on it. */
export async function getSetting<K extends SettingKey>(db: Queryable, key: K): Promise<SettingValues[K]> {
  return legacySettings(await ownerSettings(db))[key];
}

/**
 * Settings are read on hot paths (the profile every client polls) and change rarely: each app keeps them
 * for a couple of seconds. Stale by at most TTL_MS across processes; `invalidate` clears it here at once
 * (the settings routes do after each change).
 */
export class SettingsCache {
  static readonly TTL_MS = 2_000;
  readonly #db: Queryable;
  readonly #now: () => number;
  #entry: { at: number; value: SettingValues } | undefined;
  readonly stats = new CacheStats();

  constructor(db: Queryable, now: () => number) {
    this.#db = db;
    this.#now = now;
  }

  async get<K extends SettingKey>(key: K): Promise<SettingValues[K]> {
    return (await this.all())[key];
  }

  async all(): Promise<SettingValues> {
    return this.peek() ?? (await this.#load());
  }

  /**
   * Every group, without waiting when a fresh copy is kept (undefined otherwise: then `get` reads them). The
   * polled home list reads three groups a call; taking them without an await each is part of what keeps it
   * cheap (decision 042).
   */
  peek(): SettingValues | undefined {
    const now = this.#now();
    const hit = this.#entry;
    if (hit && now - hit.at < SettingsCache.TTL_MS && now >= hit.at) {
      this.stats.hit();
      return hit.value;
    }
    return undefined;
  }

  async #load(): Promise<SettingValues> {
    this.stats.miss();
    const now = this.#now();
    const value = legacySettings(await ownerSettings(this.#db));
    this.#entry = { at: now, value };
    return value;
  }

  invalidate(): void {
    this.#entry = undefined;
  }
}
