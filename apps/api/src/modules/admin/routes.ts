/**
 * The operator routes not yet on the endpoint catalogue: JSON, an operator session (operators/sessions.ts),
 * a permission per route, and an audit row for every action. Player sessions are refused with 403.
 */
import { formatPaise } from '@gama/core/rules/money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { decideDeposit } from '../funds/deposits.ts';
import { decideWithdrawal } from '../funds/withdrawals.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { openApiDocument } from './openapi.ts';
import type { Operator } from '../operators/sessions.ts';
import type { Permission } from '@gama/core/operators/permissions';
import { can, forbiddenMessage } from '@gama/core/operators/permissions';
import { audit } from '../audit/writer.ts';
import { operatorFromRequest } from '../operators/sessions.ts';
import { adjustWallet, listPlayers } from './players.ts';
import { seedMarket } from '../../seed/markets.ts';
import type { Weekday } from '@gama/core/rules/dates';
import { pgCode } from '../../db/database.ts';
import { announcePlayerChange } from '../auth/sessions.ts';
import {
  adjustBody,
  bettingStatusBody,
  createMarketBody,
  idParam,
  playersQuery,
  statusQuery,
  withdrawApproveBody,
} from './schemas.ts';

export function adminRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock } = deps;

  async function operator(request: FastifyRequest, permission?: Permission): Promise<Operator> {
    const op = await operatorFromRequest(db, clock, request);
    if (permission !== undefined && !can(op.role, permission))
      throw new AppError('FORBIDDEN', forbiddenMessage(permission));
    return op;
  }

  const record = (
    op: Operator | null,
    request: FastifyRequest,
    action: string,
    target?: { type: string; id: number },
    detail?: Record<string, unknown>,
  ) =>
    audit(db, {
      operatorId: op?.id ?? null,
      action,
      request,
      at: clock.now(),
      ...(target ? { targetType: target.type, targetId: target.id } : {}),
      ...(detail ? { detail } : {}),
    });

  app.get('/admin-api/openapi.json', async () => openApiDocument());

  app.get('/admin-api/players', async (request) => {
    await operator(request, 'players.read');
    const q = playersQuery.parse(request.query);
    return { status: true, players: await listPlayers(db, q.mobile, q.limit) };
  });

  app.post('/admin-api/players/:id/adjust', async (request) => {
    const op = await operator(request, 'wallet.adjust');
    const { id } = idParam.parse(request.params);
    const body = adjustBody.parse(request.body);
    const key = idempotencyKeyFrom(request, (request.body ?? {}) as Record<string, unknown>);
    const result = await adjustWallet(deps, op.id, id, body, key);
    await record(
      op,
      request,
      'wallet_adjust',
      { type: 'player', id },
      { points: body.points, reason: body.reason, journal_id: result.journal_id },
    );
    return result;
  });

  app.post('/admin-api/players/:id/betting-status', async (request) => {
    const op = await operator(request, 'players.betting');
    const { id } = idParam.parse(request.params);
    const body = bettingStatusBody.parse(request.body);
    const rows = await db.transaction(async (tx) => {
      const updated = await tx.query<{ before: string }>(
        `UPDATE players p SET betting_status = $2 FROM players old WHERE p.id = $1 AND old.id = p.id RETURNING old.betting_status AS before`,
        [id, body.betting_status],
      );
      if (updated.rows[0]) await announcePlayerChange(tx, id);
      return updated.rows;
    });
    if (!rows[0]) throw new AppError('NOT_FOUND', 'Player not found');
    // Sessions carry the flag: committed, so this process forgets them now (the others heard the NOTIFY).
    deps.sessions.forgetPlayer(id);
    await record(
      op,
      request,
      'betting_status',
      { type: 'player', id },
      { before: rows[0].before, after: body.betting_status },
    );
    return { status: true, betting_status: body.betting_status };
  });

  app.get('/admin-api/deposits', async (request) => {
    await operator(request, 'deposits.read');
    const q = statusQuery.parse(request.query);
    const { rows } = await db.query<{
      id: number;
      player_id: number;
      user_name: string;
      mobile: string;
      amount: number;
      status: string;
      created_at: Date;
      decided_at: Date | null;
    }>(
      `SELECT r.id, r.player_id, p.user_name, p.mobile, r.amount, r.status, r.created_at, r.decided_at
         FROM deposit_requests r JOIN players p ON p.id = r.player_id
        WHERE $1 = 'all' OR r.status = $1 ORDER BY r.id DESC LIMIT $2`,
      [q.status, q.limit],
    );
    return { status: true, deposits: rows.map((r) => ({ ...r, amount: formatPaise(r.amount) })) };
  });

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/admin-api/deposits/:id/${decision}`, async (request) => {
      const op = await operator(request, 'deposits.decide');
      const { id } = idParam.parse(request.params);
      const result = await decideDeposit(deps, op.id, id, decision === 'approve' ? 'approved' : 'rejected');
      await record(
        op,
        request,
        `deposit_${decision}`,
        { type: 'deposit_request', id },
        { amount: result.amount, player_id: result.player_id },
      );
      return { status: true, ...result };
    });
  }

  const withdrawStatus = { pending: '0', rejected: '1', approved: '2' } as const;
  app.get('/admin-api/withdrawals', async (request) => {
    await operator(request, 'withdrawals.read');
    const q = statusQuery.parse(request.query);
    const { rows } = await db.query<{
      id: number;
      player_id: number;
      user_name: string;
      mobile: string;
      amount: number;
      status: string;
      payment_method: string;
      payout_number: string;
      receipt_url: string | null;
      created_at: Date;
      decided_at: Date | null;
    }>(
      `SELECT r.id, r.player_id, p.user_name, p.mobile, r.amount, r.status, r.payment_method, r.payout_number,
              r.receipt_url, r.created_at, r.decided_at
         FROM withdraw_requests r JOIN players p ON p.id = r.player_id
        WHERE $1::text IS NULL OR r.status = $1 ORDER BY r.id DESC LIMIT $2`,
      [q.status === 'all' ? null : withdrawStatus[q.status], q.limit],
    );
    return { status: true, withdrawals: rows.map((r) => ({ ...r, amount: formatPaise(r.amount) })) };
  });

  app.post('/admin-api/withdrawals/:id/approve', async (request) => {
    const op = await operator(request, 'withdrawals.decide');
    const { id } = idParam.parse(request.params);
    const body = withdrawApproveBody.parse(request.body ?? {});
    const result = await decideWithdrawal(deps, op.id, id, 'approved', body.receipt_url);
    await record(
      op,
      request,
      'withdraw_approve',
      { type: 'withdraw_request', id },
      { amount: result.amount, receipt_url: body.receipt_url ?? null },
    );
    return { status: true, ...result };
  });

  app.post('/admin-api/withdrawals/:id/reject', async (request) => {
    const op = await operator(request, 'withdrawals.decide');
    const { id } = idParam.parse(request.params);
    const result = await decideWithdrawal(deps, op.id, id, 'rejected');
    await record(op, request, 'withdraw_reject', { type: 'withdraw_request', id }, { amount: result.amount });
    return { status: true, ...result };
  });

  app.post('/admin-api/markets', async (request) => {
    const op = await operator(request, 'markets.manage');
    const body = createMarketBody.parse(request.body);
    let id: number;
    try {
      id = await seedMarket(db, {
        group: body.group,
        name: body.name,
        open: body.open_time,
        close: body.close_time ?? body.open_time,
        daysOff: body.days_off as Weekday[],
        active: body.active,
        timeZone: deps.config.MARKET_TIME_ZONE,
        now: clock.now(),
      });
    } catch (error) {
      if (pgCode(error) === '23505')
        throw new AppError('CONFLICT', 'A market with this name already exists in the group');
      throw error;
    }
    deps.markets.invalidate();
    await record(op, request, 'market_create', { type: 'market', id }, body);
    return { status: true, market_id: id };
  });

  app.get('/admin-api/markets', async (request) => {
    await operator(request, 'markets.read');
    const { rows } = await db.query(
      'SELECT id, grp, name, schedule, active, sort FROM markets ORDER BY grp, sort, id',
    );
    return { status: true, markets: rows };
  });
}
