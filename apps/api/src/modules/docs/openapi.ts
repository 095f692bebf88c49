/**
 * The OpenAPI 3.1 documents, generated from the endpoint catalogue: one for the player contract (the legacy
 * `/api-*` routes and the player's documents), one for the operator API. Every operation comes from its entry:
 * path and method; parameters from `params` and `query`; the body from `body`, with the legacy envelope on
 * `/api-*` routes; the success answer from `response`; one failure per HTTP status, from the entry's `errors`
 * and what its access implies; and the security its access needs. Nothing is written per route, so an entry is
 * documented the moment it lands in the catalogue.
 */
import { legacyEnvelope } from '@gama/core/contract/accounts';
import type { ErrorCode } from '@gama/core/contract/errors';
import { errorCodes } from '@gama/core/contract/errors';
import { endpoints } from '@gama/core/endpoints';
import type { Access, AnyEndpoint } from '@gama/core/endpoints/define';
import { failureCodes, pathParams } from '@gama/core/endpoints/define';
import type { ZodType } from 'zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../ledger/idempotency.ts';
import { OPERATOR_COOKIE } from '../operators/sessions.ts';

export type Audience = 'player' | 'operator';

type JsonSchema = Record<string, unknown>;

// Type aliases, not interfaces: the route's answer type (a loose object) needs them indexable.
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
};

type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security: Array<Record<string, string[]>>;
};

const isLegacy = (access: Access) => access === 'public' || access === 'player' || access === 'betting';

/** Which document lists an entry: the operator routes and `/admin-api` documents go to the operators. */
export function audienceOf(entry: AnyEndpoint): Audience {
  if (entry.access === 'operator' || entry.access === 'operator-login') return 'operator';
  if (entry.access === 'open' && entry.path.startsWith('/admin-api/')) return 'operator';
  return 'player';
}

/** Whether a document lists an entry: not those registered only in development, nor the monitoring's. */
export function isDocumented(entry: AnyEndpoint): boolean {
  return entry.devOnly !== true && entry.internal !== true;
}

/** The entries a document lists, by catalogue name: its audience's documented ones. */
export function documentedEntries(audience: Audience): Array<[string, AnyEndpoint]> {
  return Object.entries(endpoints as Record<string, AnyEndpoint>).filter(
    ([, entry]) => isDocumented(entry) && audienceOf(entry) === audience,
  );
}

/** `/admin-api/players/:id` becomes `/admin-api/players/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

const texts: Record<Audience, { title: string; description: string }> = {
  player: {
    title: 'Gama player API',
    description: [
      'The contract the player app speaks. The `/api-*` routes are the legacy contract: every call is a JSON',
      '`POST` whose body carries the envelope (`app_key`, `env_type`, and `unique_token` for a client that sends',
      'neither the session cookie nor a Bearer header). A success answers `status: true`; every failure answers',
      '`{status: false, code, msg}` with the HTTP status of its code.',
    ].join(' '),
  },
  operator: {
    title: 'Gama operator API',
    description: [
      'The operator console API under `/admin-api`. Sign in first; each route needs the permission its operation',
      'names (`x-gama-permission`), and every action is audited. Money calls take an `Idempotency-Key` header: a',
      'replay answers the first answer and moves nothing. Every failure answers `{status: false, code, msg}`.',
    ].join(' '),
  },
};

/** The failure shape every error answer has; `request_id` comes with 5xx answers, to quote to support. */
const failure: JsonSchema = {
  type: 'object',
  required: ['status', 'code', 'msg'],
  properties: {
    status: { const: false },
    code: { type: 'string', enum: Object.keys(errorCodes) },
    msg: { type: 'string', description: 'For people: shown to the user as it is' },
    request_id: { type: 'string', description: 'The request id in the server log (5xx answers)' },
  },
  additionalProperties: false,
};

const securitySchemes: Record<Audience, Record<string, JsonSchema>> = {
  player: {
    playerSession: {
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
      description: 'The HttpOnly session cookie set by sign-in (the web app)',
    },
    playerBearer: {
      type: 'http',
      scheme: 'bearer',
      description:
        'The session token as a Bearer header; a client may send it as `unique_token` in the body instead',
    },
  },
  operator: {
    operatorSession: {
      type: 'apiKey',
      in: 'cookie',
      name: OPERATOR_COOKIE,
      description: 'The HttpOnly session cookie set by sign-in (the console)',
    },
    operatorBearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'The operator session token from sign-in, for API clients',
    },
  },
};

