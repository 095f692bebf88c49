import { betRoutesOf } from '@gama/core/rules/bet-routes';
import type { BetTypeId, MarketGroup } from '@gama/core/rules/bet-types';
import type { ComponentType } from 'react';
import type { RouteObject } from '../../lib/router/index.ts';

/**
 * A market group's bid screens, one route per bet type of the catalogue, so a screen and its tile can never
 * disagree. Kept apart from `index.ts`: the app router loads this with the route tables, not the screens.
 */
export function bidRoutes(group: MarketGroup, Screen: ComponentType<{ betType: BetTypeId }>): RouteObject[] {
  return betRoutesOf(group).map(({ id, route }) => ({ path: route, element: <Screen betType={id} /> }));
}
