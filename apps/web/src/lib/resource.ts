import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { ApiError } from './api-client.ts';
import { registerPlayerAnswer } from './cached-answers.ts';

/**
 * One server answer the signed-in frame and home read (the profile and wallet, the bell's count, the headline,
 * the slides, the reality check, the contact numbers), kept here rather than in TanStack Query: home is the
 * first screen of almost every visit, and the query client is about 10 KB gzip it would load for these reads
 * alone (decision 021). Each is one store for the whole app, so a screen that still reads through TanStack Query
 * changes these through `set`, `invalidate` and `clear`, never a second copy.
 *
 * It reads as the query client's queries do (lib/query-client.ts): fetched when a screen first shows it and again
 * at a mount, when the tab comes back or the network returns, once older than `maxAgeMs` or after a failed read;
 * every `intervalMs` while a screen asks for a poll and the tab is visible; a call the network lost tried again
 * after 1 s and 2 s, a refusal not at all. The last answer stays on screen while a new one is on its way, and
 * after a failed one.
 */
export interface ResourceState<T> {
  data: T | undefined;
  /** The last read's failure, null once a read succeeds. */
  error: unknown;
  status: 'pending' | 'success' | 'error';
  /** When `data` was answered or set (Date.now()), 0 before. */
  updatedAt: number;
}

const RETRY_PAUSES_MS = [1_000, 2_000];
const DEFAULT_MAX_AGE_MS = 30_000;
const EMPTY = { data: undefined, error: null, status: 'pending', updatedAt: 0 } as const;

/** The resources a screen shows now: read again when the tab comes back, if old enough. */
const live = new Set<Resource<unknown>>();

function onVisible(): void {
  if (document.visibilityState !== 'visible') return;
  for (const resource of live) resource.refreshIfStale();
}

