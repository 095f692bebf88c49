/**
 * The endpoint catalogue: every route of the server, one entry each, grouped by domain as the server's modules
 * are. `endpoints.<name>` is what both apps call and what the server registers; `allEndpoints` is the list the
 * OpenAPI documents, the fuzz suite and the route-coverage test walk.
 */
import type { AnyEndpoint } from './define.ts';
import { auditEndpoints } from './audit/index.ts';
import { contentEndpoints } from './content/index.ts';
import { operatorsEndpoints } from './operators/index.ts';
import { reportEndpoints } from './reports/index.ts';
import { settingsEndpoints } from './settings/index.ts';

export const endpoints = {
  ...contentEndpoints,
  ...operatorsEndpoints,
  ...settingsEndpoints,
  ...auditEndpoints,
  ...reportEndpoints,
};

export type EndpointName = keyof typeof endpoints;

export const allEndpoints: readonly AnyEndpoint[] = Object.values(endpoints);
