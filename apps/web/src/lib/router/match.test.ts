import { describe, expect, it } from 'vitest';
import { matchRoutes, samePath, type RouteObject } from './match.ts';

const leaf = (path: string): RouteObject => ({ path, element: path });

// The app's shape: a root layout, layouts without paths, redirects and a fallback last.
const member: RouteObject = {
  element: 'member',
  children: [leaf('/imp'), { element: 'betting', children: [leaf('/profile'), leaf('/addfundhistory')] }],
};
const table: RouteObject[] = [
  {
    element: 'root',
    children: [leaf('/'), { element: 'bare', children: [leaf('/login'), leaf('/r')] }, member, leaf('*')],
  },
];

const names = (pathname: string) => matchRoutes(table, pathname)?.map((route) => route.element);

describe('matchRoutes', () => {
  it('returns the layouts from the outside in, then the screen', () => {
    expect(names('/login')).toEqual(['root', 'bare', '/login']);
    expect(names('/profile')).toEqual(['root', 'member', 'betting', '/profile']);
    expect(names('/')).toEqual(['root', '/']);
  });

  it('ignores letter case and trailing slashes, as react-router did', () => {
    expect(names('/AddFundHistory')).toEqual(['root', 'member', 'betting', '/addfundhistory']);
    expect(names('/login/')).toEqual(['root', 'bare', '/login']);
    expect(names('/IMP//')).toEqual(['root', 'member', '/imp']);
  });

  it('decodes the address before comparing', () => {
    expect(names('/%6Cogin')).toEqual(['root', 'bare', '/login']);
  });

  it('takes the fallback only when no path matches, wherever it sits', () => {
    expect(names('/nope')).toEqual(['root', '*']);
    expect(names('/login/extra')).toEqual(['root', '*']);
    expect(names('/%E0%A4')).toEqual(['root', '*']);
    const fallbackFirst: RouteObject[] = [leaf('*'), leaf('/imp')];
    expect(matchRoutes(fallbackFirst, '/imp')?.map((r) => r.element)).toEqual(['/imp']);
  });

  it('finds nothing in a table without a fallback', () => {
    expect(matchRoutes([leaf('/imp')], '/other')).toBeNull();
  });

  it('takes the first of two routes with the same path', () => {
    expect(matchRoutes([leaf('/a'), { path: '/A', element: 'second' }], '/a')?.[0]?.element).toBe('/a');
  });
});

describe('samePath', () => {
  it('compares without case or trailing slash, and never a prefix', () => {
    expect(samePath('/imp', '/IMP/')).toBe(true);
    expect(samePath('/imp', '/imp7')).toBe(false);
    expect(samePath('/', '')).toBe(true);
  });
});
