/**
 * The order Vitest hands files to its workers (vitest.config.ts). Vitest's own order runs the projects by name
 * (`api` before `api-postgres`) and, on a clone with no timings cached (CI's clean clone), the larger files first:
 * the failover test, which waits on its cluster for most of two minutes, then started somewhere in the middle of
 * the PostgreSQL files and could end the run with one core idle.
 *
 * Here the files that mostly wait on other processes start early, beside the longest that work, so their waits
 * overlap the other workers' work (vitest.config.ts runs a third worker for that); then the rest by the timings
 * Vitest cached when it has them, else by size; the many short files fill the end, where they even out the
 * workers. The projects stay together, PostgreSQL's first, because a worker is reused only for files of its own
 * project (a switch starts a new one, which imports the server again).
 */
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/**
 * The files that go first, in this order: one that mostly waits, then the two longest that work, then the other
 * waiting ones, which take a worker as one of those ends. So about one worker waits while two work, rather than
 * three clusters starting at once (initdb, base backups and Patroni's bootstrap all wanting the CPU together).
 */
export const FIRST = [
  // etcd, two Patroni nodes and HAProxy, two failovers: about 110 s, mostly waiting for the cluster to settle.
  'test/failover.test.ts',
  // The longest files that work rather than wait: the whole fuzz (on PostgreSQL), the crash points.
  'test/fuzz/fuzz.test.ts',
  'test/faults.test.ts',
  // A cluster of its own, two backups and two restores by pgBackRest.
  'test/restore-drill.test.ts',
  // A primary and a streaming replica under pg_ctl.
  'test/replica.test.ts',
  // PgBouncer in two modes in front of the server.
  'test/pgbouncer.test.ts',
  // Three `npm start`s stopped by signals (in the PGlite project, where it goes first).
  'test/stop-signals.test.ts',
] as const;

const PROJECT_ORDER = ['api-postgres', 'api'];

export default class WaitingFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const path = relative(spec.project.config.root, spec.moduleId);
      const project = PROJECT_ORDER.indexOf(spec.project.name);
      const first = FIRST.indexOf(path as (typeof FIRST)[number]);
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      return {
        project: project === -1 ? PROJECT_ORDER.length : project,
        pinned: first === -1 ? Infinity : first,
        duration: this.ctx.cache.getFileTestResults(key)?.duration,
        size: this.ctx.cache.getFileStats(key)?.size ?? 0,
      };
    };
    const ranks = new Map(files.map((spec) => [spec, rank(spec)]));
    return Promise.resolve(
      [...files].sort((a, b) => {
        const x = ranks.get(a);
        const y = ranks.get(b);
        if (!x || !y) return 0;
        if (x.project !== y.project) return x.project - y.project;
        if (x.pinned !== y.pinned) return x.pinned - y.pinned;
        // Cached timings where both have one (they are this machine's); size otherwise.
        if (x.duration !== undefined && y.duration !== undefined) return y.duration - x.duration;
        if (x.duration !== undefined || y.duration !== undefined) return x.duration !== undefined ? -1 : 1;
        return y.size - x.size;
      }),
    );
  }
}
