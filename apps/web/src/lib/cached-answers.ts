/**
 * Reaches the query client without importing TanStack Query: the landing and the login screen run without it
 * (it is about 10 KB gzip of a first screen that reads nothing cached), yet signing in must forget whatever an
 * earlier player left cached in this tab. Until the client has loaded there is nothing to forget.
 */
interface Forgetful {
  clear(): void;
}

let client: Forgetful | null = null;

/** Called once by the query client's module as it loads. */
export function registerQueryClient(loaded: Forgetful): void {
  client = loaded;
}

/** Forgets every cached answer (a new player signs in, or the session ended). */
export function clearCachedAnswers(): void {
  client?.clear();
}
