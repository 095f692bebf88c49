/**
 * The reality check's schedule (issue 16; UKGC RTS 13): a module of its own, without the rest of the
 * responsible-play rules, because the signed-in frame reads it on every screen.
 */

/** Minutes between reality checks; 0 = off. */
export const realityCheckIntervals = [0, 15, 30, 60] as const;

/** The next reality check after `now` for a session that began at `signedInAt`: whole intervals from sign-in. */
export function nextRealityCheck(signedInAt: Date, intervalMinutes: number, now: Date): Date | null {
  if (intervalMinutes <= 0) return null;
  const step = intervalMinutes * 60_000;
  const elapsed = Math.max(0, now.getTime() - signedInAt.getTime());
  return new Date(signedInAt.getTime() + (Math.floor(elapsed / step) + 1) * step);
}

/**
 * When the app shows the next reality check: the first whole interval from sign-in after the later of sign-in
 * and the last check the player answered (or the moment the interval was chosen). A time already past means
 * one is due now; null when the check is off. Counting from sign-in, not from the page, keeps a reload from
 * putting the reminder off.
 */
export function realityCheckDue(
  signedInAt: Date,
  intervalMinutes: number,
  answeredAt: Date | null,
): Date | null {
  const from = answeredAt !== null && answeredAt > signedInAt ? answeredAt : signedInAt;
  return nextRealityCheck(signedInAt, intervalMinutes, from);
}
