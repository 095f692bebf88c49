/**
 * Test-only crash points (reliability F2). With `FAULT_POINT=<name>` the server kills itself with SIGKILL
 * when it reaches that point, as an OOM kill or a power cut would, so a test can prove that nothing is
 * half-applied and that everything resumes. Config refuses it in production; `server.ts` arms it, so an app
 * built in-process (every other test) never dies.
 */
export const FAULT_POINTS = [
  /** A bid's debit and rows are written; its transaction has not committed. */
  'bid-before-commit',
  /** A bid has committed; its answer has not been sent. */
  'bid-after-commit',
  /** A withdrawal approval has posted its journal; the request's status is not yet updated. */
  'withdraw-approve-before-status',
  /** A settlement has committed its first chunk and has more to do. */
  'settle-after-chunk',
  /** A settlement chunk has committed its win credits; the journals that pay them are not written yet. */
  'settle-before-payment',
  /** A revert has committed a chunk of reversals; its revision is not marked reverted yet. */
  'revert-after-chunk',
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

let armed: FaultPoint | undefined;

export function armFault(point: FaultPoint | undefined): void {
  armed = point;
}

export function faultPoint(point: FaultPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
