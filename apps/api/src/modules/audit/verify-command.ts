/**
 * What `npm run audit:verify` reports: the chain against itself (chain.ts), then against the signed checkpoints
 * (checkpoint-check.ts). The first finds rows edited, deleted or reordered by someone who left the hashes alone;
 * only the second finds a rewrite that recomputed every hash and the head, which the chain alone calls sound.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Queryable } from '../../db/database.ts';
import { verifyAuditChain } from './chain.ts';
import { checkAgainstCheckpoints } from './checkpoint-check.ts';
import { parseCheckpoints } from './checkpoint-format.ts';
import { loadPublicKey } from './checkpoint-key.ts';

export interface VerifyOptions {
  checkpointsFile: string;
  publicKeyFile: string;
  /** The file was named (flag or environment): its absence is an error, not "no checkpoints yet". */
  named: boolean;
  engine: string;
}

export interface VerifyOutcome {
  /** 0 sound, 1 a break or a mismatch found, 2 could not check what was asked. */
  exitCode: 0 | 1 | 2;
  out: string[];
  err: string[];
}

export async function runAuditVerify(db: Queryable, options: VerifyOptions): Promise<VerifyOutcome> {
  const out: string[] = [];
  const err: string[] = [];
  let exitCode: 0 | 1 | 2 = 0;
  const chain = await verifyAuditChain(db);
  if (chain.first_break === null) {
    out.push(`audit:verify: the chain holds, ${chain.rows_checked} rows (${options.engine})`);
  } else {
    const b = chain.first_break;
    err.push(`audit:verify: ${b.problem} at position ${b.seq}${b.id === null ? '' : ` (row ${b.id})`}`);
    err.push(`  ${b.description}`);
    err.push(`  ${chain.rows_checked} rows before it hold`);
    exitCode = 1;
  }

  if (!existsSync(options.checkpointsFile)) {
    if (options.named) {
      err.push(`audit:verify: no checkpoints file at ${options.checkpointsFile}`);
      return { exitCode: 2, out, err };
    }
    out.push(
      `audit:verify: no checkpoints at ${options.checkpointsFile}: the chain was checked against itself only, which a rewrite that recomputes every hash would pass`,
    );
    return { exitCode, out, err };
  }
  if (!existsSync(options.publicKeyFile)) {
    err.push(
      `audit:verify: the checkpoints need the public key that signed them: no file at ${options.publicKeyFile} (--public-key FILE or AUDIT_PUBLIC_KEY_FILE)`,
    );
    return { exitCode: 2, out, err };
  }
  const parsed = parseCheckpoints(
    readFileSync(options.checkpointsFile, 'utf8'),
    loadPublicKey(options.publicKeyFile),
  );
  const report = await checkAgainstCheckpoints(db, parsed);
  for (const problem of report.problems) err.push(`audit:verify: checkpoints file ${problem}`);
  if (report.problems.length > 0) exitCode = 1;
  const m = report.first_mismatch;
  if (m) {
    err.push(
      `audit:verify: the log no longer matches its signed checkpoints at position ${m.seq}${m.id === null ? '' : ` (row ${m.id})`}`,
    );
    err.push(`  ${m.description}`);
    exitCode = 1;
  } else if (report.last) {
    out.push(
      `audit:verify: the log matches ${report.checkpoints} signed checkpoint${report.checkpoints === 1 ? '' : 's'}, the last at position ${report.last.seq} signed at ${report.last.at} by key ${report.last.key}; ${report.unsigned_rows} rows since are not yet signed`,
    );
  } else {
    out.push(`audit:verify: ${options.checkpointsFile} holds no checkpoint signed by that key`);
  }
  return { exitCode, out, err };
}
