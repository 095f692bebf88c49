/**
 * What a market card hands to the game menu and the menu to a bid screen (spec 02 section 2). It travels in
 * router navigation state only: a bid screen opened from a bookmark has no market and says so.
 */
export interface BidNavState {
  gameId: number;
  /** 12-hour text as the list sends it, e.g. "01:00 PM". */
  openTime: string;
  gameName: string;
  /** The bet-type label, set by the menu. */
  pana?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function readBidNavState(state: unknown): BidNavState | null {
  if (!isRecord(state)) return null;
  const { gameId, openTime, gameName, pana } = state;
  const id = typeof gameId === 'string' ? Number(gameId) : gameId;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  if (typeof openTime !== 'string' || typeof gameName !== 'string') return null;
  return { gameId: id, openTime, gameName, ...(typeof pana === 'string' ? { pana } : {}) };
}
