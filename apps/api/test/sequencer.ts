/**
 * The order Vitest hands files to its workers (vitest.config.ts). Vitest's own order runs the projects by name
 * (`api` before `api-postgres`) and, on a clone with no timings cached (CI's clean clone), the larger files first:
 * the failover test, which waits on its cluster for most of two minutes, then started somewhere in the middle of
 * the PostgreSQL files and could end the run with one core idle.
 *
 * Here the files that mostly wait on other processes start first, so their waits overlap the other workers' work
 * (vitest.config.ts runs a third worker for that); then the longest files, by the timings Vitest cached when it
 * has them (the whole fuzz first), else by size; the many short files fill the end, where they even out the
 * workers. The projects stay together, PostgreSQL's first, because a worker is reused only for files of its own
 * project (a switch starts a new one, which imports the server again).
 */
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/** Files whose time is mostly waiting (clusters, backups, child servers), in the order they start. */
export const WAITING_FIRST = [
  // etcd, two Patroni nodes and HAProxy, two failovers: about 110 s, mostly waiting for the cluster to settle.
  'test/failover.test.ts',
  // A cluster of its own, two backups and two restores by pgBackRest.
  'test/restore-drill.test.ts',
  // A primary and a streaming replica under pg_ctl.
  'test/replica.test.ts',
  // Three `npm start`s stopped by signals.
  'test/stop-signals.test.ts',
  // PgBouncer in two modes in front of the server.
  'test/pgbouncer.test.ts',
] as const;

/** The longest files that work rather than wait, longest first, for a clone with no timings cached. */
export const LONGEST = ['test/fuzz/fuzz.test.ts', 'test/faults.test.ts'] as const;

const PROJECT_ORDER = ['api-postgres', 'api'];

export default class WaitingFirstSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const path = relative(spec.project.config.root, spec.moduleId);
      const project = PROJECT_ORDER.indexOf(spec.project.name);
      const waiting = WAITING_FIRST.indexOf(path as (typeof WAITING_FIRST)[number]);
      const longest = LONGEST.indexOf(path as (typeof LONGEST)[number]);
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      return {
        project: project === -1 ? PROJECT_ORDER.length : project,
        pinned: waiting !== -1 ? waiting : longest !== -1 ? WAITING_FIRST.length + longest : Infinity,
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
