/**
 * What support and cashiers do to a player: credit or debit the wallet, switch betting or transfers, block,
 * sign out everywhere, text a reset code. Each is audited with the state before and after, in the transaction
 * that makes the change.
 *
 * A flag change takes the player's account locks first: the lock every bid, withdrawal and transfer of the
 * player holds while it reads the flags (wallet/service.ts accountsForDebit). So a call in flight when support
 * switches betting off or blocks either committed before the switch, or waits for it and is refused.
 */
import { adjustmentLimitMessage, adjustmentLimitPoints } from '@gama/core/operators/permissions';
import { pointsToPaise } from '@gama/core/rules/money';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Operator } from '../operators/sessions.ts';
import { audit } from '../audit/writer.ts';
import { issueCode } from '../auth/otp.ts';
import { announcePlayerChange, revokeAllSessions } from '../auth/sessions.ts';
import { lockPlayersAccounts, systemAccount, walletAccountId, walletBalances } from '../ledger/accounts.ts';
import { repayDebts } from '../ledger/debt.ts';
import { once } from '../ledger/idempotency.ts';
import { postJournal } from '../ledger/post.ts';
import { playerMessages } from '@gama/core/endpoints/players/index';
import type { MoneyHold } from '@gama/core/endpoints/holds/index';
import { limitMessages } from '@gama/core/operators/limits';
import { checkAllowance, lockOperator, recordMove } from '../limits/operator-limits.ts';
import { holdCredit } from '../limits/holds.ts';

export interface Flags {
  betting_status: '0' | '1';
  transfer_allowed: boolean;
  blocked: boolean;
}

export interface FlagsAnswer extends Flags {
  status: true;
  player_id: number;
  changed: boolean;
}

export type Auditor = { operator: Operator; request: FastifyRequest };

function record(
  tx: Queryable,
  who: Auditor,
  at: Date,
  action: string,
  playerId: number,
  change: { before?: unknown; after?: unknown; detail?: Record<string, unknown> },
): Promise<void> {
  return audit(tx, {
    operatorId: who.operator.id,
    action,
    targetType: 'player',
    targetId: playerId,
    ...change,
    request: who.request,
    at,
  });
}

/** What a correction of a wallet answers: the credit made, or the credit held for a second operator. */
export type AdjustAnswer =
  | { status: true; journal_id: number; wallet_paise: number; debt_paise: number }
  | { status: true; held: MoneyHold; msg: string };

/**
 * Posts a correction of the wallet as one journal against the adjustments account, under the player's locks,
 * and audits it. `actorId` is the operator whose action posts it (the checker of a held credit).
 */
export async function postAdjustment(
  tx: Queryable,
  who: Auditor,
  playerId: number,
  input: { points: number; reason: string },
  now: Date,
  detail: Record<string, unknown> = {},
): Promise<{ journalId: number; wallet_paise: number; debt_paise: number }> {
  await lockPlayersAccounts(tx, [playerId]);
  const before = await walletBalances(tx, playerId);
  const walletId = await walletAccountId(tx, playerId);
  const amount = Math.sign(input.points) * pointsToPaise(Math.abs(input.points));
  const journalId = await postJournal(
    tx,
    {
      kind: 'adjustment',
      actor: `operator:${who.operator.id}`,
      refType: 'player',
      refId: playerId,
      note: input.reason,
      at: now,
    },
    [
      { account: walletId, amount },
      { account: systemAccount('adjustments'), amount: -amount },
    ],
    () => new AppError('ADJUSTMENT_OVER_BALANCE', 'The wallet does not hold that many points'),
  );
  if (amount > 0) await repayDebts(tx, [playerId], now);
  const after = await walletBalances(tx, playerId);
  await record(tx, who, now, 'wallet_adjust', playerId, {
    before: { wallet_paise: before.balance, debt_paise: before.debt },
    after: { wallet_paise: after.balance, debt_paise: after.debt },
    detail: { points: input.points, reason: input.reason, journal_id: journalId, ...detail },
  });
  return { journalId, wallet_paise: after.balance, debt_paise: after.debt };
}

/**
 * An operator's correction of a wallet, with a reason. A credit past the operator's 24-hour allowance moves
 * nothing: it is held (money-holds.ts) until a second operator approves it.
 */
export async function adjustWallet(
  deps: Deps,
  who: Auditor,
  playerId: number,
  input: { points: number; reason: string },
  key: string | undefined,
): Promise<AdjustAnswer> {
  const { db, clock } = deps;
  const { operator } = who;
  return db.transaction((tx) =>
    once<AdjustAnswer>(
      tx,
      { scope: `operator:${operator.id}`, key, endpoint: `adjust:${playerId}`, body: input, at: clock.now() },
      async () => {
        const limit = adjustmentLimitPoints[operator.role];
        if (limit !== null && Math.abs(input.points) > limit) {
          throw new AppError('ADJUSTMENT_PAST_LIMIT', adjustmentLimitMessage(operator.role, limit));
        }
        const { rows: found } = await tx.query('SELECT 1 FROM players WHERE id = $1', [playerId]);
        if (found.length === 0) throw new AppError('NOT_FOUND', playerMessages.notFound);
        const now = clock.now();
        if (input.points > 0) {
          await lockOperator(tx, operator.id);
          const amount = pointsToPaise(input.points);
          const allowance = await checkAllowance(tx, operator, 'credit', amount, now);
          if (!allowance.fits && allowance.allowancePoints !== null) {
            const held = await holdCredit(tx, who, playerId, input, allowance, now);
            return {
              response: {
                status: true as const,
                held,
                msg: limitMessages.creditHeld(allowance.allowancePoints, allowance.usedPaise),
              },
              journalId: null,
            };
          }
          // Recorded before the journal: the id of the move is not needed, its place in the window is.
          await recordMove(tx, {
            operatorId: operator.id,
            kind: 'credit',
            playerId,
            amountPaise: amount,
            solo: true,
            refType: 'player',
            refId: playerId,
            at: now,
          });
        }
        const posted = await postAdjustment(tx, who, playerId, input, now);
        return {
          response: {
            status: true as const,
            journal_id: posted.journalId,
            wallet_paise: posted.wallet_paise,
            debt_paise: posted.debt_paise,
          },
          journalId: posted.journalId,
        };
      },
    ),
  );
}

