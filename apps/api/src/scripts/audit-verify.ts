/**
 * `npm run audit:verify [-- --checkpoints FILE] [--public-key FILE]`: walks the audit chain of the configured
 * database, then checks it against the signed checkpoints (AUDIT_CHECKPOINT_FILE unless --checkpoints names
 * another; the public key from AUDIT_PUBLIC_KEY_FILE unless --public-key), naming the first row that differs.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { runAuditVerify } from '../modules/audit/verify-command.ts';

const { values } = parseArgs({
  options: { checkpoints: { type: 'string' }, 'public-key': { type: 'string' } },
});
const config = loadConfig();
const base = process.env.INIT_CWD ?? process.cwd();
const db = await openDatabase(config);
try {
  const outcome = await runAuditVerify(db, {
    checkpointsFile: values.checkpoints ? resolve(base, values.checkpoints) : config.AUDIT_CHECKPOINT_FILE,
    publicKeyFile: values['public-key'] ? resolve(base, values['public-key']) : config.AUDIT_PUBLIC_KEY_FILE,
    named: values.checkpoints !== undefined || Boolean(process.env.AUDIT_CHECKPOINT_FILE),
    engine: db.engine,
  });
  for (const line of outcome.out) console.log(line);
  for (const line of outcome.err) console.error(line);
  process.exitCode = outcome.exitCode;
} finally {
  await db.close();
}
