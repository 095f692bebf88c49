/**
 * Operator accounts: the first owner at start-up, and the owner's management of operators (create, disable,
 * enable, change role, reset password or two-factor). Each change runs in the caller's transaction and
 * answers the operator before and after, for the audit row written in the same transaction.
 */
import type { OperatorRow } from '@gama/core/endpoints/operators/index';
import type { Role } from '@gama/core/operators/permissions';
import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { pgCode } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { endOperatorSessions, OPERATOR_IDLE_MS } from './sessions.ts';
import { dropRecoveryCodes } from './recovery.ts';

/** The first operator comes from ADMIN_USERNAME / ADMIN_PASSWORD, or gets a random password logged once. */
export async function ensureFirstOperator(
  db: Queryable,
  config: Config,
  clock: Clock,
  log: FastifyBaseLogger,
): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM operators');
  if ((rows[0]?.n ?? 0) > 0) return;
  const username = config.ADMIN_USERNAME ?? 'admin';
  const generated = config.ADMIN_PASSWORD ? undefined : randomBytes(12).toString('base64url');
  const password = config.ADMIN_PASSWORD ?? generated ?? '';
  await createOperator(db, { username, password, role: 'owner', now: clock.now() });
  if (generated) {
    // Printed exactly once, on the install that created it; set ADMIN_PASSWORD to choose your own.
    log.warn(`created operator "${username}" with password: ${generated}`);
    // In development the log is a stream of request lines; the one line a new owner needs must stand out.
    // Production keeps only the JSON line, for the log collector.
    if (config.NODE_ENV === 'development') process.stderr.write(ownerPasswordNotice(username, generated));
  } else {
    log.info({ username }, 'created the first operator from ADMIN_USERNAME');
  }
}

