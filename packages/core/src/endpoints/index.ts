/**
 * The endpoint catalogue: every route of the server, one entry each, grouped by domain as the server's modules
 * are. `endpoints.<name>` is what both apps call and what the server registers; `allEndpoints` is the list the
 * OpenAPI documents, the fuzz suite and the route-coverage test walk.
 */
import type { AnyEndpoint } from './define.ts';
import { contentEndpoints } from './content/index.ts';

export const endpoints = {
  ...contentEndpoints,
};

export type EndpointName = keyof typeof endpoints;

export const allEndpoints: readonly AnyEndpoint[] = Object.values(endpoints);
