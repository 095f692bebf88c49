/**
 * The screens an operator's notice may open (core's NOTICE_LINKS, decision 037) are screens of this app: each
 * path opens a route of the table, never the not-found fallback, so a notice's link cannot lead nowhere.
 */
import { NOTICE_LINKS } from '@gama/core/endpoints/notices/index';
import { describe, expect, it } from 'vitest';
import { matchRoutes } from '../lib/router/index.ts';
import { routes } from './router.tsx';

describe('notice links', () => {
  it.each(NOTICE_LINKS.map((l) => [l.path, l.label]))('%s (%s) is a screen of the app', (path) => {
    const branch = matchRoutes(routes, path);
    expect(branch?.at(-1)?.path).toBe(path);
  });

  it('a path that is not a screen falls to the not-found route (what the list must never hold)', () => {
    expect(matchRoutes(routes, '/no-such-screen')?.at(-1)?.path).toBe('*');
  });
});
