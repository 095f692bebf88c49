/** Development only: the SMS outbox, so a developer or an e2e test can read the codes the server "sent". */
import { z } from 'zod';
import { endpoint } from '../define.ts';

export const outboxQuery = z.object({
  mobile: z
    .string({ error: 'mobile must be 10 digits' })
    .regex(/^\d{10}$/, { error: 'mobile must be 10 digits' }),
});

export const outboxAnswer = z.strictObject({
  /** Newest first, at most 50. */
  messages: z.array(z.strictObject({ mobile: z.string(), body: z.string(), created_at: z.string() })),
});

export const devEndpoints = {
  devOutbox: endpoint({
    domain: 'dev',
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'open',
    // Registered only while the outbox SMS provider is active, which production refuses.
    devOnly: true,
    summary: 'The last SMS messages sent to a phone',
    query: outboxQuery,
    response: outboxAnswer,
    errors: ['VALIDATION'],
  }),
};
