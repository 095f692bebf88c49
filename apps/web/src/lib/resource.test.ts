import { ApiError } from '@gama/core/endpoints/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCachedAnswers } from './cached-answers.ts';
import { Resource } from './resource.ts';

// The tab, as far as resources look at it: whether it is visible, and its visibilitychange event.
class Tab extends EventTarget {
  visibilityState: 'visible' | 'hidden' = 'visible';
  show(state: 'visible' | 'hidden') {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}
let tab: Tab;
// Every screen a test shows is closed after it, so the next test's tab is the one listened to.
const shown: (() => void)[] = [];
function show<T>(resource: Resource<T>, intervalMs?: number): () => void {
  const stop = resource.observe(intervalMs);
  shown.push(stop);
  return stop;
}

let browser: EventTarget;

beforeEach(() => {
  vi.useFakeTimers();
  tab = new Tab();
  browser = new EventTarget();
  vi.stubGlobal('document', tab);
  vi.stubGlobal('window', browser);
});
afterEach(() => {
  shown.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A read whose answers the test hands out one by one, in the order the reads were made. */
function server<T>() {
  const pending: { resolve: (value: T) => void; reject: (error: unknown) => void; signal: AbortSignal }[] =
    [];
  const read = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        pending.push({ resolve, reject, signal });
      }),
  );
  const next = () => {
    const call = pending.shift();
    if (!call) throw new Error('no read is waiting');
    return call;
  };
  return { read, next };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const lost = () => new ApiError('Network lost', 'NETWORK', 0);

describe('a resource', () => {
  it('reads when a screen first shows it, and not again while its answer is fresh', async () => {
    const { read, next } = server<number>();
    const resource = new Resource(read, { maxAgeMs: 30_000 });
    expect(read).not.toHaveBeenCalled();
    const stop = show(resource);
    expect(read).toHaveBeenCalledTimes(1);
    next().resolve(1);
    await flush();
    expect(resource.snapshot()).toMatchObject({ data: 1, status: 'success', error: null });
    stop();
    show(resource)();
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    show(resource);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('tries a read the network lost again after 1 s and 2 s, then keeps the last answer with the error', async () => {
    const { read, next } = server<number>();
    const resource = new Resource(read);
    show(resource);
    next().resolve(7);
    await flush();
    resource.invalidate();
    next().reject(lost());
    await vi.advanceTimersByTimeAsync(999);
    expect(read).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(3);
    next().reject(lost());
    await vi.advanceTimersByTimeAsync(2_000);
    expect(read).toHaveBeenCalledTimes(4);
    next().reject(lost());
    await flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(4);
    expect(resource.snapshot()).toMatchObject({ data: 7, status: 'error' });
    expect((resource.snapshot().error as ApiError).code).toBe('NETWORK');
  });

  it('never repeats a refusal', async () => {
    const { read, next } = server<number>();
    const resource = new Resource(read);
    show(resource);
    next().reject(new ApiError('Session expired', 'UNAUTHENTICATED', 401));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(read).toHaveBeenCalledTimes(1);
    expect(resource.snapshot()).toMatchObject({ data: undefined, status: 'error' });
  });

  it('drops a read already on its way when invalidated: that answer may predate the change', async () => {
    const { read, next } = server<string>();
    const resource = new Resource(read);
    show(resource);
    const before = next();
    resource.invalidate();
    const after = next();
    expect(before.signal.aborted).toBe(true);
    after.resolve('wallet after the bid');
    before.resolve('wallet before the bid');
    await flush();
    expect(resource.data).toBe('wallet after the bid');
  });

  it('shares one read between screens, and an unshown resource reads only at its next mount', async () => {
    const { read, next } = server<number>();
    const resource = new Resource(read);
    const stopA = show(resource);
    const stopB = show(resource);
    expect(read).toHaveBeenCalledTimes(1);
    next().resolve(1);
    await flush();
    stopA();
    stopB();
    resource.invalidate();
    expect(read).toHaveBeenCalledTimes(1);
    show(resource);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('shows a set answer at once', () => {
    const resource = new Resource(() => Promise.resolve({ wallet: 5 }));
    resource.set(() => ({ wallet: 3 }));
    expect(resource.snapshot()).toMatchObject({ data: { wallet: 3 }, status: 'success' });
    // An update that has nothing to update leaves it as it is.
    const empty = new Resource<{ wallet: number }>(() => Promise.resolve({ wallet: 5 }));
    empty.set((old) => (old ? { wallet: old.wallet - 1 } : old));
    expect(empty.snapshot().status).toBe('pending');
  });

  it('polls only while the tab is visible, and reads a stale answer again when the tab comes back', async () => {
    const { read, next } = server<number>();
    const resource = new Resource(read, { maxAgeMs: 60_000 });
    const stop = show(resource, 5_000);
    next().resolve(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(read).toHaveBeenCalledTimes(2);
    next().resolve(2);
    tab.show('hidden');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(2);
    tab.show('visible');
    expect(read).toHaveBeenCalledTimes(3);
    next().resolve(3);
    await flush();
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    tab.show('visible');
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('polls once at the shortest interval the screens showing it ask for', async () => {
    const resource = new Resource(() => Promise.resolve(1), { maxAgeMs: 60 * 60_000 });
    const read = vi.spyOn(resource, 'refresh');
    const footer = show(resource, 600_000);
    const home = show(resource, 5_000);
    await flush();
    read.mockClear();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(read).toHaveBeenCalledTimes(1);
    home();
    await vi.advanceTimersByTimeAsync(595_000);
    expect(read).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(read).toHaveBeenCalledTimes(2);
    footer();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads again when the network returns after a read it lost, and not while the answer is fresh', async () => {
    const { read, next } = server<number>();
    const resource = new Resource(read, { maxAgeMs: 60_000 });
    show(resource);
    next().resolve(1);
    await flush();
    browser.dispatchEvent(new Event('online'));
    expect(read).toHaveBeenCalledTimes(1);
    resource.invalidate();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      next().reject(lost());
      await vi.advanceTimersByTimeAsync(2_000);
    }
    expect(read).toHaveBeenCalledTimes(4);
    expect(resource.snapshot()).toMatchObject({ data: 1, status: 'error' });
    browser.dispatchEvent(new Event('online'));
    expect(read).toHaveBeenCalledTimes(5);
    next().resolve(2);
    await flush();
    expect(resource.snapshot()).toMatchObject({ data: 2, status: 'success', error: null });
  });

  it("forgets a player's answer at sign-out, drops a read on its way, and reads nothing until next shown", async () => {
    const { read, next } = server<string>();
    const own = new Resource(read);
    const contacts = new Resource(() => Promise.resolve('admin numbers'), { everyone: true });
    show(contacts);
    const stop = show(own);
    next().resolve('first player');
    await flush();
    own.invalidate();
    const late = next();
    clearCachedAnswers();
    expect(late.signal.aborted).toBe(true);
    expect(own.snapshot()).toMatchObject({ data: undefined, status: 'pending' });
    late.resolve('first player, late');
    await flush();
    // The frame still on screen for a moment reads nothing (the session is gone: it would earn a 401).
    expect(read).toHaveBeenCalledTimes(2);
    expect(own.data).toBeUndefined();
    stop();
    show(own);
    next().resolve('second player');
    await flush();
    expect(own.data).toBe('second player');
    expect(contacts.data).toBe('admin numbers');
  });
});
