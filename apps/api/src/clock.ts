/**
 * The one clock of the server. Every cut-off, expiry and timestamp reads `clock.now()`,
 * so tests and demos can stand at any minute.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Starts at `start` and runs forward in real time from there. */
export function offsetClock(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** A clock that only moves when told to; for tests. */
export class ManualClock implements Clock {
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

export function clockFromConfig(config: { NODE_ENV: string; CLOCK_START?: string | undefined }): Clock {
  // Production always runs on real time, whatever the environment says.
  if (config.NODE_ENV !== 'production' && config.CLOCK_START)
    return offsetClock(new Date(config.CLOCK_START));
  return systemClock;
}
