/** Liveness for load balancers and the e2e runner: answers only while the database does. */
import { z } from 'zod';
import { endpoint } from '../define.ts';

export const healthAnswer = z.strictObject({ status: z.literal('ok') });

export const healthEndpoints = {
  health: endpoint({
    domain: 'health',
    method: 'GET',
    path: '/healthz',
    access: 'open',
    summary: 'The server is up and its database answers',
    response: healthAnswer,
    errors: ['UNAVAILABLE'],
  }),
};
