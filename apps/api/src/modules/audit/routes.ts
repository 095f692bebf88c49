/** The audit screen's reads: a page of rows (or every matching row as CSV) and the action names for the filter. */
import { AUDIT_EXPORT_MAX_ROWS } from '@gama/core/endpoints/audit/index';
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { CsvReply, route } from '../../http/route.ts';
import { toCsv } from '../../lib/csv.ts';
import { verifyAuditChain } from './chain.ts';
import { checkpointStatus } from './checkpoint-status.ts';
import { CheckpointRefused } from './checkpoints.ts';
import { auditActions, auditCsvColumns, auditCsvRows, auditPage, auditRows } from './queries.ts';
import { audit } from './writer.ts';

export function auditRoutes(app: FastifyInstance): void {
  const { db, clock, config, checkpoints } = app.deps;
  const timeZone = config.MARKET_TIME_ZONE;

  route(app, endpoints.auditList, async ({ query, operator, request }) => {
    const { page, page_size: pageSize, format, ...filters } = query;
    if (format === 'json') {
      const { rows, total } = await auditPage(db, filters, { page, pageSize }, timeZone);
      return { status: true, rows, page, page_size: pageSize, total };
    }
    // One row past the cap tells an export that is too large from one that just fits.
    const rows = await auditRows(db, filters, AUDIT_EXPORT_MAX_ROWS + 1, timeZone);
    if (rows.length > AUDIT_EXPORT_MAX_ROWS) {
      throw new AppError(
        'AUDIT_EXPORT_TOO_LARGE',
        `More than ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows match: narrow the filters (dates, operator, action) to export`,
      );
    }
    // The log holds addresses and players' ids: who took a copy is itself worth a row.
    await audit(db, {
      operatorId: operator.id,
      action: 'audit_export',
      detail: { ...filters, rows: rows.length },
      request,
      at: clock.now(),
    });
    return new CsvReply(
      `gama-audit-${clock.now().toISOString().slice(0, 10)}.csv`,
      toCsv(auditCsvColumns, auditCsvRows(rows)),
    );
  });

  route(app, endpoints.auditActions, async () => ({ status: true, actions: await auditActions(db) }));

  route(app, endpoints.auditVerify, async () => {
    const report = await verifyAuditChain(db);
    return { status: true, ...report, checked_at: clock.now().toISOString() };
  });

  route(app, endpoints.auditCheckpoint, async () => checkpointStatus(db, checkpoints, clock.now()));

  route(app, endpoints.auditCheckpointSign, async ({ operator, request }) => {
    // Written first, so the checkpoint covers the row that asked for it.
    await audit(db, { operatorId: operator.id, action: 'audit_checkpoint', request, at: clock.now() });
    try {
      await checkpoints.take(true);
    } catch (error) {
      if (error instanceof CheckpointRefused) throw new AppError('CHECKPOINT_REFUSED', error.message);
      throw error;
    }
    return checkpointStatus(db, checkpoints, clock.now());
  });
}
