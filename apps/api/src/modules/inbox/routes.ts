import type { FastifyInstance } from 'fastify';
import { endpoints } from '@gama/core/endpoints';
import { route } from '../../http/route.ts';
import { inboxOf, markInboxRead } from './inbox.ts';

export function inboxRoutes(app: FastifyInstance): void {
  const { db, clock } = app.deps;

  route(app, endpoints.inbox, async ({ operator }) => ({
    status: true as const,
    ...(await inboxOf(db, operator.id)),
  }));

  route(app, endpoints.inboxRead, async ({ operator, body }) => ({
    status: true as const,
    marked: await markInboxRead(db, operator.id, body.ids, clock.now()),
  }));
}
