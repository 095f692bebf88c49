/** `npm run ledger:verify`: checks the ledger invariants against the configured database. */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { verifyLedger } from '../modules/ledger/verify.ts';

const config = loadConfig();
const db = await openDatabase(config);
try {
  const violations = await verifyLedger(db);
  if (violations.length === 0) {
    console.log(`ledger:verify: all invariants hold (${db.engine})`);
  } else {
    for (const v of violations) {
      console.error(`${v.invariant} violated: ${v.description}`);
      for (const row of v.rows.slice(0, 50)) console.error(`  ${JSON.stringify(row)}`);
      if (v.rows.length > 50) console.error(`  … and ${v.rows.length - 50} more`);
    }
    process.exitCode = 1;
  }
} finally {
  await db.close();
}
