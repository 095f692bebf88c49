/** Notices to players, the console's side (decision 037): preview, send or propose, the list, and decisions. */
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { idempotencyKeyFrom } from '../ledger/idempotency.ts';
import { listNotices } from './records.ts';
import { approveNotice, rejectNotice } from './review.ts';
import { previewNotice, sendNotice } from './send.ts';

export function noticeRoutes(app: FastifyInstance): void {
  const deps = app.deps;

  route(app, endpoints.adminNoticePreview, ({ body }) => previewNotice(deps, body));
  route(app, endpoints.adminNoticeSend, ({ operator, request, body, raw }) =>
    sendNotice(deps, { operator, request }, body, idempotencyKeyFrom(request, raw)),
  );
  route(app, endpoints.adminNotices, async ({ query }) => ({
    status: true,
    notices: await listNotices(deps.db, query.state),
  }));
  route(app, endpoints.adminNoticeApprove, ({ operator, request, params }) =>
    approveNotice(deps, { operator, request }, params.id),
  );
  route(app, endpoints.adminNoticeReject, ({ operator, request, params, body }) =>
    rejectNotice(deps, { operator, request }, params.id, body.reason),
  );
}
