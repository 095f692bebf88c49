/** OpenAPI 3.0 description of the operator API, generated from the zod schemas the routes validate with. */
import { allEndpoints } from '@gama/core/endpoints';
import type { AnyEndpoint } from '@gama/core/endpoints/define';
import { pathParams } from '@gama/core/endpoints/define';
import { z } from 'zod';
import type { ZodType } from 'zod';
import { createMarketBody } from './schemas.ts';

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
const secured = [{ cookie: [] }, { bearer: [] }];
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
    components: {
      securitySchemes: {
        cookie: { type: 'apiKey', in: 'cookie', name: 'gama_op' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths: {
      ...cataloguePaths(),
      '/admin-api/markets': {
        get: { summary: 'All markets of the three groups', security: secured, responses },
        post: {
          summary: 'Create a market with its daily times',
          security: secured,
          requestBody: json(createMarketBody),
          responses,
        },
      },
    },
  };
}

/** The operator routes of the endpoint catalogue, each from its entry: parameters, body and answer. */
function cataloguePaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of allEndpoints.filter((x) => x.path.startsWith('/admin-api/') && x.devOnly !== true)) {
    const path = e.path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation(e) };
  }
  return paths;
}

function operation(e: AnyEndpoint): Record<string, unknown> {
  const parameters = [
    ...pathParams(e.path).map((name) => ({ ...idPath, name })),
    ...(e.query instanceof z.ZodObject ? queryParams(e.query) : []),
    ...(e.idempotent === true ? [idempotencyHeader] : []),
  ];
  // A page answers only HTML; a CSV entry answers JSON, and CSV with format=csv.
  const content: Record<string, unknown> =
    e.produces === 'text/html'
      ? {}
      : {
          'application/json': {
            schema: z.toJSONSchema(e.response, {
              target: 'openapi-3.0',
              io: 'output',
              unrepresentable: 'any',
            }),
          },
        };
  if (e.produces !== undefined) content[e.produces] = { schema: { type: 'string' } };
  const success = { description: 'Success', content };
  return {
    summary: e.summary,
    tags: [e.domain],
    ...(e.access === 'operator' ? { security: secured } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(e.body !== undefined ? { requestBody: json(e.body) } : {}),
    responses: { ...responses, '200': success },
  };
}
