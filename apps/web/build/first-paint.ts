/**
 * The first paint before the JavaScript (issue 17's Lighthouse budget): a visitor on `/` or `/login` sees the
 * screen drawn at once, instead of a blank page until about 110 KB of scripts have arrived and run.
 *
 * At build time the real components are rendered with react-dom/server (src/first-paint/prerender.tsx, built for
 * Node beside the app) in every language, with the CSS they need. A small classic script, loaded by index.html
 * right after `#root` (the CSP allows only scripts from the page's own origin, so it is a file, not inline), then:
 * - puts the stored theme on `<html>` (the dark toggle, with no light flash) and the stored language's tag;
 * - for a visitor without a stored profile on `/` or `/login`, draws that screen in the stored language as an
 *   inert overlay over the empty `#root` (so no words ever change language on screen).
 * The app removes the overlay in the same frame as it commits the real screen (src/first-paint/handover.ts); the
 * script removes it after FALLBACK_MS whatever happens, so a page whose scripts never arrive is not frozen.
 *
 * That page is for `/` and `/login` only. The server and the service worker give every other address app.html:
 * Vite's own page with a script that sets the theme and the language and nothing else.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';
import { languages, languageTags, type Language } from '../../../packages/core/src/contract/languages.ts';
import type { FirstPaint } from '../src/first-paint/prerender.tsx';
import { classesIn, cssRules, withoutUnusedRules } from '../src/first-paint/unused-css.ts';

const FALLBACK_MS = 15_000;
/** The drawn screen's column, styled by the page's own stylesheet (src/styles/column.css). */
const COLUMN_CLASS = 'first-paint-column';
/** Must match the storage keys of src/lib/theme.ts, src/lib/i18n/i18n.ts and src/lib/session.ts. */
const KEYS = { theme: 'gama.theme', language: 'gama.language', user: 'gama.user' } as const;

/**
 * The prerender module reads the browser's storage and `<html>` while it activates a language: a blank memory
 * stands in for them, as for a first visit.
 */
function browserStandIns(): () => void {
  const memory = new Map<string, string>();
  const standIns: Record<string, unknown> = {
    localStorage: {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => memory.set(key, value),
      removeItem: (key: string) => memory.delete(key),
    },
    document: { documentElement: { lang: 'en', dataset: {} } },
  };
  const global = globalThis as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(standIns).map((key) => [key, global[key]]));
  Object.assign(global, standIns);
  global.window = globalThis;
  return () => {
    Object.assign(global, saved);
    delete global.window;
  };
}

/** The browser tests find the app's own elements by test id, never the picture of them drawn before it. */
const withoutTestIds = (html: string) => html.replace(/ data-testid="[^"]*"/g, '');