function securityOf(access: Access): Array<Record<string, string[]>> {
  if (access === 'player' || access === 'betting') return [{ playerSession: [] }, { playerBearer: [] }];
  if (access === 'operator') return [{ operatorSession: [] }, { operatorBearer: [] }];
  return [];
}

const accessTexts: Record<Access, string> = {
  public: 'Anyone with the app key.',
  player: 'A signed-in player.',
  betting: 'A signed-in player whose betting is on.',
  operator: 'An operator with the permission below.',
  'operator-login': 'Anyone: this is a sign-in step.',
  open: 'Anyone.',
};

function describe(entry: AnyEndpoint): string {
  const lines = [`**Who may call:** ${accessTexts[entry.access]}`];
  if (entry.permission) lines.push(`**Permission:** \`${entry.permission}\``);
  if (entry.idempotent) {
    lines.push(
      '**Idempotent:** send an `Idempotency-Key`; a replay with the same key answers the first answer and changes nothing.',
    );
  }
  // The route's own refusals, each a code of the one list (decision 045): a client decides by the code.
  const own = entry.errors.filter((code) => code !== 'VALIDATION');
  if (own.length > 0) {
    lines.push(`**Refusals:** ${own.map((code) => `\`${code}\` (${errorCodes[code]})`).join(', ')}`);
  }
  return lines.join('\n\n');
}

function failureResponses(entry: AnyEndpoint): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of failureCodes(entry)) {
    const status = errorCodes[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: codes.map((code) => `\`${code}\``).join(', '),
      content: {
        'application/json': {
          // Whole, not a $ref with a narrowed sibling: renderers show the codes of this status directly.
          schema: {
            ...failure,
            properties: { ...(failure.properties as JsonSchema), code: { type: 'string', enum: codes } },
          },
        },
      },
    };
  }
  responses['5XX'] = {
    description:
      '`UNAVAILABLE` (503, the database cannot be reached; try again after `Retry-After`) or `INTERNAL`',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
  };
  return responses;
}

/**
 * Converts zod schemas into JSON Schema 2020-12 (the dialect of OpenAPI 3.1). Definitions zod pulls out (a
 * schema registered with an id, or a recursive one) move to `components.schemas`, since a `#/$defs/...`
 * reference would point at the document's root once the schema is embedded.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: ZodType, io: 'input' | 'output', context: string): JsonSchema {
    const json = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      // A transform's output has no JSON Schema; it is documented as any value rather than failing the document.
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => {
        // Dates travel as ISO text in JSON answers.
        if (zodSchema._zod.def.type === 'date')
          Object.assign(jsonSchema, { type: 'string', format: 'date-time' });
        // zod bounds every integer by the safe-integer range. Every number the API takes or gives is one, and
        // the bound on each field only made the reference's examples read -9007199254740991.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    }) as JsonSchema;
    delete json.$schema;
    const defs = json.$defs as Record<string, JsonSchema> | undefined;
    delete json.$defs;
    if (defs === undefined) return json;
    const names = new Map<string, string>();
    for (const name of Object.keys(defs)) {
      // Recursive schemas get generated names (`__schema0`) that repeat between conversions.
      names.set(name, name.startsWith('__schema') ? `${context}${name}` : name);
    }
    const moved = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(moved);
      if (value === null || typeof value !== 'object') return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => {
          if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) {
            const name = inner.slice('#/$defs/'.length);
            return [key, `#/components/schemas/${names.get(name) ?? name}`];
          }
          return [key, moved(inner)];
        }),
      );
    };
    for (const [name, def] of Object.entries(defs)) {
      this.components[names.get(name) ?? name] = moved(def) as JsonSchema;
    }
    return moved(json) as JsonSchema;
  }

  /** The properties of an object schema (a query or the path parameters). */
  properties(
    schema: ZodType,
    context: string,
  ): { properties: Record<string, JsonSchema>; required: string[] } {
    const json = this.convert(schema, 'input', context);
    if (json.type !== 'object') throw new Error(`${context}: a query or params schema must be an object`);
    return {
      properties: (json.properties ?? {}) as Record<string, JsonSchema>,
      required: (json.required ?? []) as string[],
    };
  }
}

const envelopeTexts: Record<string, string> = {
  app_key: 'The app key (`APP_KEY`) that identifies the client app',
  env_type: 'What the client is (the old app sends "android"); not checked',
  unique_token: 'The session token, for a client that sends neither the session cookie nor a Bearer header',
  request_id: 'The legacy form of the `Idempotency-Key` header',
};

