/**
 * The audit screen: a page of rows (or every matching row as CSV), the action names for the filter, the chain's
 * check and its checkpoints. The export and the checkpoint are audited by their services (decision 045).
 */
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { verifyAuditChain } from './chain.ts';
import { checkpointStatus } from './checkpoint-status.ts';
import { CheckpointRefused } from './checkpoints.ts';
import { auditActions, auditPage, exportAudit } from './queries.ts';

export function auditRoutes(app: FastifyInstance): void {
  const { db, clock, config, checkpoints } = app.deps;
  const timeZone = config.MARKET_TIME_ZONE;

  route(app, endpoints.auditList, async ({ query, operator, request }) => {
    const { page, page_size: pageSize, format, ...filters } = query;
    if (format === 'json') {
      const { rows, total } = await auditPage(db, filters, { page, pageSize }, timeZone);
      return { status: true, rows, page, page_size: pageSize, total };
    }
    return exportAudit(db, { operator, request }, filters, timeZone, clock.now());
  });

  route(app, endpoints.auditActions, async () => ({ status: true, actions: await auditActions(db) }));

  route(app, endpoints.auditVerify, async () => {
    const report = await verifyAuditChain(db);
    return { status: true, ...report, checked_at: clock.now().toISOString() };
  });

  route(app, endpoints.auditCheckpoint, async () => checkpointStatus(db, checkpoints, clock.now()));

  route(app, endpoints.auditCheckpointSign, async ({ operator, request }) => {
    try {
      await checkpoints.takeAsked({ operator, request });
    } catch (error) {
      if (error instanceof CheckpointRefused) throw new AppError('CHECKPOINT_REFUSED', error.message);
      throw error;
    }
    return checkpointStatus(db, checkpoints, clock.now());
  });
}
