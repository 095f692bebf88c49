/** The colours a status pill comes in. */
export type Tone = 'success' | 'danger' | 'pending' | 'warning' | 'info' | 'brand';

/** A request's state as a pill: words and a colour (green in / approved, red rejected, grey waiting). */
export const requestStates: Record<string, { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'pending' },
  awaiting_second_approval: { label: 'Needs 2nd approval', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
};

export function stateOf(state: string): { label: string; tone: Tone } {
  return requestStates[state] ?? { label: state, tone: 'pending' };
}

/** A number as bids name it: the digits, and for a sangam the second part after a dash. */
export function numberOf(line: { digits: string; close_digits: string }): string {
  return line.close_digits ? `${line.digits}-${line.close_digits}` : line.digits;
}
