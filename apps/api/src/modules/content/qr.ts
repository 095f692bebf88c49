/**
 * The Pay via QR screen's image: the operator's uploaded QR (their bank's merchant QR, say) or, when none is
 * uploaded, a QR code the server makes from the owner settings qr_upi_id and qr_payee_name.
 */
import type { QrAnswer } from '@gama/core/endpoints/content/console';
import QRCode from 'qrcode';
import type { Queryable } from '../../db/database.ts';
import { getSetting } from './settings.ts';

/** The settings row holding the uploaded image's address (`/media/…`), or nothing. */
const KEY = 'qr_image';

export type QrState = Omit<QrAnswer, 'status'>;

export async function uploadedQr(db: Queryable, lock = false): Promise<string> {
  const { rows } = await db.query<{ value: unknown }>(
    `SELECT value FROM settings WHERE key = $1${lock ? ' FOR UPDATE' : ''}`,
    [KEY],
  );
  const value = rows[0]?.value;
  return typeof value === 'string' ? value : '';
}

/** The last code made: the same link always makes the same image, and the settings rarely change. */
let generated: { link: string; dataUrl: string } | undefined;

/** A UPI payment QR code for this id and payee, as an SVG data URL. */
async function generatedQr(upiId: string, payeeName: string): Promise<string> {
  const link = `upi://pay?pa=${encodeURIComponent(upiId)}&pn=${encodeURIComponent(payeeName)}&cu=INR`;
  if (generated?.link !== link) {
    const svg = await QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    generated = { link, dataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }
  return generated.dataUrl;
}

/**
 * The image the Pay via QR screen shows: the uploaded one as it is, otherwise one made from the UPI id; empty
 * when there is neither.
 */
export async function playerQrImage(
  uploaded: string,
  qr: { upi_id: string; payee_name: string },
): Promise<string> {
  if (uploaded) return uploaded;
  return qr.upi_id ? generatedQr(qr.upi_id, qr.payee_name) : '';
}

export async function qrState(db: Queryable, lock = false): Promise<QrState> {
  const url = await uploadedQr(db, lock);
  const { qr } = await getSetting(db, 'payments');
  return {
    source: url ? 'uploaded' : 'generated',
    image_url: url,
    upi_id: qr.upi_id,
    player_image: await playerQrImage(url, qr),
  };
}

/** Sets (or with '' clears) the uploaded image inside the caller's transaction; answers before and after. */
export async function setUploadedQr(
  tx: Queryable,
  url: string,
  now: Date,
): Promise<{ before: QrState; after: QrState }> {
  const before = await qrState(tx, true);
  if (url === '') await tx.query('DELETE FROM settings WHERE key = $1', [KEY]);
  else {
    await tx.query(
      `INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
      [KEY, JSON.stringify(url), now],
    );
  }
  return { before, after: await qrState(tx) };
}
