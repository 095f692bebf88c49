/**
 * Each bet type's market group and player-app route: the part of the bet-type catalogue (`bet-types.ts`, which
 * takes both from here, so each is still written once) that the player app's route table needs. Apart, so the
 * app's entry maps addresses to screens without carrying the catalogue's input rules and pana lists.
 */
import type { BetTypeId, MarketGroup } from './bet-types.ts';

export const BET_TYPE_ROUTES = {
  single_digit: { group: 'main', route: '/single' },
  jodi_digit: { group: 'main', route: '/jodi' },
  single_pana: { group: 'main', route: '/singlepana' },
  double_pana: { group: 'main', route: '/doublepana' },
  triple_pana: { group: 'main', route: '/tripplepana' },
  half_sangam: { group: 'main', route: '/halfsangam' },
  full_sangam: { group: 'main', route: '/fullsangam' },
  sp_dp_tp: { group: 'main', route: '/spdptp' },
  sp_motor: { group: 'main', route: '/spmotor' },
  dp_motor: { group: 'main', route: '/dpmotor' },
  starline_single_digit: { group: 'starline', route: '/starsingle' },
  starline_single_pana: { group: 'starline', route: '/ssinglepana' },
  starline_double_pana: { group: 'starline', route: '/sdoublepana' },
  starline_triple_pana: { group: 'starline', route: '/stripplepana' },
  gali_left_digit: { group: 'gali', route: '/leftdigit' },
  gali_right_digit: { group: 'gali', route: '/rightdigit' },
  gali_jodi_digit: { group: 'gali', route: '/jodidigit' },
} as const satisfies Record<BetTypeId, { group: MarketGroup; route: string }>;

/** The bet types of a group with their routes, in the catalogue's order. */
export function betRoutesOf(group: MarketGroup): { id: BetTypeId; route: string }[] {
  return (Object.keys(BET_TYPE_ROUTES) as BetTypeId[])
    .filter((id) => BET_TYPE_ROUTES[id].group === group)
    .map((id) => ({ id, route: BET_TYPE_ROUTES[id].route }));
}
