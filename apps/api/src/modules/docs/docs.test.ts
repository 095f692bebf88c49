/**
 * The OpenAPI documents and reference pages. The documents are checked with an OpenAPI validator, every schema
 * in them compiles as JSON Schema 2020-12, and each lists exactly the catalogue entries of its audience: the
 * test walks `allEndpoints`, so an entry added anywhere is covered here without a line changed.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { errorCodes } from '@gama/core/contract/errors';
import { allEndpoints, endpoints } from '@gama/core/endpoints';
import type { AnyEndpoint } from '@gama/core/endpoints/define';
import { pathParams } from '@gama/core/endpoints/define';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { APP_KEY, suiteApp } from '../../../test/helpers.ts';
import type { Audience, OpenApiDocument } from './openapi.ts';
import { audienceOf, openApiPath } from './openapi.ts';

type Json = Record<string, unknown>;

const docs = {} as Record<Audience, OpenApiDocument>;
const documentUrl: Record<Audience, string> = {
  player: endpoints.playerOpenApi.path,
  operator: endpoints.operatorOpenApi.path,
};

const t = suiteApp({}, async () => {
  for (const audience of ['player', 'operator'] as const) {
    const res = await t.app.inject({ method: 'GET', url: documentUrl[audience] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    docs[audience] = res.json<OpenApiDocument>();
  }
});

/** Neither the development-only entries nor the monitoring's (`internal`: the metrics) are documented. */
const listedIn = (entry: AnyEndpoint, audience: Audience) =>
  entry.devOnly !== true && entry.internal !== true && audienceOf(entry) === audience;
const entriesOf = (audience: Audience) => allEndpoints.filter((entry) => listedIn(entry, audience));

function operationOf(doc: OpenApiDocument, entry: AnyEndpoint): Json | undefined {
  return doc.paths[openApiPath(entry.path)]?.[entry.method.toLowerCase()] as Json | undefined;
}

/** A JSON Schema validator that knows the document's components under absolute ids. */
function schemaCompiler(doc: OpenApiDocument): (schema: Json) => ValidateFunction {
  const base = 'https://gama.test/components/';
  const absolute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(absolute);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string'
          ? inner.replace('#/components/schemas/', base)
          : absolute(inner),
      ]),
    );
  };
  // Strict: an unknown keyword or a misplaced one fails, instead of being ignored.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    ajv.addSchema(absolute(schema) as Json, `${base}${name}`);
  }
  return (schema) => ajv.compile(absolute(schema) as Json);
}

/** Every schema of a document: parameters, bodies and answers. */
function schemasOf(doc: OpenApiDocument): Array<[string, Json]> {
  const found: Array<[string, Json]> = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of (op.parameters ?? []) as Json[]) found.push([`${where} ${p.name}`, p.schema as Json]);
      const body = op.requestBody as { content: Record<string, { schema: Json }> } | undefined;
      for (const [type, media] of Object.entries(body?.content ?? {}))
        found.push([`${where} body ${type}`, media.schema]);
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        const content = (response.content ?? {}) as Record<string, { schema: Json }>;
        for (const [type, media] of Object.entries(content))
          found.push([`${where} ${status} ${type}`, media.schema]);
      }
    }
  }
  return found;
}

