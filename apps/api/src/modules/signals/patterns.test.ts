import { describe, expect, it } from 'vitest';
import type { TransferFact } from './patterns.ts';
import { findBursts, findChains } from './patterns.ts';

const T0 = Date.parse('2026-11-20T06:00:00.000Z');
let nextId = 1;
const t = (from: number, to: number, minute: number, amountPaise = 100_00): TransferFact => ({
  id: nextId++,
  from,
  to,
  amountPaise,
  at: new Date(T0 + minute * 60_000),
});
const ids = (list: readonly TransferFact[]) => list.map((x) => `${x.from}>${x.to}`);

describe('findChains', () => {
  it('finds points passed on A→B→C→D within the window, once, not again from B', () => {
    const chains = findChains([t(1, 2, 0), t(2, 3, 5), t(3, 4, 9)], 3, 60);
    expect(chains.map((c) => ids(c.transfers))).toEqual([['1>2', '2>3', '3>4']]);
  });

  it('needs the minimum number of transfers', () => {
    expect(findChains([t(1, 2, 0), t(2, 3, 5)], 3, 60)).toEqual([]);
    expect(findChains([t(1, 2, 0), t(2, 3, 5)], 2, 60)).toHaveLength(1);
  });

  it('ends the chain at the window: a hop after it is not part of it', () => {
    expect(findChains([t(1, 2, 0), t(2, 3, 30), t(3, 4, 61)], 3, 60)).toEqual([]);
  });

  it('does not go backwards in time: a transfer sent before the points arrived passes nothing on', () => {
    expect(findChains([t(2, 3, 0), t(1, 2, 5), t(3, 4, 6)], 3, 60)).toEqual([]);
  });

  it('does not count a player twice (A→B→A→B is back and forth, not a chain)', () => {
    expect(findChains([t(1, 2, 0), t(2, 1, 1), t(1, 2, 2)], 3, 60)).toEqual([]);
  });

  it('takes the earliest onward transfer when the recipient sends on twice', () => {
    const chains = findChains([t(1, 2, 0), t(2, 3, 2), t(2, 5, 1), t(5, 6, 3)], 3, 60);
    expect(chains.map((c) => ids(c.transfers))).toEqual([['1>2', '2>5', '5>6']]);
  });

  it('keeps unrelated transfers out', () => {
    expect(findChains([t(1, 2, 0), t(3, 4, 1), t(5, 6, 2)], 2, 60)).toEqual([]);
  });
});

describe('findBursts', () => {
  it('finds one sender with N transfers in M minutes (fan-out)', () => {
    const list = [t(1, 2, 0), t(1, 3, 2), t(1, 4, 4), t(1, 5, 9)];
    const bursts = findBursts(list, 4, 10);
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toMatchObject({ direction: 'out', hub: 1 });
    expect(bursts[0]?.transfers).toHaveLength(4);
  });

  it('finds one recipient with N transfers in M minutes (fan-in)', () => {
    const bursts = findBursts([t(2, 9, 0), t(3, 9, 1), t(4, 9, 2)], 3, 10);
    expect(bursts.map((b) => [b.direction, b.hub, b.transfers.length])).toEqual([['in', 9, 3]]);
  });

  it('does not flag the same count spread wider than the window', () => {
    expect(findBursts([t(1, 2, 0), t(1, 3, 6), t(1, 4, 12)], 3, 10)).toEqual([]);
  });

  it('reports a long run in whole pieces, not one burst per transfer', () => {
    const list = Array.from({ length: 7 }, (_, i) => t(1, 10 + i, i));
    const bursts = findBursts(list, 3, 2).filter((b) => b.direction === 'out');
    expect(bursts.map((b) => b.transfers.length)).toEqual([3, 3]);
  });

  it('counts the window inclusively at its edge', () => {
    expect(findBursts([t(1, 2, 0), t(1, 3, 5), t(1, 4, 10)], 3, 10)).toHaveLength(1);
  });
});
