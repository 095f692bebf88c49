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
    // Paths and bodies come from the endpoint catalogue (`call(endpoints.x, input)`), never from a literal.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/(admin-)?api/]',
          message:
            'API paths come from the endpoint catalogue: call(endpoints.x, input) or urlOf(endpoints.x).',
        },
        {
          selector: 'TemplateElement[value.raw=/^\\/(admin-)?api/]',
          message:
            'API paths come from the endpoint catalogue: call(endpoints.x, input) or urlOf(endpoints.x).',
        },
      ],
    },
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
);