describe.each(['player', 'operator'] as const)('the %s OpenAPI document', (audience) => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(docs[audience]));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('holds only valid JSON Schema 2020-12 schemas', () => {
    const compile = schemaCompiler(docs[audience]);
    const schemas = schemasOf(docs[audience]);
    expect(schemas.length).toBeGreaterThan(0);
    for (const [where, schema] of schemas) {
      expect(() => compile(schema), where).not.toThrow();
    }
  });

  it('lists every catalogue entry of its audience, and nothing else', () => {
    const doc = docs[audience];
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = entriesOf(audience).map((e) => `${e.method} ${openApiPath(e.path)}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(listed).not.toContain(`GET ${endpoints.metrics.path}`);
    expect(listed.sort()).toEqual([...new Set(expected)].sort());
    const names = Object.entries(endpoints as Record<string, AnyEndpoint>);
    for (const [name, entry] of names.filter(([, e]) => listedIn(e, audience))) {
      expect(operationOf(doc, entry)?.operationId, `${entry.method} ${entry.path}`).toBe(name);
    }
    expect(doc.tags.map((tag) => tag.name).sort()).toEqual(
      [...new Set(entriesOf(audience).map((e) => e.domain))].sort(),
    );
  });

  it('describes each operation from its entry: parameters, failures, security', () => {
    const doc = docs[audience];
    for (const entry of entriesOf(audience)) {
      const where = `${entry.method} ${entry.path}`;
      const op = operationOf(doc, entry) as Json;
      expect(op.summary, where).toBe(entry.summary);
      expect(op.tags, where).toEqual([entry.domain]);
      const parameters = (op.parameters ?? []) as Array<{ name: string; in: string; required: boolean }>;
      for (const name of pathParams(entry.path)) {
        expect(parameters, where).toContainEqual(
          expect.objectContaining({ name, in: 'path', required: true }),
        );
      }
      expect(
        parameters.some((p) => p.name === 'Idempotency-Key' && p.in === 'header'),
        where,
      ).toBe(entry.idempotent === true);
      const responses = op.responses as Record<string, Json>;
      expect(Object.keys(responses), where).toContain('200');
      for (const code of entry.errors) {
        const response = responses[String(errorCodes[code])];
        expect(response, `${where}: ${code}`).toBeDefined();
        expect(JSON.stringify(response), `${where}: ${code}`).toContain(`"${code}"`);
      }
      const security = JSON.stringify(op.security);
      if (entry.access === 'operator') {
        expect(security, where).toContain('operatorSession');
        expect(security, where).toContain('operatorBearer');
        expect(responses['401'], where).toBeDefined();
      } else if (entry.access === 'player' || entry.access === 'betting') {
        expect(security, where).toContain('playerSession');
        expect(responses['401'], where).toBeDefined();
      } else expect(op.security, where).toEqual([]);
      if (entry.access === 'betting')
        expect(JSON.stringify(responses['403']), where).toContain('BETTING_DISABLED');
      if (entry.permission) expect(op['x-gama-permission'], where).toBe(entry.permission);
    }
  });
});

describe('the legacy envelope', () => {
  it('is part of every legacy body: the app key always, the session token on personal routes', () => {
    const legacy = entriesOf('player').filter((e) => e.path.startsWith('/api-') && e.method === 'POST');
    expect(legacy.length).toBeGreaterThan(0);
    for (const entry of legacy) {
      const op = operationOf(docs.player, entry) as Json;
      const schema = (op.requestBody as { content: Record<string, { schema: Json }> }).content[
        'application/json'
      ]?.schema as Json;
      const text = JSON.stringify(schema);
      expect(text, entry.path).toContain('"app_key"');
      expect(text, entry.path).toContain('"env_type"');
      expect(text.includes('"unique_token"'), entry.path).toBe(entry.access !== 'public');
    }
  });

  it('is not asked of a legacy GET, which has no body: the session cookie or Bearer token alone admits it', () => {
    const gets = entriesOf('player').filter((e) => e.path.startsWith('/api-') && e.method === 'GET');
    expect(gets.map((e) => e.path).sort()).toEqual(
      [endpoints.notificationsStream.path, endpoints.supportImage.path].sort(),
    );
    for (const entry of gets) {
      const op = operationOf(docs.player, entry) as Json;
      expect(op.requestBody, entry.path).toBeUndefined();
      expect(op.security, entry.path).toEqual([{ playerSession: [] }, { playerBearer: [] }]);
      expect(JSON.stringify(op.responses), entry.path).not.toContain('BAD_APP_KEY');
    }
  });
});

describe('answers as documented', () => {
  it('the public reads without required input answer what their documented schema says', async () => {
    const compile = schemaCompiler(docs.player);
    const reads = entriesOf('player').filter(
      (e) =>
        e.access === 'public' &&
        e.method === 'POST' &&
        (e.body === undefined || e.body.safeParse({}).success),
    );
    expect(reads.map((e) => e.path)).toContain(endpoints.socialData.path);
    for (const entry of reads) {
      const res = await t.post(entry.path);
      expect(res.statusCode, entry.path).toBe(200);
      const op = operationOf(docs.player, entry) as { responses: Record<string, Json> };
      const content = op.responses['200']?.content as Record<string, { schema: Json }>;
      const validate = compile(content['application/json']?.schema as Json);
      expect(validate(res.json), `${entry.path}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('a failure has the documented failure shape and code for its status', async () => {
    const compile = schemaCompiler(docs.player);
    const res = await t.post(endpoints.socialData.path, {}, { appKey: `${APP_KEY}x` });
    expect(res.statusCode).toBe(403);
    const op = operationOf(docs.player, endpoints.socialData) as { responses: Record<string, Json> };
    const content = op.responses['403']?.content as Record<string, { schema: Json }>;
    const validate = compile(content['application/json']?.schema as Json);
    expect(validate(res.json), JSON.stringify(validate.errors)).toBe(true);
    // The documented schema is not a blank check: another code for the same status fails it.
    expect(validate({ ...res.json, code: 'FORBIDDEN' })).toBe(false);
  });
});

describe('reference pages', () => {
  it.each([
    [endpoints.playerReference.path, endpoints.playerOpenApi.path],
    [endpoints.operatorReference.path, endpoints.operatorOpenApi.path],
  ])('%s renders %s with the renderer this server serves', async (page, document) => {
    const res = await t.app.inject({ method: 'GET', url: page });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`data-url="${document}"`);
    const src = /<script src="([^"]+)"><\/script>/.exec(res.body)?.[1];
    expect(src).toBe('/static/docs/standalone.js');
    // Nothing from another host: no absolute URL in the page at all.
    expect(res.body).not.toMatch(/https?:\/\//);
    const bundle = await t.app.inject({ method: 'GET', url: src as string });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(100_000);
  });

  it('serves only the bundle from the renderer folder, not its source maps or chunks', async () => {
    for (const url of [
      '/static/docs/standalone.js.map',
      '/static/docs/standalone.esm.js',
      '/static/docs/../package.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
