/** The audit screen's reads: a page of rows, the same rows as CSV, and the action names for the filter. */
import { AUDIT_EXPORT_MAX_ROWS } from '@gama/core/endpoints/audit/index';
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { RawReply, route } from '../../http/route.ts';
import { auditActions, auditCsv, auditPage, auditRows } from './queries.ts';

export function auditRoutes(app: FastifyInstance): void {
  const { db, clock, config } = app.deps;
  const timeZone = config.MARKET_TIME_ZONE;

  route(app, endpoints.auditList, async ({ query }) => {
    const { page, page_size: pageSize, ...filters } = query;
    const { rows, total } = await auditPage(db, filters, { page, pageSize }, timeZone);
    return { status: true, rows, page, page_size: pageSize, total };
  });

  route(app, endpoints.auditExport, async ({ query, reply }) => {
    const rows = await auditRows(db, query, AUDIT_EXPORT_MAX_ROWS, timeZone);
    const stamp = clock.now().toISOString().slice(0, 10);
    return new RawReply(
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
        .send(auditCsv(rows)),
    );
  });

  route(app, endpoints.auditActions, async () => ({ status: true, actions: await auditActions(db) }));
}
