/** OpenAPI 3.0 description of the operator API, generated from the zod schemas the routes validate with. */
import { z } from 'zod';
import type { ZodType } from 'zod';
import { declareBody, exposureQuery, resultsQuery, revertBody } from '../results/schemas.ts';
import {
  adjustBody,
  adminLogin,
  bettingStatusBody,
  createMarketBody,
  playersQuery,
  statusQuery,
  withdrawApproveBody,
} from './schemas.ts';

function schema(type: ZodType): Record<string, unknown> {
  return z.toJSONSchema(type, { target: 'openapi-3.0', io: 'input' }) as Record<string, unknown>;
}

function queryParams(type: z.ZodObject): Array<Record<string, unknown>> {
  const json = schema(type) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}

const idPath = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const errorResponse = {
  description: 'Failure: `{status:false, code, msg}`',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['status', 'code', 'msg'],
        properties: {
          status: { type: 'boolean', enum: [false] },
          code: { type: 'string' },
          msg: { type: 'string' },
        },
      },
    },
  },
};
const ok = { description: 'Success', content: { 'application/json': { schema: { type: 'object' } } } };
const responses = {
  '200': ok,
  '400': errorResponse,
  '401': errorResponse,
  '403': errorResponse,
  '404': errorResponse,
  '409': errorResponse,
};
const json = (type: ZodType) => ({
  required: true,
  content: { 'application/json': { schema: schema(type) } },
});
const secured = [{ bearer: [] }];
const idempotencyHeader = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', pattern: '^[\\w:.-]{8,255}$' },
  description: 'A replay with the same key returns the first answer and moves nothing',
};

export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Gama operator API', version: '1' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths: {
      '/admin-api/login': {
        post: { summary: 'Operator login; returns a Bearer token', requestBody: json(adminLogin), responses },
      },
      '/admin-api/logout': { post: { summary: 'End this operator session', security: secured, responses } },
      '/admin-api/me': { get: { summary: 'The signed-in operator', security: secured, responses } },
      '/admin-api/players': {
        get: {
          summary: 'Players by mobile prefix',
          security: secured,
          parameters: queryParams(playersQuery),
          responses,
        },
      },
      '/admin-api/players/{id}/adjust': {
        post: {
          summary: 'Credit (positive) or debit (negative) a wallet with a reason',
          security: secured,
          parameters: [idPath, idempotencyHeader],
          requestBody: json(adjustBody),
          responses,
        },
      },
      '/admin-api/players/{id}/betting-status': {
        post: {
          summary: 'Turn betting on or off',
          security: secured,
          parameters: [idPath],
          requestBody: json(bettingStatusBody),
          responses,
        },
      },
      '/admin-api/deposits': {
        get: {
          summary: 'Deposit requests by status',
          security: secured,
          parameters: queryParams(statusQuery),
          responses,
        },
      },
      '/admin-api/deposits/{id}/approve': {
        post: {
          summary: 'Approve: exactly one credit, whatever the retries',
          security: secured,
          parameters: [idPath],
          responses,
        },
      },
      '/admin-api/deposits/{id}/reject': {
        post: { summary: 'Reject a pending deposit', security: secured, parameters: [idPath], responses },
      },
      '/admin-api/withdrawals': {
        get: {
          summary: 'Withdrawal requests by status',
          security: secured,
          parameters: queryParams(statusQuery),
          responses,
        },
      },
      '/admin-api/withdrawals/{id}/approve': {
        post: {
          summary: 'Pay out the hold once, with an optional receipt link',
          security: secured,
          parameters: [idPath],
          requestBody: { ...json(withdrawApproveBody), required: false },
          responses,
        },
      },
      '/admin-api/withdrawals/{id}/reject': {
        post: {
          summary: 'Return the hold to the wallet once',
          security: secured,
          parameters: [idPath],
          responses,
        },
      },
      '/admin-api/audit': { get: { summary: 'The latest audit rows', security: secured, responses } },
      '/admin-api/markets': {
        get: { summary: 'All markets of the three groups', security: secured, responses },
        post: {
          summary: 'Create a market with its daily times',
          security: secured,
          requestBody: json(createMarketBody),
          responses,
        },
      },
      '/admin-api/results/declare': {
        post: {
          summary: 'Declare a result half (main) or the result (Starline, Gali) and settle its bids once',
          security: secured,
          requestBody: json(declareBody),
          responses,
        },
      },
      '/admin-api/results/preview': {
        post: {
          summary: 'How many pending bids a candidate result would pay, and how much',
          security: secured,
          requestBody: json(declareBody),
          responses,
        },
      },
      '/admin-api/results/revert': {
        post: {
          summary: 'Revert the latest declaration (reverting the open reverts the close first)',
          security: secured,
          requestBody: json(revertBody),
          responses,
        },
      },
      '/admin-api/results': {
        get: {
          summary: 'Result revisions of a market, optionally for one date',
          security: secured,
          parameters: queryParams(resultsQuery),
          responses,
        },
      },
      '/admin-api/results/exposure': {
        get: {
          summary: 'What each number bet on would pay if it came',
          security: secured,
          parameters: queryParams(exposureQuery),
          responses,
        },
      },
    },
  };
}
