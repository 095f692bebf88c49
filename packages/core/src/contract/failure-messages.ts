/**
 * The two texts every call to the server may end in, part of `accountMessages`: a module of their own, so the
 * API client carries them without the rest of the account texts (decision 021).
 */
export const sessionExpired = 'Session expired. Please log in again.';
export const somethingWrong = 'Something went wrong. Please try again.';
