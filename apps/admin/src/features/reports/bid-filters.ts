import { BET_TYPE_IDS } from '@gama/core/rules/bet-types';
import { idFilter, pick } from './report-params.ts';

/** The bid reports' filters as the server takes them, from the URL's text. */
export function bidQuery(filters: Record<string, string | undefined>) {
  return {
    market_id: idFilter(filters.market_id ?? ''),
    group: pick(filters.group ?? '', ['main', 'starline', 'gali'] as const),
    bet_type: pick(filters.bet_type ?? '', BET_TYPE_IDS),
    session: pick(filters.session ?? '', ['open', 'close'] as const),
  };
}

/** The player filter as the server takes it: the id typed, when it is one. */
export function playerQuery(filters: Record<string, string | undefined>) {
  return { player_id: idFilter(filters.player_id ?? '') };
}