/** The envelope fields a legacy body carries besides its own: the app key always, the session token if personal. */
function envelopeOf(entry: AnyEndpoint, converter: SchemaConverter): JsonSchema {
  const { properties } = converter.properties(legacyEnvelope, 'Envelope');
  const fields: Record<string, JsonSchema> = {};
  for (const name of ['app_key', 'env_type', ...(entry.access === 'public' ? [] : ['unique_token'])]) {
    fields[name] = { ...properties[name], description: envelopeTexts[name] };
  }
  if (entry.idempotent) {
    fields.request_id = {
      type: 'string',
      pattern: IDEMPOTENCY_KEY_PATTERN.source,
      description: envelopeTexts.request_id,
    };
  }
  return { type: 'object', required: ['app_key'], properties: fields };
}

function requestBodyOf(entry: AnyEndpoint, name: string, converter: SchemaConverter): JsonSchema | undefined {
  const body = entry.body ? converter.convert(entry.body, 'input', `${name}Body`) : undefined;
  let schema: JsonSchema | undefined = body;
  // A legacy GET (the notification stream, which a browser's EventSource opens) has no body to carry one.
  if (isLegacy(entry.access) && entry.method !== 'GET') {
    const envelope = envelopeOf(entry, converter);
    if (body === undefined) {
      schema = envelope;
    } else if (body.type === 'object' && body.$ref === undefined) {
      // One object, so a strict body's `additionalProperties: false` still lets the envelope through.
      schema = {
        ...body,
        properties: { ...(envelope.properties as JsonSchema), ...((body.properties ?? {}) as JsonSchema) },
        required: [...new Set([...(envelope.required as string[]), ...((body.required ?? []) as string[])])],
      };
    } else {
      schema = { allOf: [envelope, body] };
    }
  }
  if (schema === undefined) return undefined;
  return { required: true, content: { 'application/json': { schema } } };
}

function parametersOf(entry: AnyEndpoint, name: string, converter: SchemaConverter): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  const params = entry.params ? converter.properties(entry.params, `${name}Params`) : undefined;
  for (const param of pathParams(entry.path)) {
    parameters.push({
      name: param,
      in: 'path',
      required: true,
      schema: params?.properties[param] ?? { type: 'string' },
    });
  }
  if (entry.query) {
    const query = converter.properties(entry.query, `${name}Query`);
    for (const [field, schema] of Object.entries(query.properties)) {
      parameters.push({ name: field, in: 'query', required: query.required.includes(field), schema });
    }
  }
  if (entry.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
      description: 'A key of your choosing per action; sending the same action again with it changes nothing',
    });
  }
  return parameters;
}

function successOf(entry: AnyEndpoint, name: string, converter: SchemaConverter): JsonSchema {
  const text = { schema: { type: 'string' } };
  if (entry.produces === 'text/html') return { description: 'The page', content: { 'text/html': text } };
  if (entry.produces === 'text/event-stream') {
    const event = converter.convert(entry.response, 'output', `${name}Event`);
    return {
      description: 'A stream of Server-Sent Events; the data of each event is this JSON',
      content: { 'text/event-stream': { schema: { type: 'string' }, 'x-gama-event-data': event } },
    };
  }
  const json = { schema: converter.convert(entry.response, 'output', `${name}Answer`) };
  if (entry.produces === 'text/csv') {
    return {
      description: 'Success; with `format=csv`, the same rows as a CSV file',
      content: { 'application/json': json, 'text/csv': text },
    };
  }
  return { description: 'Success', content: { 'application/json': json } };
}

function operationOf(name: string, entry: AnyEndpoint, converter: SchemaConverter): Operation {
  const parameters = parametersOf(entry, name, converter);
  const requestBody = requestBodyOf(entry, name, converter);
  return {
    operationId: name,
    summary: entry.summary,
    description: describe(entry),
    tags: [entry.domain],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { '200': successOf(entry, name, converter), ...failureResponses(entry) },
    security: securityOf(entry.access),
    ...(entry.permission ? { 'x-gama-permission': entry.permission } : {}),
  };
}

/** The OpenAPI 3.1 document of one audience, from the catalogue as it is. */
export function openApiDocument(audience: Audience): OpenApiDocument {
  const converter = new SchemaConverter();
  const paths: OpenApiDocument['paths'] = {};
  const domains = new Set<string>();
  for (const [name, entry] of documentedEntries(audience)) {
    const path = openApiPath(entry.path);
    paths[path] = { ...paths[path], [entry.method.toLowerCase()]: operationOf(name, entry, converter) };
    domains.add(entry.domain);
  }
  return {
    openapi: '3.1.1',
    info: { ...texts[audience], version: '1' },
    tags: [...domains].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Failure: failure, ...converter.components },
      securitySchemes: securitySchemes[audience],
    },
  };
}
