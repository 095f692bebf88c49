import type { Tone } from '../../lib/labels.ts';

export const drawStateLabels: Record<string, { label: string; tone: Tone }> = {
  bidding_open: { label: 'Bidding open', tone: 'info' },
  closed_awaiting_result: { label: 'Awaiting result', tone: 'warning' },
  pending_approval: { label: 'Pending approval', tone: 'brand' },
  declared: { label: 'Declared', tone: 'success' },
  no_draw: { label: 'No draw today', tone: 'pending' },
};

export const halfLabel = (half: string) => (half === 'open' ? 'Open' : half === 'close' ? 'Close' : 'Draw');

const groupWords = { starline: 'Starline', gali: 'Gali' } as const;

/**
 * "MILAN DAY open", "Starline 12:00 PM" or "Gali DISAWAR" as a confirmation names a draw. A Starline market is
 * often named by its time alone, so the group is said unless the name already says it.
 */
export function drawName(market: string, half: string, group: 'main' | 'starline' | 'gali'): string {
  if (group === 'main') return half === 'single' ? market : `${market} ${half}`;
  const word = groupWords[group];
  return market.toLowerCase().includes(word.toLowerCase()) ? market : `${word} ${market}`;
}

/** The draw's half as the declare entries take it: none for a single daily draw. */
export const halfInput = (half: string): 'open' | 'close' | undefined =>
  half === 'open' || half === 'close' ? half : undefined;
