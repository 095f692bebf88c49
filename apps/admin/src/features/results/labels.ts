import type { Tone } from '../../lib/labels.ts';

export const drawStateLabels: Record<string, { label: string; tone: Tone }> = {
  bidding_open: { label: 'Bidding open', tone: 'info' },
  closed_awaiting_result: { label: 'Awaiting result', tone: 'warning' },
  pending_approval: { label: 'Pending approval', tone: 'brand' },
  declared: { label: 'Declared', tone: 'success' },
  no_draw: { label: 'No draw today', tone: 'pending' },
};

export const halfLabel = (half: string) => (half === 'open' ? 'Open' : half === 'close' ? 'Close' : 'Draw');

/** "MILAN DAY open" or "STARLINE 01:00 PM" as a confirmation names a draw. */
export const drawName = (market: string, half: string) => (half === 'single' ? market : `${market} ${half}`);

/** The draw's half as the declare entries take it: none for a single daily draw. */
export const halfInput = (half: string): 'open' | 'close' | undefined =>
  half === 'open' || half === 'close' ? half : undefined;
