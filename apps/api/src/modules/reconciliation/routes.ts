/** Statement reconciliation for the deposit desk: upload, read, and approve the matched lines in one action. */
import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import { approveMatched, listStatements, readStatement, uploadStatement } from './service.ts';

export function reconciliationRoutes(app: FastifyInstance): void {
  const deps = app.deps;
  const { db } = deps;

  route(app, endpoints.statementUpload, async ({ body, operator, request }) =>
    uploadStatement(deps, { operator, request }, body),
  );

  route(app, endpoints.statements, async () => ({ status: true, statements: await listStatements(db) }));

  route(app, endpoints.statement, async ({ params }) => readStatement(db, params.id));

  route(app, endpoints.statementApprove, async ({ params, body, operator, request }) =>
    approveMatched(deps, { operator, request }, params.id, body.line_nos),
  );
}
