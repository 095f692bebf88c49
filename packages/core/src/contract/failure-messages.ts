/**
 * The texts every call to the server may end in, part of `accountMessages`: a module of their own, so the
 * API client carries them without the rest of the account texts (decision 021).
 */
export const sessionExpired = 'Session expired. Please log in again.';
export const somethingWrong = 'Something went wrong. Please try again.';
/**
 * The database could not be reached (a failover under way, a restart): nothing the player can fix, and the same
 * tap a few seconds later, with the same idempotency key, gets the first attempt's outcome if it did commit.
 */
export const serviceUnavailable =
  'We could not reach our server just now. Please try again in a few seconds.';
