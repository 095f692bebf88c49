import { formatPaiseDecimal } from '@gama/core/rules/money';
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { pageOrCsv } from '../exports/csv-export.ts';
import { REQUEST_COLUMNS, requestCells } from './queue-csv.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { approveWithdrawal, rejectWithdrawal, withdrawalQueue } from './admin-withdrawals.ts';

const WITHDRAWAL_COLUMNS = [
  ...REQUEST_COLUMNS,
  'state',
  'payout app',
  'payout number',
  'wallet',
  'debt',
  'deposits 30d',
  'wins 30d',
  'withdrawals 30d',
  'stakes 30d',
  'transfers in 30d',
  'transfers out 30d',
  'first approval by',
  'payment reference',
  'reason',
  'risk hold',
  'requested at',
  'decided at',
  'decided by',
] as const;

/** The operator's withdrawal queue and decisions. */
export function withdrawalRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db, clock } = deps;
  const zone = deps.config.MARKET_TIME_ZONE;

  route(app, endpoints.adminWithdrawals, async ({ query, operator, request }) => {
    const list = await withdrawalQueue(db, query, zone, clock.now(), operator);
    return pageOrCsv(
      deps,
      { operator, request },
      'withdrawals',
      query,
      list,
      {
        columns: WITHDRAWAL_COLUMNS,
        row: (r) => ({
          ...requestCells(r),
          state: r.state,
          'payout app': r.payout_app,
          'payout number': r.payout_number,
          wallet: formatPaiseDecimal(r.balance.wallet_paise),
          debt: formatPaiseDecimal(r.balance.debt_paise),
          'deposits 30d': formatPaiseDecimal(r.recent.deposits_paise),
          'wins 30d': formatPaiseDecimal(r.recent.wins_paise),
          'withdrawals 30d': formatPaiseDecimal(r.recent.withdrawals_paise),
          'stakes 30d': formatPaiseDecimal(r.recent.stakes_paise),
          'transfers in 30d': formatPaiseDecimal(r.recent.transfers_in_paise),
          'transfers out 30d': formatPaiseDecimal(r.recent.transfers_out_paise),
          'first approval by': r.approved_by_1?.username,
          'payment reference': r.payment_reference,
          reason: r.reason,
          'risk hold': r.risk_hold
            ? `${r.risk_hold.cleared_at ? `cleared by ${r.risk_hold.cleared_by?.username ?? ''}: ` : ''}${r.risk_hold.reason}`
            : null,
          'requested at': r.created_at,
          'decided at': r.decided_at,
          'decided by': r.decided_by?.username,
        }),
      },
      { two_person_above_points: list.threshold },
    );
  });

  route(app, endpoints.adminWithdrawalApprove, async ({ operator, request, params, body, raw }) => ({
    status: true,
    withdrawal: await approveWithdrawal(
      deps,
      { operator, request },
      params.id,
      body,
      idempotencyKeyFrom(request, raw),
    ),
  }));

  route(app, endpoints.adminWithdrawalReject, async ({ operator, request, params, body }) => ({
    status: true,
    withdrawal: await rejectWithdrawal(deps, { operator, request }, params.id, body.reason),
  }));
}
