/**
 * The server's periodic chores (purges, sweeps, partitions, PGlite's maintenance): each runs at start-up and then
 * on a fixed period, on a timer that keeps no process alive.
 */

/** What a chore does with its failure (the server logs it). */
export type OnError = (error: unknown) => void;

/** Runs `task` now and every `ms` after, its failures handed to `onError`; answers the function that stops it. */
export function runEvery(ms: number, task: () => Promise<unknown>, onError: OnError): () => void {
  const run = () => void task().catch(onError);
  run();
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
}
