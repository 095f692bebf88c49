/**
 * Development and test only: the SMS outbox, so a developer or an e2e test can read the codes the server
 * "sent", and the e2e clock control, so a browser test can let time pass on the server.
 */
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

/** The longest single step of the e2e clock control: a week. */
export const CLOCK_ADVANCE_MAX_SECONDS = 7 * 24 * 60 * 60;

export const clockAdvanceBody = z.strictObject({
  seconds: z
    .number({ error: 'seconds must be a whole number' })
    .int({ error: 'seconds must be a whole number' })
    .min(1, { error: 'seconds must be at least 1' })
    .max(CLOCK_ADVANCE_MAX_SECONDS, { error: `seconds must be at most ${CLOCK_ADVANCE_MAX_SECONDS}` }),
});

export const clockAdvanceAnswer = z.strictObject({
  /** The server's clock after the step, ISO 8601. */
  server_time: z.string(),
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
  devClockAdvance: endpoint({
    domain: 'dev',
    method: 'POST',
    path: '/api/dev/clock/advance',
    access: 'open',
    // Registered only when the server starts with E2E_CLOCK_CONTROL=true, which production refuses: the
    // browser tests use it to let an operator session sit idle for 30 minutes in a second.
    devOnly: true,
    summary: "Moves the server's clock forward (e2e tests only)",
    body: clockAdvanceBody,
    response: clockAdvanceAnswer,
    errors: ['VALIDATION'],
  }),
};
