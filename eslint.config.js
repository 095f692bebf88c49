import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const root = import.meta.dirname;

/** The sub-folders of a folder (none when it does not exist yet), so a new feature is covered on the next run. */
function folders(path) {
  const absolute = `${root}/${path}`;
  return existsSync(absolute)
    ? readdirSync(absolute, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
}

/**
 * The import direction of a React app (the player app, and the operator console once apps/admin exists):
 * app → features → shared → components → lib. A layer imports only the layers after it, and a feature never
 * imports another feature (what two features share moves down to shared/).
 */
function appLayers(src) {
  const below = (layer, ...above) => ({
    target: `${src}/${layer}`,
    from: above.map((name) => `${src}/${name}`),
    message: `${layer}/ may not import ${above.map((name) => `${name}/`).join(', ')}: move what both need down a layer.`,
  });
  return [
    below('features', 'app'),
    below('shared', 'app', 'features'),
    below('components', 'app', 'features', 'shared'),
    below('lib', 'app', 'features', 'shared', 'components'),
    ...folders(`${src}/features`).map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`],
      message: 'A feature does not import another feature: move what both need to shared/.',
    })),
  ];
}

/**
 * The server's direction: modules/ (one folder per domain) may use http/, db/ and lib/; http/ and db/ never
 * import a module (route.ts learns who is calling through deps.callers, built in app.ts), and lib/ imports none
 * of them. app.ts, server.ts, deps.ts, seed/ and scripts/ compose the modules and may import anything.
 */
const apiLayers = [
  {
    target: ['apps/api/src/http', 'apps/api/src/db'],
    from: 'apps/api/src/modules',
    message: 'http/ and db/ sit below the modules: pass what they need in (see deps.ts).',
  },
  {
    target: 'apps/api/src/lib',
    from: ['apps/api/src/modules', 'apps/api/src/http', 'apps/api/src/db'],
    message: 'lib/ holds plain helpers and imports no layer above it.',
  },
];

/** The one file that may turn paise into points and back (decision 046). */
const MONEY_MODULE = 'packages/core/src/rules/money.ts';
/** Percentages, sizes, durations and random digits: the same factors as money, never an amount (decision 046). */
const MEASURES_MODULE = 'packages/core/src/rules/measures.ts';
const TESTS = ['**/*.test.{ts,tsx}', 'e2e/tests/**'];
const moneyMessage =
  'Amounts go through @gama/core/rules/money (decision 046): pointsToPaise, parsePaiseText, formatPaise, ' +
  'formatPaiseDecimal, formatPoints, wholePointsOf. A percentage, a size, a duration or random digits go through ' +
  '@gama/core/rules/measures (percentOf, wholePercentOf, formatMiB, formatSeconds, randomDigits).';

/**
 * What converts money by hand: a product or quotient with 100 (paise to points and back, `Math.round(x * 100)`),
 * `toFixed` (a float written with decimals), and the factor itself outside the money module.
 */
const moneySyntax = [
  { selector: 'BinaryExpression[operator=/^[*\\/]$/] > Literal[raw=/^100n?$/]', message: moneyMessage },
  { selector: 'AssignmentExpression[operator=/^[*\\/]=$/] > Literal[raw=/^100n?$/]', message: moneyMessage },
  { selector: "MemberExpression[property.name='toFixed']", message: moneyMessage },
  { selector: "Identifier[name='PAISE_PER_POINT']", message: moneyMessage },
];

const apiPathSyntax = [
  {
    selector: 'Literal[value=/^\\/(admin-)?api/]',
    message: 'API paths come from the endpoint catalogue: call(endpoints.x, input) or urlOf(endpoints.x).',
  },
  {
    selector: 'TemplateElement[value.raw=/^\\/(admin-)?api/]',
    message: 'API paths come from the endpoint catalogue: call(endpoints.x, input) or urlOf(endpoints.x).',
  },
];

/**
 * The shared packages' direction. In `packages/core`: rules/ (with operators/ and reconciliation/, pure rules of
 * their own) at the bottom, then contract/ (request schemas, messages, languages), then endpoints/ (the
 * catalogue, decision 009), then i18n/ (the texts of all of them). A folder imports only those below it. No
 * package imports an app, and core imports no other package. Tests are left out, as in module-graph.test.ts:
 * a test may reach up to check what it needs (the Hindi of a domain's messages).
 */
const core = (folder) => `packages/core/src/${folder}`;
const packageLayers = [
  {
    target: [core('rules'), core('operators'), core('reconciliation')],
    from: [core('contract'), core('endpoints'), core('i18n')],
    message: 'rules/, operators/ and reconciliation/ are core’s bottom layer: they import only each other.',
  },
  {
    target: core('contract'),
    from: [core('endpoints'), core('i18n')],
    message: 'contract/ sits below endpoints/ and i18n/: move what both need down into contract/.',
  },
  {
    target: core('endpoints'),
    from: core('i18n'),
    message: 'endpoints/ sits below i18n/: the texts read the catalogue, never the reverse.',
  },
  { target: 'packages', from: 'apps', message: 'Packages sit below the apps and never import one.' },
  {
    target: 'packages/core',
    from: 'packages/ui',
    message: 'Core is pure TypeScript and imports no other package.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Plain scripts the generated service worker imports (vite.config.ts importScripts).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Amounts are converted, parsed and formatted by the money module alone (decision 046). Tests are left out:
    // a test works its expected amounts out by hand, which is what makes it a check on the module.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    ignores: [MONEY_MODULE, MEASURES_MODULE, ...TESTS],
    rules: { 'no-restricted-syntax': ['error', ...moneySyntax] },
  },
  {
    // Paths and bodies come from the endpoint catalogue (`call(endpoints.x, input)`), never from a literal.
    // (One rule's options replace another block's, so the money selectors are repeated here.)
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', ...apiPathSyntax, ...moneySyntax] },
  },
  {
    files: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/admin/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathSyntax] },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [...appLayers('apps/web/src'), ...appLayers('apps/admin/src'), ...apiLayers],
        },
      ],
    },
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: packageLayers }] },
  },
);
