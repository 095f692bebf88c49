/** The player's subscribed devices and the kinds they want pushed. */
import type { PushPreferences } from '@gama/core/endpoints/push/index';
import type { Queryable } from '../../db/database.ts';

export interface NewSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const EVERY_KIND: PushPreferences = { results: true, money: true, support: true, offers: true };

/**
 * Stores a device. An address already known is the same device: subscribing it again (another player signed in
 * on that phone, or the browser renewed its keys) moves it to this player with the new keys, so one phone
 * never receives two players' notifications.
 */
export async function subscribe(
  db: Queryable,
  playerId: number,
  s: NewSubscription,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO push_subscriptions (player_id, endpoint, p256dh, auth, created_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE
        SET player_id = excluded.player_id, p256dh = excluded.p256dh, auth = excluded.auth,
            created_at = excluded.created_at`,
    [playerId, s.endpoint, s.keys.p256dh, s.keys.auth, now],
  );
}

/** Forgets the player's own device; another player's address matches nothing. */
export async function unsubscribe(db: Queryable, playerId: number, endpoint: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint = $2', [
    playerId,
    endpoint,
  ]);
}

export async function devicesOf(db: Queryable, playerId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM push_subscriptions WHERE player_id = $1',
    [playerId],
  );
  return rows[0]?.n ?? 0;
}

export async function preferencesOf(db: Queryable, playerId: number): Promise<PushPreferences> {
  const { rows } = await db.query<PushPreferences>(
    'SELECT results, money, support, offers FROM push_preferences WHERE player_id = $1',
    [playerId],
  );
  return rows[0] ?? EVERY_KIND;
}

export async function savePreferences(
  db: Queryable,
  playerId: number,
  p: Omit<PushPreferences, 'offers'> & { offers?: boolean | undefined },
  now: Date,
): Promise<void> {
  // A client that does not send `offers` (it came later) leaves the stored choice, or on for a first row.
  await db.query(
    `INSERT INTO push_preferences (player_id, results, money, support, offers, updated_at)
     VALUES ($1, $2, $3, $4, coalesce($5, true), $6)
     ON CONFLICT (player_id) DO UPDATE
        SET results = excluded.results, money = excluded.money, support = excluded.support,
            offers = coalesce($5, push_preferences.offers), updated_at = excluded.updated_at`,
    [playerId, p.results, p.money, p.support, p.offers ?? null, now],
  );
}
