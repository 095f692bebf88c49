/**
 * The owner settings that run the business day to day (issue 15): what the player app shows (contacts, texts,
 * UPI ids) and the money rules it enforces (minimums, the withdrawal window, the payment gateway, the
 * betting status of new players). Each field is checked here, so the server refuses a bad value with a message
 * that names the field, and the console can show the same message before sending.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../../contract/validation.ts';

/** 12-hour clock text as the player app shows it: `10:00 AM`. */
export const CLOCK_TEXT_PATTERN = /^(0[1-9]|1[0-2]):[0-5]\d (AM|PM)$/;
/** A UPI id (virtual payment address): `name@bank`. */
export const UPI_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,255}@[A-Za-z][A-Za-z0-9.-]{1,63}$/;
/** Texts shown on a screen of their own (rules, policies, how to play). */
export const LONG_TEXT_MAX = 20_000;
/** Largest minimum a money setting may ask for, in points. */
export const MONEY_SETTING_MAX = 10_000_000;

const contact = (name: string) =>
  z
    .string({ error: `${name} must be a 10-digit mobile number, or empty` })
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), {
      error: `${name} must be a 10-digit mobile number starting with 6, 7, 8 or 9, or empty`,
    });

const text = (name: string, max = LONG_TEXT_MAX) =>
  z
    .string({ error: `${name} must be text` })
    .max(max, { error: `${name} is at most ${max.toLocaleString('en-IN')} characters` });

/** An http(s) address, or a path on this site (`/static/…`); empty for none. */
const link = (name: string) =>
  z
    .string({ error: `${name} must be an http(s) link` })
    .trim()
    .max(500, { error: `${name} is at most 500 characters` })
    .refine((v) => v === '' || isLink(v), {
      error: `${name} must be an http(s) link (or a path on this site starting with /), or empty`,
    });

export function isLink(value: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const upiId = (name: string) =>
  z
    .string({ error: `${name} must be a UPI id like name@bank, or empty` })
    .trim()
    .refine((v) => v === '' || UPI_ID_PATTERN.test(v), {
      error: `${name} must be a UPI id like name@bank, or empty`,
    });

const points = (name: string, min: number) =>
  z
    .number({ error: `${name} must be a whole number of points` })
    .int({ error: `${name} must be a whole number of points` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(MONEY_SETTING_MAX, {
      error: `${name} is at most ${MONEY_SETTING_MAX.toLocaleString('en-IN')} points`,
    });

const clock = (name: string) =>
  z
    .string({ error: `${name} must be a time like 10:00 AM` })
    .trim()
    .regex(CLOCK_TEXT_PATTERN, { error: `${name} must be a time like 10:00 AM` });

export const businessSettingsFields = {
  /** Contact numbers of the support popup and footers (legacy mobile_no, mobile_1, whatsapp_no, telegram_no). */
  contact_phone: contact('contact_phone'),
  contact_phone_2: contact('contact_phone_2'),
  /** Empty: the WhatsApp link uses contact_phone. */
  contact_whatsapp: contact('contact_whatsapp'),
  contact_telegram: contact('contact_telegram'),
  how_to_play_text: text('how_to_play_text'),
  /** The tutorial video. */
  how_to_play_video: link('how_to_play_video'),
  deposit_rule: text('deposit_rule'),
  withdrawal_rule: text('withdrawal_rule'),
  /** Empty: the player app shows its built-in policy. */
  privacy_policy: text('privacy_policy'),
  about_text: text('about_text'),
  /** The same texts in Hindi, for players reading Hindi; empty: they read the English one. */
  deposit_rule_hi: text('deposit_rule_hi'),
  withdrawal_rule_hi: text('withdrawal_rule_hi'),
  privacy_policy_hi: text('privacy_policy_hi'),
  about_text_hi: text('about_text_hi'),
  /** The Android package the logged-out landing page links to. */
  app_download_url: link('app_download_url'),
  /** UPI ids the Add Money screen offers per app (legacy google_upi_payment_id, …, upi_payment_id). */
  upi_gpay: upiId('upi_gpay'),
  upi_phonepe: upiId('upi_phonepe'),
  upi_paytm: upiId('upi_paytm'),
  upi_other: upiId('upi_other'),
  /** The QR code the Pay via QR screen shows is made from this UPI id and payee name. */
  qr_upi_id: upiId('qr_upi_id'),
  qr_payee_name: text('qr_payee_name', 60),
  min_deposit: points('min_deposit', 1),
  min_withdrawal: points('min_withdrawal', 1),
  /** Withdrawals are accepted from withdrawal_open to withdrawal_close (market time; may span midnight). */
  withdrawal_open: clock('withdrawal_open'),
  withdrawal_close: clock('withdrawal_close'),
  /** The Add Money screen's payment gateway (legacy getaway_status "1"). */
  payment_gateway: z.boolean({ error: 'payment_gateway must be true or false' }),
  /** betting_status given to players who register from now on. */
  default_betting_status: z.enum(['0', '1'], { error: 'default_betting_status must be "0" or "1"' }),
  /** The smallest transfer between players, in points. */
  transfer_min: points('transfer_min', 1),
};
