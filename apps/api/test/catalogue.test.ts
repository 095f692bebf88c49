/**
 * Route coverage: the endpoint catalogue is the one description of the server's routes, so a route without an
 * entry, an entry without a route, or a route registered around `route()` fails here. Runs on the instance
 * the tests use (outbox SMS provider, so the development outbox is registered too), started with the e2e clock
 * control so that its entry is checked as well (modules/dev/clock-control.test.ts proves it absent without).
 */
import { endpoints } from '@gama/core/endpoints';
import { endpoint } from '@gama/core/endpoints/define';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registeredEndpoints } from '../src/http/route.ts';
import { createTestApp } from './helpers.ts';
import { coverageProblems, NOT_API } from './route-coverage.ts';

const t = await createTestApp({ env: { E2E_CLOCK_CONTROL: 'true' } });
afterAll(() => t.close());

describe('route coverage', () => {
  it('every registered route has a catalogue entry, registered through route(), and every entry a route', () => {
    expect(coverageProblems(t.routes, endpoints, registeredEndpoints(t.app))).toEqual([]);
  });

  it('walks the whole instance', () => {
    const entries = Object.keys(endpoints).length;
    expect(entries).toBeGreaterThan(100);
    // Every entry once, plus the HEAD twin of each GET and the apps' files.
    expect(t.routes.length).toBeGreaterThan(entries);
    expect(registeredEndpoints(t.app).size).toBe(entries);
  });
});

describe('route coverage can fail', () => {
  const registered = registeredEndpoints(t.app);
  const extra = endpoint({
    domain: 'test',
    method: 'GET',
    path: '/admin-api/nowhere',
    access: 'operator',
    permission: 'audit.read',
    summary: 'An entry no route serves',
    response: z.strictObject({}),
    errors: [],
  });

  it('names an entry without a route', () => {
    expect(coverageProblems(t.routes, { ...endpoints, nowhere: extra }, registered)).toEqual([
      'catalogue entry nowhere (GET /admin-api/nowhere) has no route',
    ]);
  });

  it('names a route without an entry, and its HEAD twin', () => {
    const routes = [
      ...t.routes,
      { method: 'GET', url: '/api/unlisted' },
      { method: 'HEAD', url: '/api/unlisted' },
    ];
    expect(coverageProblems(routes, endpoints, registered)).toEqual([
      'route GET /api/unlisted has no catalogue entry (add one in packages/core/src/endpoints/<domain>/ and register it with route())',
      'route HEAD /api/unlisted has no catalogue entry (add one in packages/core/src/endpoints/<domain>/ and register it with route())',
    ]);
  });

  it('names a catalogued route registered without route()', () => {
    const without = new Set(registered);
    without.delete(endpoints.health);
    expect(coverageProblems(t.routes, endpoints, without)).toEqual([
      'route GET /healthz is registered without route(app, endpoints.health, …)',
    ]);
  });

  it('names two entries for one route', () => {
    expect(coverageProblems(t.routes, { ...endpoints, healthAgain: endpoints.health }, registered)).toEqual([
      'catalogue entries health and healthAgain are both GET /healthz',
    ]);
  });

  it('lists only files as not API, each with a reason', () => {
    for (const [url, reason] of Object.entries(NOT_API)) {
      expect(url.startsWith('/api') || url.startsWith('/admin-api'), url).toBe(false);
      expect(reason.length, url).toBeGreaterThan(10);
    }
  });
});