async function prerender(
  root: string,
  plugins: PluginOption[],
): Promise<{ paints: Record<Language, FirstPaint>; css: string }> {
  // Inside the app's node_modules, so Node resolves React and the other packages the module leaves external.
  const outDir = path.join(root, 'node_modules/.first-paint');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins,
    build: {
      ssr: 'src/first-paint/prerender.tsx',
      outDir,
      emptyOutDir: true,
      ssrEmitAssets: true,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  let css = '';
  for (const file of await readdir(path.join(outDir, 'assets')).catch(() => [])) {
    if (file.endsWith('.css')) css += await readFile(path.join(outDir, 'assets', file), 'utf8');
  }
  const restore = browserStandIns();
  try {
    const module = (await import(
      `${pathToFileURL(path.join(outDir, 'prerender.mjs')).href}?${Date.now()}`
    )) as {
      render: (language: Language) => Promise<FirstPaint>;
    };
    const paints = {} as Record<Language, FirstPaint>;
    // One language after the other: activating one switches the module's whole i18n state.
    for (const language of languages) {
      const { landing, login } = await module.render(language);
      paints[language] = { landing: withoutTestIds(landing), login: withoutTestIds(login) };
    }
    return { paints, css };
  } finally {
    restore();
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The app's entry and the chunks it always needs, moved out of index.html's head into a data block. */
export interface AppScripts {
  entry: string;
  preload: string[];
}
export const APP_SCRIPTS_ID = 'app-scripts';
/** The page the server and the service worker give every address but `/` and `/login`. */
export const APP_PAGE = 'app.html';

/**
 * What both pages' classic script does first, before the first paint: the stored theme on `<html>` (the dark
 * toggle, with no light flash) and the stored language's tag.
 */
function themeAndLanguage(): string {
  const tags = Object.fromEntries(languages.map((l) => [l, languageTags[l].slice(0, 2)]));
  return `  function stored(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  var html = document.documentElement;
  var theme = stored(${JSON.stringify(KEYS.theme)});
  if (theme === 'light' || theme === 'dark') html.dataset.theme = theme;
  var tags = ${JSON.stringify(tags)};
  var language = stored(${JSON.stringify(KEYS.language)});
  if (!Object.prototype.hasOwnProperty.call(tags, language)) language = 'en';
  html.lang = tags[language];
`;
}

/** app.html's script: its module scripts are in its head as Vite wrote them, so it has nothing else to do. */
const bootScript = () => `(function () {\n${themeAndLanguage()}})();\n`;

/**
 * The classic script index.html loads after `#root` (plain ES2020, run before the first paint): theme, language,
 * the drawn screen, then the app's own scripts. With a screen drawn those are requested once the browser has
 * painted it, so on a slow network the paint's few kilobytes are not queued behind 110 KB of scripts (and no
 * screen is drawn twice: the app's arrives under the overlay). Without one (or in a hidden tab, which paints no
 * frame to wait for) they are requested at once. The frame with the overlay is produced after the animation frame
 * callbacks; the timeout queued in one runs after it.
 */
function drawScript(paints: Record<Language, FirstPaint>, css: string): string {
  return `(function () {
${themeAndLanguage()}  function loadApp() {
    var scripts = JSON.parse(document.getElementById(${JSON.stringify(APP_SCRIPTS_ID)}).textContent);
    scripts.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = scripts.entry;
    document.head.appendChild(entry);
  }
  var screen = stored(${JSON.stringify(KEYS.user)}) ? '' :
    location.pathname === '/' ? 'landing' : location.pathname === '/login' ? 'login' : '';
  if (!screen || document.visibilityState === 'hidden') return loadApp();
  var paints = ${JSON.stringify(paints)};
  var overlay = document.createElement('div');
  overlay.id = 'first-paint';
  overlay.setAttribute('aria-hidden', 'true');
  overlay.inert = true;
  overlay.innerHTML = ${JSON.stringify(css ? `<style>${css}</style>` : '')} +
    '<div class="${COLUMN_CLASS}">' + paints[language][screen] + '</div>';
  document.body.appendChild(overlay);
  setTimeout(function () { overlay.remove(); }, ${FALLBACK_MS});
  requestAnimationFrame(function () { setTimeout(loadApp, 0); });
})();
`;
}

/**
 * The entry script and its modulepreloads leave the head for a JSON block the draw script reads (JSON is not run,
 * so the CSP has nothing to say about it); the bench counts the same list.
 */
function moveAppScripts(html: string): { html: string; scripts: AppScripts } {
  const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  const entry = entries[0]?.[1];
  if (entries.length !== 1 || !entry)
    throw new Error('index.html should have exactly one module entry script');
  const scripts: AppScripts = { entry, preload: preloads.map((m) => m[1] as string) };
  let rest = html;
  for (const m of [...entries, ...preloads]) rest = rest.replace(m[0], '');
  const block = `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(scripts)}</script>`;
  return { html: rest.replace('</head>', `  ${block}\n  </head>`), scripts };
}

/**
 * `plugins`: what the prerender build needs to compile the components as the app does (the endpoint catalogue;
 * CSS module class names come out the same because the root and the files are the same).
 */
export function firstPaint(plugins: () => PluginOption[]): Plugin {
  let root = process.cwd();
  return {
    name: 'gama-first-paint',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const { paints, css } = await prerender(root, plugins());
      // The page's stylesheet is loaded before the first paint anyway: only the rules it lacks come along.
      const pageCss = Object.values(bundle)
        .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
        .filter((file) => String(page.source).includes(`/${file.fileName}"`))
        .map((file) => (file.type === 'asset' ? String(file.source) : ''))
        .join('');
      const missing = cssRules(css).filter((rule) => !pageCss.includes(rule));
      const markup = languages.flatMap((language) => Object.values(paints[language])).join('');
      const used = withoutUnusedRules(missing, classesIn(`${markup}<div class="${COLUMN_CLASS}">`));
      const anchor = '<div id="root"></div>';
      const vitePage = String(page.source);
      if (!vitePage.includes(anchor)) this.error(`index.html has no ${anchor} to draw the first paint after`);
      const withScript = (html: string, name: string, source: string) => {
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        const fileName = `assets/${name}-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        return html.replace(anchor, `${anchor}\n    <script src="/${fileName}"></script>`);
      };
      page.source = withScript(
        moveAppScripts(vitePage).html,
        'first-paint',
        drawScript(paints, used.join('')),
      );
      // Every other address (home above all) draws nothing before the app: Vite's page, its scripts in the head
      // where the browser finds them at once, and a script for the theme and the language only. A signed-in
      // player never downloads the drawn screens' 4 KB.
      this.emitFile({
        type: 'asset',
        fileName: APP_PAGE,
        source: withScript(vitePage, 'boot', bootScript()),
      });
    },
  };
}
