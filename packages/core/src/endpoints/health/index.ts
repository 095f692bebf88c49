/**
 * Liveness for load balancers and the e2e runner: answers only while the database does; and the process's
 * metrics for Prometheus.
 */
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
  metrics: endpoint({
    domain: 'health',
    method: 'GET',
    path: '/metrics',
    // The token is checked by the handler: not a player's nor an operator's session, but METRICS_TOKEN.
    access: 'open',
    summary:
      "This process's Prometheus metrics (text exposition format), for a Bearer METRICS_TOKEN; 404 while none is set",
    response: z.string(),
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
    produces: 'text/plain',
    internal: true,
  }),
};