/** Back online: what a screen shows and could not read (or is old enough) is read again at once. */
function onOnline(): void {
  for (const resource of live) resource.refreshIfStale();
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export class Resource<T> {
  private state: ResourceState<T> = EMPTY;
  private stale = true;
  private reading: AbortController | null = null;
  private observers = 0;
  private readonly listeners = new Set<() => void>();

  private readonly maxAgeMs: number;

  /**
   * `maxAgeMs`: how old an answer may be before a mount or the tab's return reads it again (30 s by default).
   * `everyone`: the same answer for every visitor (the contact numbers), kept when a player signs in or out.
   */
  constructor(
    private readonly read: (signal: AbortSignal) => Promise<T>,
    { maxAgeMs = DEFAULT_MAX_AGE_MS, everyone = false }: { maxAgeMs?: number; everyone?: boolean } = {},
  ) {
    this.maxAgeMs = maxAgeMs;
    if (!everyone) registerPlayerAnswer(this);
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): ResourceState<T> => this.state;

  get data(): T | undefined {
    return this.state.data;
  }

  private publish(next: ResourceState<T>): void {
    this.state = next;
    this.listeners.forEach((listener) => listener());
  }

  private isStale(): boolean {
    return this.stale || Date.now() - this.state.updatedAt >= this.maxAgeMs;
  }

  /**
   * Reads it again now. `restart` drops a read already on its way, whose answer may predate what made this one
   * necessary (a bid that moved the wallet); otherwise that read is the answer.
   */
  async refresh({ restart = false } = {}): Promise<void> {
    if (this.reading && !restart) return;
    this.reading?.abort();
    const reading = new AbortController();
    this.reading = reading;
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const data = await this.read(reading.signal);
          if (reading.signal.aborted) return;
          this.stale = false;
          this.publish({ data, error: null, status: 'success', updatedAt: Date.now() });
          return;
        } catch (error) {
          if (reading.signal.aborted) return;
          const lost = error instanceof ApiError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
          const wait = RETRY_PAUSES_MS[attempt];
          if (!lost || wait === undefined) {
            // The next mount, return to the tab or reconnection tries again, whatever the last answer's age.
            this.stale = true;
            this.publish({ ...this.state, error, status: 'error' });
            return;
          }
          await pause(wait, reading.signal);
          if (reading.signal.aborted) return;
        }
      }
    } finally {
      if (this.reading === reading) this.reading = null;
    }
  }

  /** A screen's explicit read (a check come due): a read already on its way may predate what it needs. */
  readonly reread = (): Promise<void> => this.refresh({ restart: true });

  refreshIfStale(): void {
    if (this.observers > 0 && this.isStale()) void this.refresh();
  }

  /** What the server now holds differs: read again at once if a screen shows it, else at the next mount. */
  invalidate(): void {
    this.stale = true;
    if (this.observers > 0) void this.refresh({ restart: true });
  }

  /** An answer that already says what changed (the wallet after a bid), shown without waiting for a read. */
  set(update: (old: T | undefined) => T | undefined): void {
    const data = update(this.state.data);
    if (data === undefined) return;
    this.publish({ data, error: null, status: 'success', updatedAt: Date.now() });
  }

  /**
   * Forgets the answer (another player signs in, or the session ended); a read on its way is dropped. Nothing is
   * read again until a screen next mounts, as the query client's `clear` does: at a sign-out the frame is still
   * on screen for a moment, and a read then would only earn a 401 and a "session expired" toast.
   */
  clear(): void {
    this.reading?.abort();
    this.reading = null;
    this.stale = true;
    this.publish(EMPTY);
  }

  /** The polls screens ask for; one timer runs at the shortest of them. */
  private readonly polls = new Map<symbol, number>();
  private poll: ReturnType<typeof setInterval> | undefined;
  private pollEvery = 0;

  private schedulePoll(): void {
    const every = this.polls.size === 0 ? 0 : Math.min(...this.polls.values());
    if (every === this.pollEvery) return;
    clearInterval(this.poll);
    this.pollEvery = every;
    this.poll =
      every === 0
        ? undefined
        : setInterval(() => {
            if (document.visibilityState === 'visible') void this.refresh();
          }, every);
  }

  /** A screen shows it from now until the returned function is called; `intervalMs` polls meanwhile. */
  observe(intervalMs?: number): () => void {
    this.observers += 1;
    live.add(this as Resource<unknown>);
    if (live.size === 1) {
      document.addEventListener('visibilitychange', onVisible);
      window.addEventListener('online', onOnline);
    }
    this.refreshIfStale();
    const poller = Symbol('poll');
    if (intervalMs !== undefined) {
      this.polls.set(poller, intervalMs);
      this.schedulePoll();
    }
    return () => {
      if (this.polls.delete(poller)) this.schedulePoll();
      this.observers -= 1;
      if (this.observers > 0) return;
      live.delete(this as Resource<unknown>);
      if (live.size === 0) {
        document.removeEventListener('visibilitychange', onVisible);
        window.removeEventListener('online', onOnline);
      }
    };
  }
}

export interface ResourceView<S> {
  data: S | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  updatedAt: number;
  refetch: () => Promise<void>;
}

interface UseResourceOptions {
  /** False while the read would only be refused (nobody signed in): the last answer, if any, still shows. */
  enabled?: boolean;
  /** Read again this often while the screen is shown and the tab visible. */
  intervalMs?: number;
}

export function useResource<T, S>(
  resource: Resource<T>,
  options: UseResourceOptions & { select: (data: T) => S },
): ResourceView<S>;
export function useResource<T>(resource: Resource<T>, options?: UseResourceOptions): ResourceView<T>;
export function useResource<T, S>(
  resource: Resource<T>,
  { enabled = true, intervalMs, select }: UseResourceOptions & { select?: (data: T) => S } = {},
): ResourceView<T | S> {
  const state = useSyncExternalStore(resource.subscribe, resource.snapshot, resource.snapshot);
  useEffect(() => (enabled ? resource.observe(intervalMs) : undefined), [resource, enabled, intervalMs]);
  // `select` is read again only when the answer or the function changes: callers pass one made once, not a
  // new function each render (headline.ts, unread.ts, home/api.ts).
  const data = useMemo(
    () => (state.data === undefined || !select ? state.data : select(state.data)),
    [state.data, select],
  );
  return {
    data,
    error: state.error,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    updatedAt: state.updatedAt,
    refetch: resource.reread,
  };
}
