/**
 * Transfer patterns, found in memory over the transfers of a window (no I/O here, so the rules are unit-tested
 * on their own): chains that pass points on from player to player, and bursts of many transfers sent by one
 * player or received by one within a few minutes.
 */

export interface TransferFact {
  id: number;
  from: number;
  to: number;
  amountPaise: number;
  at: Date;
}

export interface Chain {
  /** In order: the first transfer's sender is the chain's start; each next one is sent by the last recipient. */
  transfers: TransferFact[];
}

export interface Burst {
  direction: 'out' | 'in';
  /** The sender (out) or recipient (in) all the transfers share. */
  hub: number;
  transfers: TransferFact[];
}

const MINUTE_MS = 60_000;

function byTime(a: TransferFact, b: TransferFact): number {
  return a.at.getTime() - b.at.getTime() || a.id - b.id;
}

/**
 * Chains of at least `minTransfers` transfers, each sent by the previous one's recipient no earlier than it,
 * the last at most `windowMinutes` after the first, no player twice. From each start the chain takes the
 * earliest onward transfer at each step: money passed on quickly is the pattern, and the earliest leaves the
 * most of the window for the rest. A transfer inside a chain already reported starts no chain of its own, so
 * A→B→C→D is one chain, not also B→C→D.
 */
export function findChains(
  transfers: readonly TransferFact[],
  minTransfers: number,
  windowMinutes: number,
): Chain[] {
  const sorted = [...transfers].sort(byTime);
  const sentBy = new Map<number, TransferFact[]>();
  for (const t of sorted) {
    const list = sentBy.get(t.from);
    if (list) list.push(t);
    else sentBy.set(t.from, [t]);
  }
  const windowMs = windowMinutes * MINUTE_MS;
  const inChain = new Set<number>();
  const chains: Chain[] = [];
  for (const start of sorted) {
    if (inChain.has(start.id)) continue;
    const players = new Set([start.from, start.to]);
    const chain = [start];
    let last = start;
    for (;;) {
      const onward = (sentBy.get(last.to) ?? []).find(
        (t) =>
          byTime(t, last) > 0 &&
          t.at.getTime() - start.at.getTime() <= windowMs &&
          !players.has(t.to) &&
          !inChain.has(t.id),
      );
      if (!onward) break;
      chain.push(onward);
      players.add(onward.to);
      last = onward;
    }
    if (chain.length >= minTransfers) {
      for (const t of chain) inChain.add(t.id);
      chains.push({ transfers: chain });
    }
  }
  return chains;
}

/**
 * Bursts: at least `minTransfers` transfers sent by one player (out) or received by one (in) within
 * `windowMinutes`. Each hub's transfers are read in time order; a burst takes every transfer of its window, and
 * the next burst of the same hub starts after it, so a long run of transfers is reported in whole pieces.
 */
export function findBursts(
  transfers: readonly TransferFact[],
  minTransfers: number,
  windowMinutes: number,
): Burst[] {
  const windowMs = windowMinutes * MINUTE_MS;
  const bursts: Burst[] = [];
  for (const direction of ['out', 'in'] as const) {
    const byHub = new Map<number, TransferFact[]>();
    for (const t of [...transfers].sort(byTime)) {
      const hub = direction === 'out' ? t.from : t.to;
      const list = byHub.get(hub);
      if (list) list.push(t);
      else byHub.set(hub, [t]);
    }
    for (const [hub, list] of byHub) {
      let i = 0;
      while (i + minTransfers <= list.length) {
        const first = list[i] as TransferFact;
        let end = i;
        while (
          end + 1 < list.length &&
          (list[end + 1] as TransferFact).at.getTime() - first.at.getTime() <= windowMs
        )
          end += 1;
        if (end - i + 1 >= minTransfers) {
          bursts.push({ direction, hub, transfers: list.slice(i, end + 1) });
          i = end + 1;
        } else i += 1;
      }
    }
  }
  return bursts;
}
