/**
 * The operator routes not yet on the endpoint catalogue: JSON, an operator session (operators/sessions.ts),
 * a permission per route, and an audit row for every action. Player sessions are refused with 403.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.ts';
import { openApiDocument } from './openapi.ts';
import type { Operator } from '../operators/sessions.ts';
import type { Permission } from '@gama/core/operators/permissions';
import { can, forbiddenMessage } from '@gama/core/operators/permissions';
import { audit } from '../audit/writer.ts';
import { operatorFromRequest } from '../operators/sessions.ts';
import { seedMarket } from '../../seed/markets.ts';
import type { Weekday } from '@gama/core/rules/dates';
import { pgCode } from '../../db/database.ts';
import { createMarketBody } from './schemas.ts';

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
