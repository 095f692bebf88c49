/**
 * Fewer, larger chunks for the first screens (decision 020). Left to itself the bundler splits the code by every
 * set of dynamic imports sharing a module: the landing arrived in 41 scripts, most under 1 KB, and gzip
 * compresses each file alone, so the split cost about 8% of its bytes (and a request each). These groups put the
 * entry's static imports, the API client with what every screen calling the server shares, the landing's frame
 * and login card, and TanStack Query into one chunk each; every other screen still takes what it needs from them.
 *
 * A group takes only the modules it names, never their dependencies: a dependency could be one of the entry's
 * own modules, and the entry would then import the group's chunk before its first line. `checkFirstScreenChunks`
 * fails the build when the entry imports a lazy group's chunk, when the start chunk imports another chunk, or when
 * a group names no module (a file was renamed).
 */
import type { Plugin } from 'vite';

/** One pattern per module: a path under the repository, matched at the end of the module's id. */
const source = (paths: readonly string[]) => paths.map((p) => new RegExp(`/${p.replace(/[.]/g, '\\.')}$`));

const icons = (names: readonly string[]) =>
  source(names.map((n) => `node_modules/lucide-react/dist/esm/icons/${n}.mjs`));

interface Group {
  name: string;
  priority: number;
  includeDependenciesRecursively: false;
  patterns: RegExp[];
  test: (id: string) => boolean;
}

const group = (name: string, priority: number, ...patterns: RegExp[][]): Group => {
  const all = patterns.flat();
  return {
    name,
    priority,
    includeDependenciesRecursively: false,
    patterns: all,
    test: (id) => all.some((pattern) => pattern.test(id)),
  };
};

