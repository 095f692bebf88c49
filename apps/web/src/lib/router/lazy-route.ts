import { isValidElement, lazy, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from './match.ts';

/** Something a route's element can be that knows how to fetch its code ahead of its render. */
export interface Preloadable {
  preload: () => unknown;
}

/** Whatever `React.lazy` accepts, props of every kind. */
type LazyComponent = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/**
 * `React.lazy` that can also be asked for its chunk before it renders. A lazy screen inside a lazy layout is
 * otherwise requested only once the layout's chunk has arrived and rendered: one round trip per level.
 */
export function lazyRoute<T extends LazyComponent>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> & Preloadable {
  return Object.assign(lazy(load), { preload: load });
}

function preloadOf(type: unknown): (() => unknown) | null {
  if ((typeof type !== 'object' && typeof type !== 'function') || type === null) return null;
  const preload: unknown = (type as Partial<Preloadable>).preload;
  return typeof preload === 'function' ? (preload as () => unknown) : null;
}

/** Requests, all at once, the chunks of every layout and screen `pathname` will render. */
export function preloadRoutes(routes: RouteObject[], pathname: string): void {
  for (const route of matchRoutes(routes, pathname) ?? []) {
    if (isValidElement(route.element)) void preloadOf(route.element.type)?.();
  }
}
