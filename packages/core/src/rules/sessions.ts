/**
 * Session strings (decision D10). Clients send `Open`, `open`, `Close`, `close` or `closed`;
 * the server stores one canonical value and rejects anything else.
 */

export type Session = 'open' | 'close';

/** `Open`/`open` -> open; `Close`/`close`/`closed` -> close (any case); everything else -> null. */
export function parseSession(raw: unknown): Session | null {
  if (typeof raw !== 'string') return null;
  const lower = raw.toLowerCase();
  if (lower === 'open') return 'open';
  if (lower === 'close' || lower === 'closed') return 'close';
  return null;
}

/** The label shown to people and in legacy responses: `Open` / `Close`. */
export function sessionLabel(session: Session): 'Open' | 'Close' {
  return session === 'open' ? 'Open' : 'Close';
}
