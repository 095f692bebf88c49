/**
 * The API's own documents: an OpenAPI 3.1 description per audience, generated from this catalogue, and a
 * browsable reference page for each. Open to anyone: they describe the contract, never data.
 */
import { z } from 'zod';
import { endpoint } from '../define.ts';

/**
 * The outline of an OpenAPI document. Not the envelope (`status: true`) the API's own answers carry: the
 * document is the standard's shape, and its full validity is checked by an OpenAPI validator in the tests.
 */
export const openApiAnswer = z.looseObject({
  openapi: z.string().startsWith('3.1.'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
const page = z.string();

const domain = 'docs';

export const docsEndpoints = {
  playerOpenApi: endpoint({
    domain,
    method: 'GET',
    path: '/api/openapi.json',
    access: 'open',
    summary: 'OpenAPI 3.1 document of the player contract (public, player and betting routes)',
    response: openApiAnswer,
    errors: [],
  }),
  playerReference: endpoint({
    domain,
    method: 'GET',
    path: '/api/docs',
    access: 'open',
    summary: 'Browsable reference of the player contract',
    response: page,
    errors: [],
    produces: 'text/html',
  }),
  operatorOpenApi: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/openapi.json',
    access: 'open',
    summary: 'OpenAPI 3.1 document of the operator API',
    response: openApiAnswer,
    errors: [],
  }),
  operatorReference: endpoint({
    domain,
    method: 'GET',
    path: '/admin-api/docs',
    access: 'open',
    summary: 'Browsable reference of the operator API',
    response: page,
    errors: [],
    produces: 'text/html',
  }),
};
