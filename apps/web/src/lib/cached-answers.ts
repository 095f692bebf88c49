/**
 * Reaches the query client and the resources (lib/resource.ts) without importing either: the entry forgets every
 * cached answer when a session ends, and TanStack Query (about 10 KB gzip) is not on the first screens at all
 * (decisions 020 and 021). A live event must also refresh a list a screen reads through the query client. Until
 * the client has loaded there is nothing in it to forget or refresh.
 */
interface Forgetful {
  clear(): void;
}
interface QueryCache extends Forgetful {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
}

let client: QueryCache | null = null;
const forgetful = new Set<Forgetful>();

/** Called once by the query client's module as it loads. */
export function registerQueryClient(loaded: QueryCache): void {
  client = loaded;
  forgetful.add(loaded);
}

/** Called by each resource holding a player's own answer. */
export function registerPlayerAnswer(resource: Forgetful): void {
  forgetful.add(resource);
}

/** Forgets every player's cached answer (a new player signs in, or the session ended). */
export function clearCachedAnswers(): void {
  forgetful.forEach((cache) => cache.clear());
}

/** The answers under `queryKey` are out of date: read again those a screen shows, the others when next shown. */
export function invalidateCachedAnswers(queryKey: readonly unknown[]): void {
  void client?.invalidateQueries({ queryKey });
}
