/**
 * Player accounts as sign-up, sign-in and transfers read and write them. It sits in `auth/`, below the operator
 * desk for players (`players/`, which ends sessions and sends codes through `auth/`), so no folder cycle forms.
 */
import type { Language } from '@gama/core/contract/languages';
import type { Queryable } from '../../db/database.ts';

export interface PlayerRow {
  id: number;
  user_name: string;
  mobile: string;
  password_hash: string;
  betting_status: '0' | '1';
  blocked: boolean;
}

const COLUMNS = 'id, user_name, mobile, password_hash, betting_status, blocked_at IS NOT NULL AS blocked';

export async function findPlayerByMobile(db: Queryable, mobile: string): Promise<PlayerRow | undefined> {
  const { rows } = await db.query<PlayerRow>(`SELECT ${COLUMNS} FROM players WHERE mobile = $1`, [mobile]);
  return rows[0];
}

export async function findPlayerById(db: Queryable, id: number): Promise<PlayerRow | undefined> {
  const { rows } = await db.query<PlayerRow>(`SELECT ${COLUMNS} FROM players WHERE id = $1`, [id]);
  return rows[0];
}

export async function insertPlayer(
  db: Queryable,
  player: {
    userName: string;
    mobile: string;
    passwordHash: string;
    bettingStatus: '0' | '1';
    /** Date of birth, `YYYY-MM-DD` (checked by the caller). */
    dob: string;
    language?: Language;
    now: Date;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO players (user_name, mobile, password_hash, betting_status, dob, created_at, password_changed_at,
                          language)
     VALUES ($1, $2, $3, $4, $5::date, $6, $6, $7) RETURNING id`,
    [
      player.userName,
      player.mobile,
      player.passwordHash,
      player.bettingStatus,
      player.dob,
      player.now,
      player.language ?? 'en',
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

export async function updatePassword(
  db: Queryable,
  id: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.query('UPDATE players SET password_hash = $2, password_changed_at = $3 WHERE id = $1', [
    id,
    passwordHash,
    now,
  ]);
}

export async function updateUserName(db: Queryable, id: number, userName: string): Promise<void> {
  await db.query('UPDATE players SET user_name = $2 WHERE id = $1', [id, userName]);
}

/** The language the player's SMS codes are written in (issue 17). */
export async function updateLanguage(db: Queryable, id: number, language: Language): Promise<void> {
  await db.query('UPDATE players SET language = $2 WHERE id = $1', [id, language]);
}
