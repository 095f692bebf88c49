import { endpoints } from '@gama/core/endpoints';
import type { FastifyInstance } from 'fastify';
import { isAdjustable } from '../../clock.ts';
import { route } from '../../http/route.ts';

/**
 * The development SMS outbox, registered only while the outbox provider is active, and the e2e clock control,
 * registered only with E2E_CLOCK_CONTROL=true; production refuses both.
 */
export function devRoutes(app: FastifyInstance): void {
  const { db, sms, clock, config } = app.deps;

  if (config.E2E_CLOCK_CONTROL && config.NODE_ENV !== 'production') {
    if (!isAdjustable(clock)) throw new Error('E2E_CLOCK_CONTROL needs a clock that can be moved');
    route(app, endpoints.devClockAdvance, async ({ body }) => {
      clock.advance(body.seconds * 1000);
      return { server_time: clock.now().toISOString() };
    });
  }

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
