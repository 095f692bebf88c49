/**
 * Wallet balances (and debts) this process has read, so the home list, which every open app polls every 5 s,
 * does not read the database while nothing moved (decision 008).
 *
 * What keeps it exact:
 * - The ledger's statement trigger names every player whose wallet or debt moved, in a notice on
 *   `WALLET_CHANNEL` sent at commit (migration 0008). Whatever posts entries, from whichever process or
 *   script, is covered: nothing in the application has to remember to forget.
 * - The process that commits hears its own notices before its transaction resolves (see `Database.listen`),
 *   so a player's next call after a bid or a transfer never reads the balance from before it.
 * - A read that raced with a notice for its player is answered but not kept: it may predate the commit.
 * - The cache is used only while the LISTEN connection is up; when it drops the cache empties and every call
 *   reads the database until it is listening again (notices may have been lost meanwhile).
 * - Entries also expire after TTL_MS, a backstop for balances changed without entries (SQL by hand).
 *
 * Only reads for display use it. Debits lock and read the accounts in their own transaction, and the database
 * refuses an overdraft whatever any cache says.
 */
import { Batcher } from '../../lib/batch.ts';
import { CacheStats } from '../../lib/cache-stats.ts';

export const WALLET_CHANNEL = 'gama_wallets';

export interface WalletBalance {
  /** Paise in the wallet. */
  balance: number;
  /** Paise owed (positive), from a revert after the winnings were spent. */
  debt: number;
}

interface Entry {
  value: WalletBalance;
  cachedAt: number;
}

export class WalletCache {
  static readonly TTL_MS = 60_000;
  static readonly MAX_ENTRIES = 200_000;
  readonly #entries = new Map<number, Entry>();
  /** Reads in flight, by player: a notice for the player removes its mark, and the read is then not kept. */
  readonly #reading = new Map<number, symbol>();
  readonly #batcher: Batcher<number, WalletBalance>;
  readonly #now: () => number;
  #live = false;
  readonly stats = new CacheStats();

  /** `load` reads several players' balances in one statement; reads asked for in one turn share it. */
  constructor(load: (playerIds: number[]) => Promise<Map<number, WalletBalance>>, now: () => number) {
    this.#batcher = new Batcher(load);
    this.#now = now;
  }

  get live(): boolean {
    return this.#live;
  }

  /** Turns the cache on or off; either way it starts empty (notices may have been missed meanwhile). */
  setLive(live: boolean): void {
    this.clear();
    this.#live = live;
  }

  async get(playerId: number): Promise<WalletBalance> {
    return this.peek(playerId) ?? (await this.#read(playerId));
  }

  /** The balance kept for the player, without waiting; undefined when `get` would read it. */
  peek(playerId: number): WalletBalance | undefined {
    const entry = this.#entries.get(playerId);
    if (!entry || !this.#live) return undefined;
    const now = this.#now();
    if (now - entry.cachedAt < WalletCache.TTL_MS && now >= entry.cachedAt) {
      this.stats.hit();
      return entry.value;
    }
    this.#entries.delete(playerId);
    return undefined;
  }

  async #read(playerId: number): Promise<WalletBalance> {
    const now = this.#now();
    this.stats.miss();
    const mark = Symbol(playerId);
    this.#reading.set(playerId, mark);
    try {
      const value = await this.#batcher.get(playerId);
      if (this.#live && this.#reading.get(playerId) === mark) this.#put(playerId, value, now);
      return value;
    } finally {
      if (this.#reading.get(playerId) === mark) this.#reading.delete(playerId);
    }
  }

  forget(playerId: number): void {
    this.#entries.delete(playerId);
    this.#reading.delete(playerId);
  }

  clear(): void {
    this.#entries.clear();
    this.#reading.clear();
  }

  /** A notice on WALLET_CHANNEL: comma-separated player ids. Anything else forgets everything. */
  apply(notice: string): void {
    const ids = notice.split(',');
    if (!ids.every((id) => /^\d+$/.test(id))) {
      this.clear();
      return;
    }
    for (const id of ids) this.forget(Number(id));
  }

  #put(playerId: number, value: WalletBalance, now: number): void {
    if (this.#entries.size >= WalletCache.MAX_ENTRIES && !this.#entries.has(playerId)) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(playerId, { value, cachedAt: now });
  }
}
