/**
 * How fast the server hands pushes to its sender (decision 036, "The fan-out yields to bids"). On a machine
 * whose cores the sender shares with the server, every push's encryption and TLS (about 0.4 ms of CPU, and as
 * much again in a push service on the same machine) is taken from bids. So while players' money requests are
 * arriving (`busy`), pushes go at `busyRate` a second, in small hand-overs; when none has arrived for a moment,
 * at full speed, in hand-overs of `idleChunk` so that a burst of bids is noticed within one.
 *
 * The rate is this process's: every API process paces its own hand-overs (each sees its own share of the bids).
 */
/** Players count as busy this long after a money request: bids of 10 connections come every few ms. */
export const BUSY_WINDOW_MS = 300;

export interface PushPacerOptions {
  /** Whether players' money requests are arriving now (PlayerTraffic.within). */
  busy: () => boolean;
  /** Pushes a second while busy. */
  busyRate: number;
  /** The most pushes handed over at once while idle. */
  idleChunk?: number;
  /** Real time in milliseconds, and a sleep that ends early when `signal` aborts: injected by tests. */
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** A timer that resolves at once when the signal aborts (a queue that stops does not wait out its pacing). */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export class PushPacer {
  private readonly busyChunk: number;
  private readonly idleChunk: number;
  private readonly now: () => number;
  private readonly sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** When the next busy hand-over may go, shared by this process's workers so that the rate is the process's. */
  private nextAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: PushPacerOptions) {
    if (!(options.busyRate > 0)) throw new Error('busyRate must be above 0');
    // About ten hand-overs a second while busy: small steps keep the sender's CPU spread out, not in bursts.
    this.busyChunk = Math.max(1, Math.round(options.busyRate / 10));
    this.idleChunk = options.idleChunk ?? 200;
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? sleepUnlessAborted;
  }

  /**
   * How many of the `wanted` pushes to hand over now, after waiting as the pace needs; 0 when `signal` aborted
   * (the queue is stopping: the pushes not handed over stay in their group for the next start).
   */
  async take(wanted: number, signal: AbortSignal): Promise<number> {
    if (signal.aborted || wanted <= 0) return 0;
    if (!this.options.busy()) return Math.min(wanted, this.idleChunk);
    const n = Math.min(wanted, this.busyChunk);
    const now = this.now();
    const at = Math.max(now, this.nextAt);
    this.nextAt = at + (n * 1000) / this.options.busyRate;
    if (at > now) await this.sleep(at - now, signal);
    return signal.aborted ? 0 : n;
  }
}
