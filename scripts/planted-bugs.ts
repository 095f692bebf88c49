/**
 * `npm run planted-bugs`: does the suite still fail on the bugs it exists to catch? Each of five deliberate bugs
 * (issue 26: a double credit, an off-by-one cut-off, a missing ownership check, a broken refusal message, a
 * console permission) is written into the source, the Vitest files that should catch it run, and the source is
 * put back, whatever happens. A bug that leaves every one of its files green fails this script: the suite has
 * a hole there. Prints, per bug, which tests failed (docs/testing.md keeps the last run's answer).
 *
 * `PLANTED_BUGS=cut-off,permission` runs a chosen few. With TEST_DATABASE_URL set the files run on the engines
 * `apps/api/test/engines.ts` gives them, as in `npm test`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Edit {
  file: string;
  from: string;
  to: string;
  /** How many times `from` must occur (all are replaced); 1 unless said. */
  count?: number;
}

interface PlantedBug {
  name: string;
  what: string;
  edits: Edit[];
  /** The Vitest files (from the repository's root) that must fail with the bug in. */
  tests: string[];
}

const bugs: PlantedBug[] = [
  {
    name: 'double-credit',
    what: 'settlement pays every win twice (both legs doubled, so the journal still balances)',
    edits: [
      {
        file: 'apps/api/src/modules/results/settle.ts',
        from: 'NULL::text AS system, t.total AS amount',
        to: 'NULL::text AS system, 2 * t.total AS amount',
      },
      {
        file: 'apps/api/src/modules/results/settle.ts',
        from: "SELECT t.k, 1, NULL, 'house', -t.total",
        to: "SELECT t.k, 1, NULL, 'house', -2 * t.total",
      },
    ],
    tests: ['apps/api/src/modules/results/results.test.ts'],
  },
  {
    name: 'cut-off',
    what: 'a bid is still taken in the minute of its cut-off (< became <=)',
    edits: [
      {
        file: 'packages/core/src/rules/schedule.ts',
        from: 'if (day.minutes < cutoffMinutes(betType, session, day))',
        to: 'if (day.minutes <= cutoffMinutes(betType, session, day))',
      },
    ],
    tests: ['packages/core/src/rules/schedule.test.ts', 'apps/api/src/modules/bids/bids.test.ts'],
  },
  {
    name: 'ownership',
    what: "a player may enter a UTR on another player's deposit request (the player_id condition dropped)",
    edits: [
      {
        file: 'apps/api/src/modules/funds/utr.ts',
        from: 'FROM deposit_requests WHERE id = $1 AND player_id = $2',
        to: 'FROM deposit_requests WHERE id = $1 AND $2::bigint IS NOT NULL',
        count: 2,
      },
    ],
    tests: ['apps/api/test/security/bola.test.ts'],
  },
  {
    name: 'refusal-message',
    what: "a late open-session bid is refused with the close session's words",
    edits: [
      {
        file: 'packages/core/src/rules/schedule.ts',
        from: "reason: 'open_session_closed', message: m.openSessionClosed",
        to: "reason: 'open_session_closed', message: m.closeSessionClosed",
      },
    ],
    tests: ['packages/core/src/rules/schedule.test.ts', 'apps/api/src/modules/bids/bids.test.ts'],
  },
  {
    name: 'permission',
    what: 'a cashier may declare results',
    edits: [
      {
        file: 'packages/core/src/operators/permissions.ts',
        from: "  cashier: new Set<Permission>([\n    'account.self',",
        to: "  cashier: new Set<Permission>([\n    'account.self',\n    'results.declare',",
      },
    ],
    tests: ['apps/api/src/modules/results/declarations.test.ts'],
  },
];

interface VitestJson {
  testResults: Array<{
    name: string;
    assertionResults: Array<{ fullName: string; status: string }>;
  }>;
}

/** Runs the files; answers the exit code and the full names of the tests that failed. */
function runTests(files: string[], outFile: string): Promise<{ code: number; failed: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${outFile}`, ...files],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.once('exit', (code, signal) => {
      let failed: string[] = [];
      try {
        const report = JSON.parse(readFileSync(outFile, 'utf8')) as VitestJson;
        failed = report.testResults.flatMap((file) =>
          file.assertionResults
            .filter((result) => result.status === 'failed')
            .map((result) => `${path.relative(root, file.name)} > ${result.fullName}`),
        );
      } catch {
        // No report (a crash before the reporter ran): the exit code alone answers.
      }
      resolve({ code: code ?? (signal ? 1 : 0), failed });
    });
  });
}

function plant(bug: PlantedBug): Map<string, string> {
  const originals = new Map<string, string>();
  for (const edit of bug.edits) {
    const file = path.join(root, edit.file);
    const text = readFileSync(file, 'utf8');
    if (!originals.has(file)) originals.set(file, text);
    const found = text.split(edit.from).length - 1;
    if (found !== (edit.count ?? 1)) {
      throw new Error(
        `${bug.name}: expected ${edit.count ?? 1} of ${JSON.stringify(edit.from)} in ${edit.file}, found ${found} ` +
          '(the code moved: update the bug in scripts/planted-bugs.ts)',
      );
    }
    writeFileSync(file, text.split(edit.from).join(edit.to));
  }
  return originals;
}

const chosen = process.env.PLANTED_BUGS?.split(',').map((name) => name.trim());
const selected = chosen ? bugs.filter((bug) => chosen.includes(bug.name)) : bugs;
if (chosen && selected.length !== chosen.length) {
  throw new Error(`unknown bug in PLANTED_BUGS; known: ${bugs.map((bug) => bug.name).join(', ')}`);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'planted-bugs-'));
const outcomes: Array<{ bug: PlantedBug; caught: boolean; failed: string[] }> = [];
let originals = new Map<string, string>();
const restore = () => {
  for (const [file, text] of originals) writeFileSync(file, text);
  originals = new Map();
};
process.once('SIGINT', () => {
  restore();
  process.exit(130);
});
try {
  for (const bug of selected) {
    console.log(`\n== planting ${bug.name}: ${bug.what}`);
    originals = new Map();
    try {
      originals = plant(bug);
      const result = await runTests(bug.tests, path.join(scratch, `${bug.name}.json`));
      const caught = result.code !== 0 && result.failed.length > 0;
      outcomes.push({ bug, caught, failed: result.failed });
      console.log(`== ${bug.name}: ${caught ? `caught by ${result.failed.length} test(s)` : 'NOT CAUGHT'}`);
    } finally {
      restore();
    }
  }
} finally {
  restore();
  rmSync(scratch, { recursive: true, force: true });
}

console.log('\nplanted bugs:');
for (const { bug, caught, failed } of outcomes) {
  console.log(`  ${bug.name.padEnd(16)} ${caught ? 'caught' : 'NOT CAUGHT'}: ${bug.what}`);
  for (const name of failed) console.log(`      ${name}`);
}
process.exitCode = outcomes.every((outcome) => outcome.caught) ? 0 : 1;