export type FlagChange =
  | { kind: 'betting'; betting_status: '0' | '1' }
  | { kind: 'transfer'; transfer_allowed: boolean }
  | { kind: 'block'; reason: string }
  | { kind: 'unblock' };

const ACTIONS = {
  betting: 'player_betting',
  transfer: 'player_transfer',
  block: 'player_block',
  unblock: 'player_unblock',
} as const;

interface FlagRow extends Flags {
  blocked_reason: string | null;
}

async function readFlags(tx: Queryable, playerId: number): Promise<FlagRow | undefined> {
  const { rows } = await tx.query<FlagRow>(
    `SELECT betting_status, transfer_allowed, blocked_at IS NOT NULL AS blocked, blocked_reason
       FROM players WHERE id = $1`,
    [playerId],
  );
  return rows[0];
}

/**
 * Sets one flag. Setting a flag to the value it has changes and audits nothing (a retry, two operators at once).
 * Blocking also ends every session of the player, in this process and (by the NOTIFY at commit) in the others.
 */
export async function changeFlags(
  deps: Deps,
  who: Auditor,
  playerId: number,
  change: FlagChange,
): Promise<FlagsAnswer & { sessions_ended: number }> {
  const { db, clock } = deps;
  const result = await db.transaction(async (tx) => {
    await lockPlayersAccounts(tx, [playerId]);
    const before = await readFlags(tx, playerId);
    if (!before) throw new AppError('NOT_FOUND', playerMessages.notFound);
    const now = clock.now();
    // Whether the change changes anything, and the columns it sets ($2 on are its values).
    let changed: boolean;
    let set: [string, unknown[]];
    switch (change.kind) {
      case 'betting':
        changed = before.betting_status !== change.betting_status;
        set = ['betting_status = $2', [change.betting_status]];
        break;
      case 'transfer':
        changed = before.transfer_allowed !== change.transfer_allowed;
        set = ['transfer_allowed = $2', [change.transfer_allowed]];
        break;
      case 'block':
        changed = !before.blocked;
        set = ['blocked_at = $2, blocked_reason = $3', [now, change.reason]];
        break;
      case 'unblock':
        changed = before.blocked;
        set = ['blocked_at = NULL, blocked_reason = NULL', []];
        break;
    }
    if (changed) await tx.query(`UPDATE players SET ${set[0]} WHERE id = $1`, [playerId, ...set[1]]);
    let sessionsEnded = 0;
    if (changed) {
      // Sessions carry the betting flag; a block ends them (and tells the other processes either way).
      if (change.kind === 'block') sessionsEnded = await revokeAllSessions(tx, clock, playerId);
      await announcePlayerChange(tx, playerId);
    }
    const after = await readFlags(tx, playerId);
    if (!after) throw new Error('player vanished inside its own transaction');
    if (changed) {
      await record(tx, who, now, ACTIONS[change.kind], playerId, {
        before: flagsOf(before),
        after: flagsOf(after),
        ...(change.kind === 'block'
          ? { detail: { reason: change.reason, sessions_ended: sessionsEnded } }
          : {}),
      });
    }
    return { flags: flagsOf(after), changed, sessionsEnded };
  });
  // Committed: this process forgets the player's sessions now (the others heard the NOTIFY).
  if (result.changed) deps.sessions.forgetPlayer(playerId);
  return {
    status: true,
    player_id: playerId,
    ...result.flags,
    changed: result.changed,
    sessions_ended: result.sessionsEnded,
  };
}

function flagsOf(row: FlagRow): Flags {
  return { betting_status: row.betting_status, transfer_allowed: row.transfer_allowed, blocked: row.blocked };
}

/** Ends every session of the player, in every server process. */
export async function signOutEverywhere(deps: Deps, who: Auditor, playerId: number): Promise<number> {
  const { db, clock } = deps;
  const ended = await db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM players WHERE id = $1', [playerId]);
    if (rows.length === 0) throw new AppError('NOT_FOUND', playerMessages.notFound);
    const n = await revokeAllSessions(tx, clock, playerId);
    await record(tx, who, clock.now(), 'player_sign_out', playerId, {
      before: { live_sessions: n },
      after: { live_sessions: 0 },
    });
    return n;
  });
  deps.sessions.forgetPlayer(playerId);
  return ended;
}

/**
 * Texts the player a password-reset code through the SMS provider, with the same caps as the app's Forgot
 * Password (per phone), counted per operator where the app counts per address.
 */
export async function sendResetCode(deps: Deps, who: Auditor, playerId: number): Promise<string> {
  const { db, clock } = deps;
  const { rows } = await db.query<{ mobile: string }>('SELECT mobile FROM players WHERE id = $1', [playerId]);
  const mobile = rows[0]?.mobile;
  if (mobile === undefined) throw new AppError('NOT_FOUND', playerMessages.notFound);
  await issueCode(deps, { mobile, purpose: 'reset' }, `operator:${who.operator.id}`);
  await record(db, who, clock.now(), 'player_reset_code', playerId, { detail: { mobile } });
  return mobile;
}
