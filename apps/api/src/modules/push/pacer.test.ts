import { describe, expect, it } from 'vitest';
import { PlayerTraffic } from '../../lib/player-traffic.ts';
import { BUSY_WINDOW_MS, PushPacer, sleepUnlessAborted } from './pacer.ts';

/** A fake clock whose sleeps move it, recording each wait. */
function fakeTime() {
  const clock = { t: 1_000, waits: [] as number[] };
  return {
    clock,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.waits.push(ms);
      clock.t += ms;
    },
  };
}

/** A pacer busy while players' requests arrive (`PlayerTraffic`'s window), 50 pushes a second then, on fake time. */
function pacedByTraffic() {
  const time = fakeTime();
  const traffic = new PlayerTraffic(time.now);
  const pacer = new PushPacer({
    busy: () => traffic.within(BUSY_WINDOW_MS),
    busyRate: 50,
    now: time.now,
    sleep: time.sleep,
  });
  return { time, traffic, pacer };
}

/** Hands over `total` pushes as the queue does; answers the step sizes and the time they took. */
async function handOver(pacer: PushPacer, total: number, signal = new AbortController().signal) {
  const steps: number[] = [];
  let done = 0;
  while (done < total) {
    const n = await pacer.take(total - done, signal);
    if (n === 0) break;
    steps.push(n);
    done += n;
  }
  return steps;
}

describe('the push pacer', () => {
  it('hands pushes over at full speed while no money request has arrived', async () => {
    const { time, pacer } = pacedByTraffic();
    expect(await handOver(pacer, 1_000)).toEqual([200, 200, 200, 200, 200]);
    expect(time.clock.waits).toEqual([]);
  });

  it('paces them at the busy rate while bids arrive, and goes back to full speed when they stop', async () => {
    const { time, traffic, pacer } = pacedByTraffic();
    traffic.note();
    const start = time.clock.t;
    // Bids keep arriving: a bid every step keeps the window open.
    const steps: number[] = [];
    let done = 0;
    while (done < 100) {
      traffic.note();
      const n = await pacer.take(100 - done, new AbortController().signal);
      steps.push(n);
      done += n;
    }
    expect(steps).toEqual(Array.from({ length: 20 }, () => 5));
    // 100 pushes at 50 a second: the last step goes 1.9 s after the first (each reserves 0.1 s after it).
    expect(time.clock.t - start).toBe(1_900);
    expect(time.clock.waits.every((w) => w === 100)).toBe(true);

    // No bid for longer than the window: full speed again, no wait.
    time.clock.t += BUSY_WINDOW_MS + 1;
    time.clock.waits.length = 0;
    expect(await handOver(pacer, 400)).toEqual([200, 200]);
    expect(time.clock.waits).toEqual([]);
  });

  it('shares the busy rate between the workers of a process', async () => {
    const time = fakeTime();
    const signal = new AbortController().signal;
    // Three workers ask at the same instant: each step of 10 (at 100 a second) is reserved after the last.
    const waits: number[] = [];
    const pacer = new PushPacer({
      busy: () => true,
      busyRate: 100,
      now: time.now,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await Promise.all([pacer.take(500, signal), pacer.take(500, signal), pacer.take(500, signal)]);
    expect(waits).toEqual([100, 200]);
  });

  it('hands nothing more over once stopping, and a paced wait ends at once', async () => {
    const stop = new AbortController();
    const pacer = new PushPacer({ busy: () => true, busyRate: 1 });
    expect(await pacer.take(10, stop.signal)).toBe(1);
    // The next step is a second away at one a second; a stop ends the wait and hands nothing over.
    const started = performance.now();
    const next = pacer.take(10, stop.signal);
    setTimeout(() => stop.abort(), 20);
    expect(await next).toBe(0);
    expect(performance.now() - started).toBeLessThan(500);
    expect(await pacer.take(10, stop.signal)).toBe(0);
  });

  it('sleeps the time asked when not aborted', async () => {
    const started = performance.now();
    await sleepUnlessAborted(30, new AbortController().signal);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});
