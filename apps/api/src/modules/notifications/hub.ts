/**
 * The open notification streams of this process, by player. A new notification row names its player on
 * `NOTIFICATION_CHANNEL` at commit (migration 0025), from whichever process wrote it; each stream of that
 * player then reads its rows after the last id it sent and writes them as events. A stream's cursor is the
 * last id it sent, so a notice that arrives twice, or a read racing a second notice, never sends a row twice,
 * and a row is never skipped: ids only grow, and every read starts at the cursor.
 *
 * While the LISTEN connection is down, notices may be lost: each stream then reads at every heartbeat instead,
 * and every stream reads once when listening resumes.
 */
import type { NotificationRow } from './service.ts';

export const NOTIFICATION_CHANNEL = 'gama_notifications';

/** One player's open stream. */
export interface Stream {
  readonly playerId: number;
  /** Reads what is new since the last row sent and writes it. */
  pump(): void;
  /** Ends the stream (the browser reconnects with Last-Event-ID). */
  close(): void;
}

/** Streams of one player beyond this close, oldest first: every tab holds one, and a tab left open is enough. */
export const STREAMS_PER_PLAYER = 6;

export class NotificationHub {
  readonly #byPlayer = new Map<number, Set<Stream>>();
  #live = false;

  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    let n = 0;
    for (const set of this.#byPlayer.values()) n += set.size;
    return n;
  }

  setLive(live: boolean): void {
    const resumed = live && !this.#live;
    this.#live = live;
    if (resumed) this.#all((s) => s.pump());
  }

  /** A notice: the players named, comma-separated. Anything unreadable wakes every stream. */
  apply(payload: string): void {
    const ids = payload.split(',').map(Number);
    if (ids.length === 0 || ids.some((id) => !Number.isSafeInteger(id))) {
      this.#all((s) => s.pump());
      return;
    }
    for (const id of ids) for (const s of this.#byPlayer.get(id) ?? []) s.pump();
  }

  add(stream: Stream): void {
    let set = this.#byPlayer.get(stream.playerId);
    if (!set) this.#byPlayer.set(stream.playerId, (set = new Set()));
    set.add(stream);
    if (set.size > STREAMS_PER_PLAYER) set.values().next().value?.close();
  }

  remove(stream: Stream): void {
    const set = this.#byPlayer.get(stream.playerId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.#byPlayer.delete(stream.playerId);
  }

  closeAll(): void {
    this.#all((s) => s.close());
  }

  #all(fn: (s: Stream) => void): void {
    for (const set of [...this.#byPlayer.values()]) for (const s of [...set]) fn(s);
  }
}

/** One event in the Server-Sent Events format: the row id is the event id, so a reconnect resumes after it. */
export function eventText(row: NotificationRow): string {
  return `id: ${row.id}\nevent: notification\ndata: ${JSON.stringify(row)}\n\n`;
}

/** Last-Event-ID as a row id, or undefined when absent or not one. */
export function lastEventId(header: string | string[] | undefined): number | undefined {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
