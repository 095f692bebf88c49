/** `npm run audit:verify`: walks the audit chain of the configured database and names the first broken row. */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { verifyAuditChain } from '../modules/audit/chain.ts';

const config = loadConfig();
const db = await openDatabase(config);
try {
  const report = await verifyAuditChain(db);
  if (report.first_break === null) {
    console.log(`audit:verify: the chain holds, ${report.rows_checked} rows (${db.engine})`);
  } else {
    const b = report.first_break;
    console.error(`audit:verify: ${b.problem} at position ${b.seq}${b.id === null ? '' : ` (row ${b.id})`}`);
    console.error(`  ${b.description}`);
    console.error(`  ${report.rows_checked} rows before it hold`);
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
