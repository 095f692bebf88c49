/** Player builder with defaults plus overrides, shared by tests, benchmarks and demo data. */
import type { Queryable } from '../db/database.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertPlayer } from '../modules/auth/player-accounts.ts';

let counter = 0;

/** A unique valid phone number per call within a process (10 digits, starting 6-9). */
export function nextMobile(): string {
  counter += 1;
  const n = (process.pid * 7919 + counter * 104_729 + Date.now()) % 1_000_000_000;
  return `9${n.toString().padStart(9, '0')}`;
}

export interface PlayerSpec {
  mobile?: string;
  userName?: string;
  password?: string;
  bettingStatus?: '0' | '1';
  /** `YYYY-MM-DD`; an adult's by default. */
  dob?: string;
  now?: Date;
}

export async function buildPlayer(
  db: Queryable,
  spec: PlayerSpec = {},
): Promise<{ id: number; mobile: string; password: string; userName: string }> {
  const mobile = spec.mobile ?? nextMobile();
  const password = spec.password ?? 'correct-horse-1';
  const userName = spec.userName ?? 'Player';
  const id = await insertPlayer(db, {
    userName,
    mobile,
    passwordHash: await hashPassword(password),
    bettingStatus: spec.bettingStatus ?? '1',
    dob: spec.dob ?? '1990-01-01',
    now: spec.now ?? new Date(),
  });
  return { id, mobile, password, userName };
}
