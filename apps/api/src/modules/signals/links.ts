/**
 * Players linked by what they share within the owner's window (`signal_link_days`): a device id the app sent at
 * sign-in, a sign-in address (unless a shared network: more players than `signal_ip_max_players` used it), a
 * payout number (saved, or withdrawn to within the window), one player's phone saved as the other's payout
 * number, and a UPI id that paid deposits of both (read from the imported bank statements). Read on demand:
 * nothing is stored about a link until a flag is raised for it.
 */
import type { Queryable } from '../../db/database.ts';
import { ownerSettings } from '../settings/owner-settings.ts';

const DAY_MS = 86_400_000;

export type LinkKind = 'device' | 'ip' | 'payout' | 'payout_phone' | 'upi';

export interface LinkReason {
  kind: LinkKind;
  text: string;
}

/** The UPI id (VPA) in a statement line's payer text; the same expression as the index in 0070. */
const VPA = `lower(substring(l.payer FROM '[A-Za-z0-9._-]+@[A-Za-z][A-Za-z0-9]+'))`;

/**
 * Loopback names the server's own machine (a health check, a proxy that forwards no address): it says nothing
 * about the player, and every request of a misconfigured install would link everyone through it.
 */
const NOT_LOOPBACK = `ip NOT LIKE '127.%' AND ip <> '::1' AND ip NOT LIKE '::ffff:127.%'`;

/**
 * Each (other player, kind, shared value) of `playerId` within the window. Every
 * branch starts from the player's own rows (their sessions, payout numbers, deposits) and looks the value up by
 * its index, so the cost follows what the player did, not the size of the tables.
 */
const LINKS_SQL = `
WITH my_sessions AS (
  SELECT device_id, ip FROM sessions WHERE player_id = $1 AND created_at >= $2
), my_numbers AS (
  SELECT number FROM payout_methods WHERE player_id = $1
  UNION SELECT payout_number FROM withdraw_requests WHERE player_id = $1 AND created_at >= $2
), their_numbers AS (
  SELECT player_id, number FROM payout_methods WHERE number IN (SELECT number FROM my_numbers)
  UNION SELECT player_id, payout_number FROM withdraw_requests
   WHERE payout_number IN (SELECT number FROM my_numbers) AND created_at >= $2
), my_vpas AS (
  SELECT DISTINCT ${VPA} AS vpa
    FROM deposit_requests d JOIN bank_statement_lines l ON l.utr = d.utr
   WHERE d.player_id = $1 AND d.created_at >= $2 AND l.payer LIKE '%@%'
)
SELECT o.player_id AS other, 'device' AS kind, o.device_id AS value
  FROM sessions o
 WHERE o.device_id IN (SELECT device_id FROM my_sessions WHERE device_id IS NOT NULL)
   AND o.created_at >= $2 AND o.player_id <> $1
UNION
SELECT o.player_id, 'ip', o.ip
  FROM sessions o
 WHERE o.ip IN (SELECT ip FROM my_sessions WHERE ip IS NOT NULL AND ${NOT_LOOPBACK})
   AND o.created_at >= $2 AND o.player_id <> $1
   AND (SELECT count(DISTINCT s.player_id) FROM sessions s WHERE s.ip = o.ip AND s.created_at >= $2) <= $3
UNION
SELECT t.player_id, 'payout', t.number FROM their_numbers t WHERE t.player_id <> $1
UNION
SELECT p.id, 'payout_phone', p.mobile
  FROM players p WHERE p.mobile IN (SELECT number FROM my_numbers) AND p.id <> $1
UNION
SELECT o.player_id, 'payout_phone', o.number
  FROM payout_methods o WHERE o.number = (SELECT mobile FROM players WHERE id = $1) AND o.player_id <> $1
UNION
SELECT o.player_id, 'payout_phone', o.payout_number
  FROM withdraw_requests o
 WHERE o.payout_number = (SELECT mobile FROM players WHERE id = $1) AND o.created_at >= $2 AND o.player_id <> $1
UNION
SELECT d.player_id, 'upi', ${VPA}
  FROM bank_statement_lines l JOIN deposit_requests d ON d.utr = l.utr
 WHERE l.payer LIKE '%@%' AND ${VPA} IN (SELECT vpa FROM my_vpas WHERE vpa IS NOT NULL)
   AND d.created_at >= $2 AND d.player_id <> $1`;

interface LinkRow {
  other: number;
  kind: LinkKind;
  value: string;
}

const ORDER: readonly LinkKind[] = ['device', 'upi', 'payout', 'payout_phone', 'ip'];

function reasonOf(kind: LinkKind, value: string): string {
  switch (kind) {
    case 'device':
      return `same device id ${value}`;
    case 'ip':
      return `same sign-in address ${value}`;
    case 'payout':
      return `same payout number ${value}`;
    case 'payout_phone':
      return `payout number ${value} is the other player's phone`;
    case 'upi':
      return `same UPI id ${value}`;
  }
}

/** Every player linked to `playerId` at `now`, with the reasons, strongest kind first. */
export async function linksOf(q: Queryable, playerId: number, now: Date): Promise<Map<number, LinkReason[]>> {
  const settings = await ownerSettings(q);
  const since = new Date(now.getTime() - settings.signal_link_days * DAY_MS);
  const { rows } = await q.query<LinkRow>(LINKS_SQL, [playerId, since, settings.signal_ip_max_players]);
  const sorted = [...rows].sort(
    (x, y) =>
      ORDER.indexOf(x.kind) - ORDER.indexOf(y.kind) || x.value.localeCompare(y.value) || x.other - y.other,
  );
  const links = new Map<number, LinkReason[]>();
  for (const row of sorted) {
    const other = Number(row.other);
    const reason = { kind: row.kind, text: reasonOf(row.kind, row.value) };
    const reasons = links.get(other);
    if (!reasons) links.set(other, [reason]);
    else if (!reasons.some((r) => r.text === reason.text)) reasons.push(reason);
  }
  return links;
}

/**
 * Whether shared things make two players linked: a sign-in address alone does not (mobile networks put many
 * phones behind one address); with anything else it is part of the evidence. The same rule raises flags.
 */
export function linksAccounts(reasons: readonly LinkReason[]): boolean {
  return reasons.some((r) => r.kind !== 'ip');
}

/**
 * Why players `a` and `b` are linked at `now`: each string one reason ("same device id d-1", "same UPI id
 * abc@upi"); empty when they are not linked. The referral rules call it to hold a bonus between linked players.
 */
export async function linkReasons(q: Queryable, a: number, b: number, now: Date): Promise<string[]> {
  if (a === b) return [];
  const reasons = (await linksOf(q, a, now)).get(b) ?? [];
  return linksAccounts(reasons) ? reasons.map((r) => r.text) : [];
}
