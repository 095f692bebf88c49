import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';

const outboxQuery = z.object({ mobile: z.string().regex(/^\d{10}$/, { error: 'mobile must be 10 digits' }) });

/** The development SMS outbox; registered only while the outbox provider is active (never in production). */
export function devRoutes(app: FastifyInstance): void {
  const { db, sms } = app.deps;
  if (sms.name !== 'outbox') return;

  app.get('/api/dev/outbox', async (request) => {
    const parsed = outboxQuery.safeParse(request.query);
    if (!parsed.success)
      throw new AppError('VALIDATION', parsed.error.issues[0]?.message ?? 'mobile is required');
    const { rows } = await db.query<{ mobile: string; body: string; created_at: Date }>(
      'SELECT mobile, body, created_at FROM sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 50',
      [parsed.data.mobile],
    );
    return { messages: rows };
  });
}
