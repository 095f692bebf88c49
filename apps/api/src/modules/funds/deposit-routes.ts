import { formatPaiseDecimal } from '@gama/core/rules/money';
import { endpoints } from '@gama/core/endpoints';
import { depositMessages } from '@gama/core/endpoints/deposits/index';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { RawReply, route } from '../../http/route.ts';
import { pageOrCsv } from '../exports/csv-export.ts';
import { REQUEST_COLUMNS, requestCells } from './queue-csv.ts';
import { decideDeposit, decideDeposits, depositQueue, depositScreenshot } from './admin-deposits.ts';
import { type Screenshot, assertUtrWelcome, pendingDeposits, prepareScreenshot, submitUtr } from './utr.ts';

const DEPOSIT_COLUMNS = [
  ...REQUEST_COLUMNS,
  'status',
  'utr',
  'screenshot',
  'requested at',
  'decided at',
  'decided by',
  'reason',
  'approved before',
  'approved before (points)',
  'duplicate utr attempt',
  'unusual amount',
] as const;

/** Deposits with evidence: the player's UTR and screenshot, the operator's queue and decisions. */
export function depositRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db } = deps;
  const zone = deps.config.MARKET_TIME_ZONE;

  route(app, endpoints.fundRequestUtr, async ({ player, body }) => {
    let screenshot: Screenshot | undefined;
    if (body.screenshot !== undefined) {
      await assertUtrWelcome(db, player.id, body.request_id, body.utr);
      screenshot = await prepareScreenshot(body.screenshot);
    }
    return submitUtr(deps, player.id, { requestId: body.request_id, utr: body.utr, screenshot });
  });

  route(app, endpoints.pendingDeposits, async ({ player }) => ({
    status: true,
    requests: await pendingDeposits(db, player.id, zone),
  }));

  route(app, endpoints.adminDeposits, async ({ query, operator, request }) => {
    const list = await depositQueue(db, query, zone);
    return pageOrCsv(deps, { operator, request }, 'deposits', query, list, {
      columns: DEPOSIT_COLUMNS,
      row: (r) => ({
        ...requestCells(r),
        status: r.status,
        utr: r.utr,
        screenshot: r.has_screenshot ? 'yes' : 'no',
        'requested at': r.created_at,
        'decided at': r.decided_at,
        'decided by': r.decided_by?.username,
        reason: r.reason,
        'approved before': r.history.approved_count,
        'approved before (points)': formatPaiseDecimal(r.history.approved_paise),
        'duplicate utr attempt': r.flags.duplicate_utr_attempt ? 'yes' : 'no',
        'unusual amount': r.flags.unusual_amount ? 'yes' : 'no',
      }),
    });
  });

  route(app, endpoints.adminDepositScreenshot, async ({ params, reply }) => {
    const shot = await depositScreenshot(db, params.id);
    if (!shot) throw new AppError('NOT_FOUND', depositMessages.noScreenshot);
    // Shown inline by the console; nosniff (a security header on every answer) keeps it an image.
    return new RawReply(
      reply
        .type(shot.type)
        .header('content-disposition', `inline; filename="deposit-${params.id}"`)
        .send(shot.image),
    );
  });

  route(app, endpoints.adminDepositApprove, async ({ operator, request, params }) => ({
    status: true,
    deposit: await decideDeposit(deps, { operator, request }, params.id, 'approved'),
  }));

  route(app, endpoints.adminDepositReject, async ({ operator, request, params, body }) => ({
    status: true,
    deposit: await decideDeposit(deps, { operator, request }, params.id, 'rejected', body.reason),
  }));

  route(app, endpoints.adminDepositsBulk, async ({ operator, request, body }) => ({
    status: true,
    results: await decideDeposits(
      deps,
      { operator, request },
      body.ids,
      body.decision === 'approve' ? 'approved' : 'rejected',
      body.decision === 'reject' ? body.reason : undefined,
    ),
  }));
}
