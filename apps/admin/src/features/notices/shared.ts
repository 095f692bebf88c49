/** What the notices screen's parts share: the lists' query key (a send or a decision refreshes them all). */
export const noticesKey = ['notices'] as const;

/** "1 player", "1,200 players". */
export const playersText = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'player' : 'players'}`;