/** The first owner's generated password as a boxed notice for a developer's terminal. */
export function ownerPasswordNotice(username: string, password: string): string {
  const lines = [
    'The console owner was created. Sign in at /admin/ with:',
    `  username  ${username}`,
    `  password  ${password}`,
    'This password is shown once; set ADMIN_PASSWORD to choose your own.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const bar = '═'.repeat(width + 2);
  return ['', `╔${bar}╗`, ...lines.map((line) => `║ ${line.padEnd(width)} ║`), `╚${bar}╝`, '', ''].join('\n');
}

export async function createOperator(
  db: Queryable,
  spec: { username: string; password: string; role: Role; now: Date },
): Promise<number> {
  try {
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO operators (username, password_hash, role, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [spec.username, await hashPassword(spec.password), spec.role, spec.now],
    );
    return rows[0]?.id ?? 0;
  } catch (error) {
    if (pgCode(error) === '23505')
      throw new AppError('OPERATOR_NAME_TAKEN', 'An operator with this username already exists');
    throw error;
  }
}

interface OperatorDbRow {
  id: number;
  username: string;
  role: Role;
  disabled_at: Date | null;
  totp_enabled_at: Date | null;
  created_at: Date;
  last_seen_at: Date | null;
  active_sessions: number;
}

const selectOperators = `
  SELECT o.id, o.username, o.role, o.disabled_at, o.totp_enabled_at, o.created_at,
         (SELECT max(s.last_seen_at) FROM operator_sessions s WHERE s.operator_id = o.id) AS last_seen_at,
         (SELECT count(*)::int FROM operator_sessions s
           WHERE s.operator_id = o.id AND s.revoked_at IS NULL AND s.last_seen_at > $1) AS active_sessions
    FROM operators o`;

function toRow(r: OperatorDbRow): OperatorRow {
  return {
    id: r.id,
    username: r.username,
    role: r.role,
    disabled: r.disabled_at !== null,
    totp_enabled: r.totp_enabled_at !== null,
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at?.toISOString() ?? null,
    active_sessions: r.active_sessions,
  };
}

const liveSince = (clock: Clock) => new Date(clock.now().getTime() - OPERATOR_IDLE_MS);

export async function listOperators(db: Queryable, clock: Clock): Promise<OperatorRow[]> {
  const { rows } = await db.query<OperatorDbRow>(`${selectOperators} ORDER BY o.id`, [liveSince(clock)]);
  return rows.map(toRow);
}

export async function operatorById(db: Queryable, clock: Clock, id: number): Promise<OperatorRow> {
  const { rows } = await db.query<OperatorDbRow>(`${selectOperators} WHERE o.id = $2`, [
    liveSince(clock),
    id,
  ]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'Operator not found');
  return toRow(row);
}

export const lastOwnerMessage =
  'The last enabled owner cannot be disabled or lose the owner role: make another operator an owner first';

/**
 * Refuses a change that would leave no enabled owner. The enabled owners' rows are locked first, so two
 * concurrent demotions of the last two owners are decided one after the other: the second sees the first's
 * change and is refused.
 *
 * Operators' rows are locked FOR NO KEY UPDATE, never FOR UPDATE: the changes still exclude each other, and an
 * audit row or a session that names a locked operator (its foreign key's check, FOR KEY SHARE) does not wait.
 * FOR UPDATE made an owner's sign-in, whose audit row holds the audit chain's head while its key is checked,
 * deadlock with a role change writing its own audit row (accounts.test.ts).
 */
async function assertOtherOwnerRemains(tx: Queryable, operatorId: number): Promise<void> {
  const { rows } = await tx.query<{ id: number }>(
    `SELECT id FROM operators WHERE role = 'owner' AND disabled_at IS NULL ORDER BY id FOR NO KEY UPDATE`,
  );
  if (rows.some((r) => r.id === operatorId) && rows.length <= 1) {
    throw new AppError('LAST_OWNER', lastOwnerMessage);
  }
}

export interface Change {
  before: OperatorRow;
  after: OperatorRow;
}

async function lockOperator(tx: Queryable, clock: Clock, id: number): Promise<OperatorRow> {
  const { rowCount } = await tx.query('SELECT 1 FROM operators WHERE id = $1 FOR NO KEY UPDATE', [id]);
  if (rowCount === 0) throw new AppError('NOT_FOUND', 'Operator not found');
  return operatorById(tx, clock, id);
}

/** Disables an operator and ends every session of theirs. */
export async function disableOperator(
  tx: Queryable,
  clock: Clock,
  actorId: number,
  id: number,
): Promise<Change> {
  // The last owner hears the rule that protects the install, before the one about themselves.
  await assertOtherOwnerRemains(tx, id);
  if (id === actorId)
    throw new AppError('OWN_DISABLE', 'You cannot disable your own account; ask another owner');
  const before = await lockOperator(tx, clock, id);
  if (!before.disabled) {
    await tx.query('UPDATE operators SET disabled_at = $2 WHERE id = $1', [id, clock.now()]);
    await endOperatorSessions(tx, clock, id);
  }
  return { before, after: await operatorById(tx, clock, id) };
}

export async function enableOperator(tx: Queryable, clock: Clock, id: number): Promise<Change> {
  const before = await lockOperator(tx, clock, id);
  await tx.query('UPDATE operators SET disabled_at = NULL WHERE id = $1', [id]);
  return { before, after: await operatorById(tx, clock, id) };
}

export async function changeRole(
  tx: Queryable,
  clock: Clock,
  actorId: number,
  id: number,
  role: Role,
): Promise<Change> {
  if (role !== 'owner') await assertOtherOwnerRemains(tx, id);
  if (id === actorId) throw new AppError('OWN_ROLE', 'You cannot change your own role; ask another owner');
  const before = await lockOperator(tx, clock, id);
  await tx.query('UPDATE operators SET role = $2 WHERE id = $1', [id, role]);
  return { before, after: await operatorById(tx, clock, id) };
}

/**
 * Sets a new password (hashed by the caller before the transaction, so no lock waits for Argon2) and ends
 * every session of theirs: a stolen session dies with the old password.
 */
export async function resetOperatorPassword(
  tx: Queryable,
  clock: Clock,
  id: number,
  passwordHash: string,
): Promise<Change> {
  const before = await lockOperator(tx, clock, id);
  await tx.query('UPDATE operators SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  await endOperatorSessions(tx, clock, id);
  return { before, after: await operatorById(tx, clock, id) };
}

/** Turns another operator's two-factor off (a lost phone) and ends their sessions. */
export async function resetOperatorTotp(
  tx: Queryable,
  clock: Clock,
  actorId: number,
  id: number,
): Promise<Change> {
  if (id === actorId) {
    throw new AppError('OWN_TOTP_RESET', 'You cannot reset your own two-factor; ask another owner');
  }
  const before = await lockOperator(tx, clock, id);
  await tx.query(
    'UPDATE operators SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1',
    [id],
  );
  await dropRecoveryCodes(tx, id);
  await endOperatorSessions(tx, clock, id);
  return { before, after: await operatorById(tx, clock, id) };
}
