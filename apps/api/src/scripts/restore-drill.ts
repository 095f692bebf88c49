/**
 * `npm run restore-drill -- [--target=<instant>] [--config=…] [--stanza=gama] [--port=5499] [--dir=…] [--keep] [--json]`:
 * restores the pgBackRest repository into a new cluster at the instant (default five minutes ago), read-only,
 * and checks it against the live database (DATABASE_URL). Exits non-zero on any violation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { formatMiB, formatSeconds } from '@gama/core/rules/measures';
import { restoreDrill } from '../backup/restore-drill.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    config: { type: 'string', default: '/etc/pgbackrest/pgbackrest.conf' },
    stanza: { type: 'string', default: 'gama' },
    port: { type: 'string', default: '5499' },
    dir: { type: 'string' },
    keep: { type: 'boolean', default: false },
    // The report as one JSON line at the end, for scripts (the suite's test reads it).
    json: { type: 'boolean', default: false },
  },
});
const liveUrl = process.env.DATABASE_URL;
if (!liveUrl) {
  console.error('restore-drill: set DATABASE_URL to the live database, to compare the restore with');
  process.exit(2);
}
const target = values.target ? new Date(values.target) : new Date(Date.now() - 5 * 60_000);
if (Number.isNaN(target.getTime())) {
  console.error(
    `restore-drill: --target ${values.target} is not an instant (e.g. 2026-11-29T10:15:00+05:30)`,
  );
  process.exit(2);
}
const workDir = values.dir ?? mkdtempSync(join(tmpdir(), 'gama-restore-drill-'));

const report = await restoreDrill({
  config: values.config,
  stanza: values.stanza,
  target,
  liveUrl,
  workDir,
  port: Number(values.port),
}).catch((error: unknown) => {
  console.error(`restore-drill: the restore failed; its files and log are in ${workDir}`);
  throw error;
});
try {
  console.log(
    `restore-drill: stanza ${values.stanza} restored to ${target.toISOString()} in ${formatSeconds(report.restoreSeconds)}, held read-only there`,
  );
  console.log(
    `  replayed to WAL ${report.replayedLsn}, last commit replayed ${report.lastReplayedCommit?.toISOString() ?? 'none'}`,
  );
  if (report.ledger.length === 0) console.log('  ledger:verify: all invariants hold');
  for (const v of report.ledger) {
    console.error(`  ledger:verify: ${v.invariant} violated: ${v.description}`);
    for (const row of v.rows.slice(0, 20)) console.error(`    ${JSON.stringify(row)}`);
  }
  const chain = report.audit;
  if (chain.first_break === null) console.log(`  audit:verify: the chain holds, ${chain.rows_checked} rows`);
  else console.error(`  audit:verify: ${chain.first_break.problem} at position ${chain.first_break.seq}`);
  if (report.balanceMismatches.length === 0) {
    console.log(
      `  balances: every account's entries and cached balance equal the live database's over the ${report.journalsRestored} journals restored`,
    );
  }
  for (const m of report.balanceMismatches) console.error(`  balance differs: ${JSON.stringify(m)}`);
  console.log(
    `  recovery point: the repository's WAL reaches segment ${report.lastArchivedWal ?? 'none'}` +
      (report.lastArchivedAt ? ` (archived ${report.lastArchivedAt.toISOString()})` : '') +
      (report.walBytesAfterTarget === null
        ? ''
        : `, at most ${formatMiB(report.walBytesAfterTarget)} of WAL past the instant`) +
      `; the live database has ${report.liveJournalsAfter} journals the restore does not (committed after the instant)`,
  );
  if (report.ledger.length > 0 || chain.first_break !== null || report.balanceMismatches.length > 0) {
    process.exitCode = 1;
  }
} finally {
  if (values.keep) {
    console.log(
      `  kept running read-only: ${report.restoredUrl}; stop it with pg_ctl -D ${join(workDir, 'pgdata')} stop`,
    );
  } else {
    report.stop();
    if (!values.dir) rmSync(workDir, { recursive: true, force: true });
  }
}
if (values.json) console.log(JSON.stringify({ ...report, stop: undefined }));
