/**
 * Builders for operator content, used by the first-start demo seed and by tests alike,
 * so the demo and the tests stand on the same data.
 */
import type { Queryable } from '../db/database.ts';
import type { OwnerSettings } from '@gama/core/endpoints/settings/index';
import { updateOwnerSettings } from '../modules/settings/owner-settings.ts';
import { seedDemoMarkets } from './markets.ts';

export const demoHeadlines = [
  {
    id: 1,
    status: '1' as const,
    notes: 'Welcome to Gama! Results are declared on time, every day. Play responsibly.',
  },
  {
    id: 2,
    status: '1' as const,
    notes: 'Add funds through any UPI app. Your request is credited once it is approved.',
  },
  {
    id: 3,
    status: '1' as const,
    notes:
      'Withdrawals are processed between {withdrawal_open} and {withdrawal_close} to your saved UPI number.',
  },
];

export const demoSlides = [
  { title: 'Play Kalyan, Milan and more', image_url: '/static/slider/1.svg' },
  { title: 'KING STARLINE every hour', image_url: '/static/slider/2.svg' },
  { title: 'Gali Disawar', image_url: '/static/slider/3.svg' },
];

/** The demo's contacts, texts and payment details (owner settings; see settings/owner-settings.ts). */
export const demoSettings: Partial<OwnerSettings> = {
  contact_phone: '9876543210',
  contact_phone_2: '9876543210',
  contact_telegram: '9876543210',
  contact_whatsapp: '9876543210',
  withdrawal_rule:
    'Withdrawals are paid to your saved UPI number between {withdrawal_open} and {withdrawal_close}.\nThe minimum withdrawal is {min_withdrawal} points.\nA request cannot be cancelled once sent; the operator approves or rejects it.',
  deposit_rule:
    'Pay through any UPI app or the QR code, then your request appears as pending.\nThe minimum deposit is {min_deposit} points.\nPoints are credited when the operator confirms your payment.',
  how_to_play_text:
    'Choose an open market on the home screen.\nPick a game type: Single Digit, Jodi, Pana, Sangam or a Motor.\nEnter your number and points (minimum 10), press Proceed, then Submit.\nResults are declared at the market times; wins are credited to your wallet.\nThe maximum win is up to 10 Lac points.',
  how_to_play_video: '/static/how-to-play.html',
  min_withdrawal: 500,
  withdrawal_open: '10:00 AM',
  withdrawal_close: '06:00 PM',
  min_deposit: 100,
  payment_gateway: true,
  app_download_url: '/static/install.html',
  upi_gpay: 'gama.gpay@okaxis',
  upi_phonepe: 'gama.phonepe@ybl',
  upi_other: 'gama.pay@upi',
  upi_paytm: 'gama.paytm@paytm',
  qr_upi_id: 'gama.pay@upi',
  qr_payee_name: 'Gama Demo',
};

export async function seedHeadlines(db: Queryable, headlines = demoHeadlines): Promise<void> {
  for (const h of headlines) {
    await db.query(
      `INSERT INTO headlines (id, status, notes) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, notes = EXCLUDED.notes`,
      [h.id, h.status, h.notes],
    );
  }
}

export async function seedSlides(db: Queryable, slides = demoSlides): Promise<void> {
  let sort = 0;
  for (const s of slides) {
    await db.query('INSERT INTO slider_images (title, image_url, sort) VALUES ($1, $2, $3)', [
      s.title,
      s.image_url,
      sort++,
    ]);
  }
}

export async function seedSettings(
  db: Queryable,
  now: Date,
  overrides: Partial<OwnerSettings> = {},
): Promise<void> {
  await updateOwnerSettings(db, { ...demoSettings, ...overrides }, now);
}

/** Demo content for a fresh install; a no-op once content exists. */
export async function seedDemoContent(
  db: Queryable,
  now: Date,
  options: { defaultBettingStatus: '0' | '1' },
): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM headlines');
  if ((rows[0]?.n ?? 0) > 0) return false;
  await seedHeadlines(db);
  await seedSlides(db);
  await seedSettings(db, now, { default_betting_status: options.defaultBettingStatus });
  await seedDemoMarkets(db, now);
  return true;
}
