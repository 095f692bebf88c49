import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute, preloadRoutes } from './lazy-route.ts';
import type { RouteObject } from './match.ts';

const Plain = ({ children }: { children?: ReactNode }) => children;

describe('preloadRoutes', () => {
  it('requests the chunk of every lazy layout and screen on the path, and no other', () => {
    const layout = vi.fn(() => Promise.resolve({ default: Plain }));
    const home = vi.fn(() => Promise.resolve({ default: Plain }));
    const login = vi.fn(() => Promise.resolve({ default: Plain }));
    const Layout = lazyRoute(layout);
    const Home = lazyRoute(home);
    const Login = lazyRoute(login);
    const routes: RouteObject[] = [
      {
        element: createElement(Plain),
        children: [
          { element: createElement(Layout), children: [{ path: '/imp', element: createElement(Home) }] },
          { path: '/login', element: createElement(Login) },
          { path: '*', element: 'not found' },
        ],
      },
    ];

    preloadRoutes(routes, '/IMP/');
    expect(layout).toHaveBeenCalledOnce();
    expect(home).toHaveBeenCalledOnce();
    expect(login).not.toHaveBeenCalled();

    preloadRoutes(routes, '/nowhere');
    expect(login).not.toHaveBeenCalled();
  });

  it('asks a plain component that chooses its screen, through its own preload', () => {
    const chosen = vi.fn();
    const Entry = Object.assign(() => null, { preload: chosen });
    preloadRoutes([{ path: '/', element: createElement(Entry) }], '/');
    expect(chosen).toHaveBeenCalledOnce();
  });
});
