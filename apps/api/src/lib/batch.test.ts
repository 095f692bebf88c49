import { describe, expect, it } from 'vitest';
import { Batcher } from './batch.ts';

describe('Batcher', () => {
  it('answers lookups of one turn with one load, each caller its own key', async () => {
    const loads: number[][] = [];
    const batcher = new Batcher(async (keys: number[]) => {
      loads.push(keys);
      return new Map(keys.map((k) => [k, k * 10]));
    });
    const answers = await Promise.all([1, 2, 3, 2].map((k) => batcher.get(k)));
    expect(answers).toEqual([10, 20, 30, 20]);
    expect(loads).toEqual([[1, 2, 3]]);
    expect(await batcher.get(4)).toBe(40);
    expect(loads).toHaveLength(2);
  });

  it('splits at `max` keys, and passes a failed or incomplete load on to its callers', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher(
      async (keys: number[]) => {
        sizes.push(keys.length);
        if (keys.includes(13)) throw new Error('unlucky');
        return new Map(keys.filter((k) => k !== 7).map((k) => [k, k]));
      },
      { max: 2 },
    );
    expect(await Promise.all([1, 2, 3].map((k) => batcher.get(k)))).toEqual([1, 2, 3]);
    expect(sizes).toEqual([2, 1]);
    await expect(Promise.all([batcher.get(13), batcher.get(14)])).rejects.toThrow('unlucky');
    await expect(batcher.get(7)).rejects.toThrow(/no value/);
  });
});