export const firstScreenGroups: Group[] = [
  // What the entry imports before its first line (React, the router, the i18n runtime, the icon builder): every
  // address loads all of it, so one file rather than fifteen.
  group(
    'start',
    4,
    source([
      'node_modules/react/index.js',
      'node_modules/react/cjs/react.production.js',
      'node_modules/react/jsx-runtime.js',
      'node_modules/react/cjs/react-jsx-runtime.production.js',
      'apps/web/node_modules/@lingui/core/dist/index.mjs',
      'apps/web/node_modules/@lingui/react/dist/index.mjs',
      'apps/web/src/lib/i18n/i18n.ts',
      'apps/web/src/lib/i18n/use-t.ts',
      'apps/web/src/lib/i18n/format.ts',
      'apps/web/src/lib/server-clock.ts',
      'apps/web/src/lib/router/history.ts',
      'apps/web/src/lib/router/context.tsx',
      'apps/web/src/lib/router/match.ts',
      'apps/web/src/lib/router/links.tsx',
      'packages/core/src/i18n/compile.ts',
      'packages/core/src/contract/languages.ts',
      'packages/core/src/rules/dates.ts',
      'packages/core/src/rules/time.ts',
      'packages/ui/src/lib/ui-text.ts',
      'packages/ui/src/components/Button.tsx',
      'packages/ui/src/components/Button.module.css',
    ]),
    [
      /\/node_modules\/lucide-react\/dist\/esm\/(shared\/.*|Icon|createLucideIcon|context)\.mjs$/,
      /vite\/preload-helper/,
    ],
  ),
  // What the landing and home both load: the API client with the endpoint catalogue, the contact numbers, the
  // menus' lazy shells. Not the dialog: neither first screen draws one, each comes at its first opening.
  group(
    'client',
    3,
    [/gama-callable-catalogue$/],
    source([
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/lib/app-key.ts',
      'apps/web/src/lib/contacts.ts',
      'apps/web/src/lib/resource.ts',
      'apps/web/src/features/shell/menus.tsx',
      'apps/web/src/lib/on-first-open.tsx',
      'packages/ui/src/hooks/use-single-flight.ts',
      'apps/web/src/lib/service-worker.ts',
      'packages/core/src/endpoints/client.ts',
      'packages/core/src/endpoints/define.ts',
      'packages/core/src/contract/failure-messages.ts',
      'packages/core/src/contract/contact-number.ts',
    ]),
    icons(['message-circle', 'menu']),
  ),
  // The landing's frame and login card.
  group(
    'landing',
    2,
    source([
      'apps/web/src/app/LandingEntry.tsx',
      'apps/web/src/app/layouts/LandingLayout.tsx',
      'apps/web/src/features/shell/LandingHeader.tsx',
      'apps/web/src/features/shell/LandingHero.tsx',
      'apps/web/src/features/shell/DownloadAppBar.tsx',
      'apps/web/src/features/auth/LoginScreen.tsx',
      'apps/web/src/features/auth/AuthFooter.tsx',
      'apps/web/src/components/ContactButton.tsx',
      'apps/web/src/features/auth/api.ts',
      'apps/web/src/features/auth/use-start-session.ts',
      'apps/web/src/shared/auth-screen/AuthScreen.tsx',
      'apps/web/src/shared/auth-screen/AuthScreen.module.css',
      'apps/web/src/shared/auth-screen/CredentialFields.tsx',
      'apps/web/src/components/Form.tsx',
      'apps/web/src/components/Page.module.css',
      'apps/web/src/components/LanguageSwitch.tsx',
      'apps/web/src/components/LanguageSwitch.module.css',
      'apps/web/src/lib/device-id.ts',
      'packages/core/src/contract/messages.ts',
      'packages/core/src/contract/validation.ts',
      'packages/ui/src/components/Field.tsx',
      'packages/ui/src/components/Field.module.css',
      'packages/ui/src/hooks/use-form-fields.ts',
      'packages/ui/src/hooks/use-form-errors.ts',
    ]),
    icons(['log-in', 'download', 'eye', 'eye-off', 'circle-exclamation-point', 'phone', 'send']),
  ),
  // The member frame (header, footers, bell, reality check, support) and what home shares with other member
  // screens: every member screen renders inside the frame, so none loads this chunk for nothing.
  group(
    'member',
    2,
    source([
      'apps/web/src/app/layouts/MemberLayout.tsx',
      'apps/web/src/features/shell/AppHeader.tsx',
      'apps/web/src/features/shell/AppFooter.tsx',
      'apps/web/src/features/shell/DebtBanner.tsx',
      'apps/web/src/features/shell/api.ts',
      'apps/web/src/features/notifications/BellButton.tsx',
      'apps/web/src/features/notifications/live.ts',
      'apps/web/src/shared/notifications/unread.ts',
      'apps/web/src/shared/support/unread.ts',
      'apps/web/src/features/notifications/BellButton.module.css',
      'packages/ui/src/components/UnreadBadge.tsx',
      'apps/web/src/features/play/RealityCheck.tsx',
      'apps/web/src/features/play/api.ts',
      'apps/web/src/features/play/reality-check.ts',
      'apps/web/src/lib/profile.ts',
      'apps/web/src/lib/motion.ts',
      'apps/web/src/shared/headline/headline.ts',
      'apps/web/src/shared/headline/HeadlineMarquee.tsx',
      'apps/web/src/shared/headline/HeadlineMarquee.module.css',
      'apps/web/src/shared/bids/market-clock.ts',
      'packages/core/src/contract/notification-bell.ts',
      'packages/core/src/contract/debt-message.ts',
      'packages/core/src/rules/reality-check.ts',
      'packages/core/src/rules/panas.ts',
    ]),
    icons([
      'bell',
      'headset',
      'landmark',
      'wallet',
      'circle-plus',
      'list-ordered',
      'receipt-text',
      'arrow-up-from-line',
      'circle-play',
      'star',
      'megaphone',
      'circle-check',
      'clock',
    ]),
  ),
  // The dialog with its close icon, which no first screen draws: one chunk that imports nothing but the start
  // chunk, so a dialog opened at a tap (menu, install steps, game times) waits for one round of requests after its
  // own chunk, not two.
  group(
    'dialog',
    1,
    source(['packages/ui/src/components/Dialog.tsx', 'packages/ui/src/components/Dialog.module.css']),
    icons(['x']),
  ),
  // TanStack Query with the query client's own module: the chunk every screen under it uses.
  group('query', 1, [/\/node_modules\/@tanstack\//], source(['apps/web/src/lib/query-client.ts'])),
];

/** The lazy chunks of the landing's and home's first screens, whose own imports are preloaded with them. */
export const isFirstScreenChunk = (fileName: string): boolean =>
  /^assets\/(landing|member|HomeScreen)-[\w-]+\.js$/.test(fileName);

/** Fails the build when a group names no module or the entry imports a group's chunk (see above). */
export function checkFirstScreenChunks(): Plugin {
  return {
    name: 'gama-first-screen-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const ids = chunks.flatMap((chunk) => Object.keys(chunk.modules));
      for (const { name, patterns } of firstScreenGroups) {
        for (const pattern of patterns) {
          if (!ids.some((id) => pattern.test(id)))
            this.error(`chunk group ${name}: no module matches ${pattern}`);
        }
      }
      const chunkOf = (name: string) => (fileName: string) => fileName.startsWith(`assets/${name}-`);
      const lazyGroups = firstScreenGroups.filter(({ name }) => name !== 'start');
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
        const loaded = entry.imports.filter((file) => lazyGroups.some(({ name }) => chunkOf(name)(file)));
        if (loaded.length > 0)
          this.error(`the entry imports ${loaded.join(', ')}: a group took one of its modules`);
      }
      // Home and its frame run without the query client (decision 021): a chunk of theirs that imported it would
      // bring its 10 KB back to the first screen of almost every visit.
      for (const chunk of chunks.filter((c) =>
        ['client', 'member', 'HomeScreen'].some((n) => chunkOf(n)(c.fileName)),
      )) {
        const query = chunk.imports.filter(chunkOf('query'));
        if (query.length > 0)
          this.error(`${chunk.fileName} imports ${query.join(', ')}: home needs no query client`);
      }
      // The start chunk runs before the entry's own modules: it may need none of them (nor any other chunk but
      // the bundler's runtime), or it would run before what it uses.
      for (const start of chunks.filter((chunk) => chunkOf('start')(chunk.fileName))) {
        const needs = start.imports.filter((file) => !file.startsWith('assets/rolldown-runtime-'));
        if (needs.length > 0) this.error(`the start chunk imports ${needs.join(', ')}`);
      }
    },
  };
}
