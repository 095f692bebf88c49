/**
 * Money is converted, parsed and formatted in one module (`packages/core/src/rules/money.ts`, decision 046). The
 * lint rule that holds everyone else to it (`moneySyntax` in eslint.config.js) is checked here on the code it
 * must refuse and the code it must let through, so a rule that stopped matching would fail a test, not pass
 * every file quietly.
 */
import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;

/** The money rule's findings for `code` as if it were the file at `path` (relative to the repository). */
async function moneyFindings(path: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-syntax' && m.message.includes('decision 046'))
    .map((m) => m.line);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('the money lint rule', () => {
  it('refuses the hand conversions the issue found, in the apps and the packages', async () => {
    const code = [
      'export const a = (total: number) => Math.round(total * 100);', // the bid answer's return trip
      'export const b = (cost: number) => String(cost / 100);', // place.ts
      'export const c = (paise: number) => (paise / 100).toFixed(2);', // csv-export.ts
      'export const d = (n: bigint) => n * 100n;',
      'export function e(x: number) { let y = x; y *= 100; return y; }',
      'export const f = (x: number) => x.toFixed(2);',
    ].join('\n');
    for (const path of [
      'apps/web/src/shared/bids/probe.ts',
      'apps/admin/src/lib/probe.ts',
      'apps/api/src/modules/bids/probe.ts',
      'packages/core/src/reconciliation/probe.ts',
      'packages/ui/src/lib/probe.ts',
      'e2e/support/probe.ts',
    ]) {
      expect(await moneyFindings(path, code), path).toEqual([1, 2, 3, 3, 4, 5, 6]);
    }
  });

  it('refuses the factor itself outside the money module', async () => {
    const code =
      "import { PAISE_PER_POINT } from '@gama/core/rules/money';\nexport const x = 5 * PAISE_PER_POINT;\n";
    expect(await moneyFindings('apps/api/src/modules/referrals/probe.ts', code)).toEqual([1, 1, 2]);
  });

  it('lets the money module, tests and other numbers through', async () => {
    const code = 'export const a = (paise: number) => paise / 100;\n';
    expect(await moneyFindings('packages/core/src/rules/money.ts', code)).toEqual([]);
    expect(await moneyFindings('packages/core/src/rules/measures.ts', code)).toEqual([]);
    expect(await moneyFindings('packages/core/src/rules/measures-probe.ts', code)).toEqual([1]);
    expect(await moneyFindings('apps/api/src/modules/bids/probe.test.ts', code)).toEqual([]);
    expect(await moneyFindings('e2e/tests/probe.spec.ts', code)).toEqual([]);
    expect(
      await moneyFindings('apps/web/src/probe.ts', 'export const s = (ms: number) => ms / 1000;\n'),
    ).toEqual([]);
  });
});

describe('no way around it', () => {
  it('no source file switches the rule off: a percentage, a size or random digits go through rules/measures.ts', () => {
    const sources = ['apps', 'packages', 'e2e/support'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter(
          (file) => /\.(ts|tsx)$/.test(file) && !file.includes('node_modules') && !file.includes('dist/'),
        )
        .map((file) => join(dir, file)),
    );
    expect(sources.length).toBeGreaterThan(500);
    const disabling = sources.filter((file) =>
      /eslint-disable(-next-line|-line)?\s+no-restricted-syntax/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(disabling).toEqual([]);
  });
});
