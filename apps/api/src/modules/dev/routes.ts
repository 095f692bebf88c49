import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';

/** The development SMS outbox; registered only while the outbox provider is active (never in production). */
export function devRoutes(app: FastifyInstance): void {
  const { db, sms } = app.deps;
  if (sms.name !== 'outbox') return;

  route(app, endpoints.devOutbox, async ({ query }) => {
    const { rows } = await db.query<{ mobile: string; body: string; created_at: Date }>(
      'SELECT mobile, body, created_at FROM sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 50',
      [query.mobile],
    );
    return {
      messages: rows.map((r) => ({ mobile: r.mobile, body: r.body, created_at: r.created_at.toISOString() })),
    };
  });
}
