/**
 * The server's VAPID key pair (RFC 8292): it signs every push so push services know the sender. From
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set (several servers sharing one pair), else generated on the first
 * start and kept in `settings` like the code pepper: a browser subscription is bound to the public key, so a
 * key that changed at every restart would silence every device. The private key never leaves the server.
 */
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export async function loadVapidKeys(
  db: Queryable,
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
  now: Date,
): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  // Two processes starting at once both generate; the first insert wins and both read it back.
  await db.query(
    `INSERT INTO settings (key, value, updated_at) VALUES ('vapid_keys', $1::jsonb, $2) ON CONFLICT (key) DO NOTHING`,
    [JSON.stringify(generated), now],
  );
  const { rows } = await db.query<{ value: { publicKey: string; privateKey: string } }>(
    `SELECT value FROM settings WHERE key = 'vapid_keys'`,
  );
  const stored = rows[0]?.value;
  if (!stored) throw new Error('could not load the VAPID keys');
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
