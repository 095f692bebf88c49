import { describe, expect, it } from 'vitest';
import { Gate } from './gate.ts';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('Gate', () => {
  it('runs at most `concurrency` jobs at once, lines up the next ones in order and turns away the rest', async () => {
    const gate = new Gate(2, 1);
    const order: string[] = [];
    const [holdA, holdB, holdC] = [deferred(), deferred(), deferred()];
    const job = (name: string, hold: { promise: Promise<void> }) => async () => {
      order.push(`start ${name}`);
      await hold.promise;
      order.push(`end ${name}`);
      return name;
    };
    const a = gate.run(job('a', holdA));
    const b = gate.run(job('b', holdB));
    const c = gate.run(job('c', holdC));
    expect(await gate.run(job('d', deferred()))).toBeUndefined();
    await Promise.resolve();
    expect(order).toEqual(['start a', 'start b']);
    expect(gate.busy).toEqual({ running: 2, waiting: 1 });

    holdA.resolve();
    expect(await a).toEqual({ value: 'a' });
    await Promise.resolve();
    expect(order).toEqual(['start a', 'start b', 'end a', 'start c']);
    expect(gate.busy).toEqual({ running: 2, waiting: 0 });

    holdB.resolve();
    holdC.resolve();
    expect(await Promise.all([b, c])).toEqual([{ value: 'b' }, { value: 'c' }]);
    expect(gate.busy).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its place when a job fails', async () => {
    const gate = new Gate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await gate.run(() => Promise.resolve(1))).toEqual({ value: 1 });
  });
});
