/**
 * Sessions this process resolved recently, so an authenticated call does not begin with a database round
 * trip (the home list is polled every 5 s by every open app; a bid is ten statements, this was one of them).
 *
 * What keeps it honest:
 * - Only valid sessions are kept; expiry (idle, absolute) is still checked on every call against the clock.
 * - Whatever ends a session or changes what it carries (logout, password change or reset, rename, betting
 *   status) forgets it here right after its transaction commits, and tells the other server processes with a
 *   PostgreSQL NOTIFY in that same transaction (`SESSION_CHANNEL`).
 * - A lookup that raced with any forgetting does not store what it read (it may predate the commit).
 * - The cache is used only while this process is listening (`Database.listen`); on PostgreSQL, when its LISTEN
 *   connection drops, the cache empties and every call reads the database until it is listening again (notices
 *   may be lost). PGlite has one server process per data directory, so there the in-process forgetting is
 *   already complete, and its LISTEN never drops.
 * - Entries also expire after TTL_MS, a backstop for changes made outside the server (SQL by hand).
 */
import { CacheStats } from '../../lib/cache-stats.ts';
import type { SessionPlayer } from './sessions.ts';

export const SESSION_CHANNEL = 'gama_sessions';

export interface CachedSession {
  player: SessionPlayer;
  createdAt: number;
  lastSeenAt: number;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

export class SessionCache {
  static readonly TTL_MS = 60_000;
  static readonly MAX_ENTRIES = 200_000;
  readonly #entries = new Map<string, Entry>();
  readonly #byPlayer = new Map<number, Set<string>>();
  #generation = 0;
  #live: boolean;
  readonly stats = new CacheStats();

  /** `live`: whether it may be used yet (PostgreSQL: false until the LISTEN connection is up). */
  constructor(live: boolean) {
    this.#live = live;
  }

  get live(): boolean {
    return this.#live;
  }

  /** Turns the cache on or off; either way it starts empty (notices may have been missed meanwhile). */
  setLive(live: boolean): void {
    this.clear();
    this.#live = live;
  }

  get(key: string, now: number): CachedSession | undefined {
    if (!this.#live) return undefined;
    const entry = this.#entries.get(key);
    if (!entry) {
      this.stats.miss();
      return undefined;
    }
    if (now - entry.cachedAt >= SessionCache.TTL_MS || now < entry.cachedAt) {
      this.#delete(key, entry);
      this.stats.miss();
      return undefined;
    }
    this.stats.hit();
    return entry;
  }

  /** Taken before reading the database; `put` stores the result only if nothing was forgotten meanwhile. */
  generation(): number {
    return this.#generation;
  }

  put(key: string, session: CachedSession, generation: number, now: number): void {
    if (!this.#live || generation !== this.#generation) return;
    const old = this.#entries.get(key);
    if (old) this.#delete(key, old);
    if (this.#entries.size >= SessionCache.MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#delete(oldest.value, this.#entries.get(oldest.value));
    }
    this.#entries.set(key, { ...session, cachedAt: now });
    let keys = this.#byPlayer.get(session.player.id);
    if (!keys) this.#byPlayer.set(session.player.id, (keys = new Set()));
    keys.add(key);
  }

  /** The session's last-seen time moved (the coarse idle refresh). */
  touch(key: string, lastSeenAt: number): void {
    const entry = this.#entries.get(key);
    if (entry) entry.lastSeenAt = lastSeenAt;
  }

  forgetToken(key: string): void {
    this.#generation++;
    const entry = this.#entries.get(key);
    if (entry) this.#delete(key, entry);
  }

  forgetPlayer(playerId: number): void {
    this.#generation++;
    for (const key of this.#byPlayer.get(playerId) ?? []) this.#delete(key, this.#entries.get(key));
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#byPlayer.clear();
  }

  /** A notice from another process (see `sessionNotice`). */
  apply(notice: string): void {
    const [kind, value = ''] = notice.split(':', 2);
    if (kind === 'token') this.forgetToken(value);
    else if (kind === 'player' && /^\d+$/.test(value)) this.forgetPlayer(Number(value));
    else this.clear();
  }

  #delete(key: string, entry: Entry | undefined): void {
    this.#entries.delete(key);
    if (!entry) return;
    const keys = this.#byPlayer.get(entry.player.id);
    keys?.delete(key);
    if (keys?.size === 0) this.#byPlayer.delete(entry.player.id);
  }
}

/** The payload of a NOTIFY on SESSION_CHANNEL: one session (by its token hash) or every session of a player. */
export function sessionNotice(target: { tokenHash: Buffer } | { playerId: number }): string {
  return 'tokenHash' in target ? `token:${cacheKey(target.tokenHash)}` : `player:${target.playerId}`;
}

export function cacheKey(tokenHash: Buffer): string {
  return tokenHash.toString('hex');
}
