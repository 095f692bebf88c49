/**
 * The one clock of the server. Every cut-off, expiry and timestamp reads `clock.now()`,
 * so tests and demos can stand at any minute.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test can move forward: the e2e clock control (`E2E_CLOCK_CONTROL`) and the tests' manual clock. */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return 'advance' in clock && typeof clock.advance === 'function';
}

/** Starts at `start` and runs forward in real time from there. */
export function offsetClock(start: Date): AdjustableClock {
  let offset = start.getTime() - Date.now();
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

/** A clock that only moves when told to; for tests. */
export class ManualClock implements AdjustableClock {
  #ms: number;
  constructor(start: Date | string) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(at: Date | string): void {
    this.#ms = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

export function clockFromConfig(config: {
  NODE_ENV: string;
  CLOCK_START?: string | undefined;
  E2E_CLOCK_CONTROL?: boolean | undefined;
}): Clock {
  // Production always runs on real time, whatever the environment says.
  if (config.NODE_ENV === 'production') return systemClock;
  if (config.CLOCK_START) return offsetClock(new Date(config.CLOCK_START));
  // The e2e clock control moves the clock, so it must be one that can move, even on real time.
  if (config.E2E_CLOCK_CONTROL === true) return offsetClock(new Date());
  return systemClock;
}

let isoMs = Number.NaN;
let isoText = '';

/**
 * `clock.now().toISOString()`, formatted once per millisecond: the polled reads all carry `server_time`, and at
 * thousands of answers a second most of them fall in a millisecond already formatted.
 */
export function isoNow(clock: Clock): string {
  const ms = clock.now().getTime();
  if (ms !== isoMs) {
    isoText = new Date(ms).toISOString();
    isoMs = ms;
  }
  return isoText;
}
