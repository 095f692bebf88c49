/**
 * The player app's budgets (issue 17): initial JavaScript at most 100 KB gzip for the landing (`/`) and home
 * (`/imp`, signed in), and Lighthouse 13 mobile scores of at least 95 (performance, accessibility, best practices,
 * SEO) on `/`, `/login` and `/imp`. Builds the player app (BENCH_BUILD=0 uses the existing build), starts the real
 * server on PGlite serving it, and prints each figure against its budget: met or not met, and by how much.
 *
 * Initial JavaScript is counted two ways, both in gzip bytes (level 9, as the build precompresses):
 * - static: the entry script and every chunk index.html modulepreloads (what the browser fetches before the app
 *   runs a line);
 * - first screen: every script Chromium fetched for the page until the network was quiet and the screen drawn
 *   (the static set plus the lazy chunks the first screen needed).
 *
 * Lighthouse runs the Debian Chromium (CHROME_PATH, default /usr/bin/chromium) through `npx lighthouse@13`, mobile
 * form factor, simulated throttling. `/imp` needs a signed-in player: the session is an HttpOnly cookie
 * (`gama_session`) plus the profile the app keeps in localStorage (`gama.user`) to route; the script starts
 * Chromium itself, puts both in its profile through the DevTools protocol, and points Lighthouse at that browser
 * with storage reset off. Simulated throttling models the network and CPU from a trace, yet a busy machine still
 * slows the trace it models from: each run prints the machine's load before it and Lighthouse's benchmark index.
 * BENCH_LH_RUNS (default 1) runs each page more times and reports the median; BENCH_LIGHTHOUSE=0 counts the
 * JavaScript only.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { machineTime } from './cpu.ts';
import { freePort, seedPlayers, startBench } from './harness.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const webDist = path.join(repoRoot, 'apps/web/dist');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runFile = promisify(execFile);
const JS_BUDGET = 100 * 1024;
const SCORE_BUDGET = 95;
const LH_RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Row {
  what: string;
  value: string;
  budget: string;
  met: boolean;
  distance: string;
}
const rows: Row[] = [];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function jsRow(what: string, bytes: number) {
  const met = bytes <= JS_BUDGET;
  rows.push({
    what,
    value: kb(bytes),
    budget: `<= ${kb(JS_BUDGET)}`,
    met,
    distance: met ? `${kb(JS_BUDGET - bytes)} to spare` : `${kb(bytes - JS_BUDGET)} over`,
  });
}

/**
 * The entry script, its modulepreloads and the page's classic scripts, from a built page: index.html (`/` and
 * `/login`) keeps the first two in the JSON block its first-paint script loads them from (apps/web/build/
 * first-paint.ts), app.html (every other address) in its head. The classic script counts too: it runs before the
 * app, and most of index.html's is the drawn screens' markup.
 */
function staticScripts(page: string): string[] {
  const html = readFileSync(path.join(webDist, page), 'utf8');
  const classic = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] as string);
  const block = /<script type="application\/json" id="app-scripts">([^<]+)<\/script>/.exec(html)?.[1];
  if (block) {
    const scripts = JSON.parse(block) as { entry: string; preload: string[] };
    return [scripts.entry, ...scripts.preload, ...classic];
  }
  const entry = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1] as string);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
  return [...entry, ...preloads, ...classic];
}

function distFileOf(url: string): string | null {
  const pathname = new URL(url, 'http://x').pathname;
  return pathname.endsWith('.js') ? path.join(webDist, pathname) : null;
}

/** Machine-wide CPU use over `ms` while this script does nothing: the other jobs on the shared machine. */
async function machineBusy(ms: number): Promise<number> {
  const before = machineTime();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = machineTime();
  const total = after.total - before.total;
  return total > 0 ? (100 * (after.busy - before.busy)) / total : Number.NaN;
}

/** Scripts the page fetched until the network was quiet, with the first screen drawn. */
async function firstScreenScripts(context: BrowserContext, url: string, ready: string): Promise<string[]> {
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
  await page.close();
  return scripts;
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  environment: { benchmarkIndex: number };
  audits: Record<string, { numericValue?: number; displayValue?: string; score: number | null }>;
}

/**
 * One Lighthouse run, as a child process the script waits for without blocking: the server under test runs in
 * this process, so a synchronous wait (`execFileSync`) left every request of the page unanswered until Chromium
 * gave up on it ("Target closed"), while the same command worked from a shell.
 */
async function lighthouseOnce(url: string, extra: readonly string[]): Promise<LighthouseReport> {
  const { stdout } = await runFile(
    'npx',
    [
      '--yes',
      'lighthouse@13',
      url,
      '--form-factor=mobile',
      '--output=json',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      ...extra,
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  );
  return JSON.parse(stdout) as LighthouseReport;
}

/** On a loaded machine Chromium now and then loses its page mid-run: such a run is redone, twice at most. */
async function lighthouse(url: string, extra: readonly string[]): Promise<LighthouseReport> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, extra);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`lighthouse ${url} failed (${String(error).split('\n')[0]}), running it again`);
    }
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function scorePage(label: string, url: string, extra: readonly string[]) {
  const runs: LighthouseReport[] = [];
  for (let i = 0; i < LH_RUNS; i += 1) {
    const busy = await machineBusy(3_000);
    const report = await lighthouse(url, extra);
    runs.push(report);
    const perf = report.categories.performance?.score ?? 0;
    const fcp = report.audits['first-contentful-paint']?.displayValue ?? '?';
    const lcp = report.audits['largest-contentful-paint']?.displayValue ?? '?';
    const tbt = report.audits['total-blocking-time']?.displayValue ?? '?';
    console.log(
      `lighthouse ${label} run ${i + 1}: performance ${Math.round(perf * 100)} (FCP ${fcp}, LCP ${lcp}, TBT ${tbt});` +
        ` machine ${busy.toFixed(0)}% busy before it, load ${loadavg()[0]?.toFixed(2)},` +
        ` benchmark index ${report.environment.benchmarkIndex}`,
    );
  }
  for (const category of CATEGORIES) {
    const score = Math.round(100 * median(runs.map((r) => r.categories[category]?.score ?? 0)));
    const met = score >= SCORE_BUDGET;
    rows.push({
      what: `Lighthouse ${label} ${category}`,
      value: String(score),
      budget: `>= ${SCORE_BUDGET}`,
      met,
      distance: met ? `${score - SCORE_BUDGET} to spare` : `${SCORE_BUDGET - score} short`,
    });
  }
}

/** A Chromium with the DevTools port open, for Lighthouse to drive after the profile holds a session. */
async function startDebugChromium() {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'gama-lh-'));
  const child = spawn(
    chromePath,
    [
      '--headless=new',
      '--no-sandbox',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--disable-background-networking',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i += 1) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function main() {
  if (process.env.BENCH_BUILD !== '0') {
    execFileSync('npm', ['run', 'build', '-w', '@gama/web'], { cwd: repoRoot, stdio: 'ignore' });
  }
  const bench = await startBench('budgets');
  try {
    const [player] = await seedPlayers(bench.db, 1, 5_000);
    if (!player) throw new Error('no player seeded');
    const { rows: found } = await bench.db.query<{ user_name: string; mobile: string }>(
      'SELECT user_name, mobile FROM players WHERE id = $1',
      [player.id],
    );
    const stored = JSON.stringify(found[0]);
    const origin = bench.url;
    const sessionCookie = { name: 'gama_session', value: player.token, url: origin };
    const signIn = `localStorage.setItem('gama.user', ${JSON.stringify(stored)})`;

    console.log(`# Budgets of the player app`);
    console.log(
      `machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version};` +
        ` load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
    );

    // Initial JavaScript.
    for (const [label, page] of [
      ['/ and /login', 'index.html'],
      ['/imp and every other address', 'app.html'],
    ] as const) {
      const scripts = staticScripts(page);
      const bytes = scripts.reduce((sum, url) => sum + gzipBytes(path.join(webDist, url)), 0);
      console.log(`static scripts of ${page}: ${scripts.map((u) => path.basename(u)).join(', ')}`);
      jsRow(`initial JS, static (entry, modulepreloads, page script), ${label}`, bytes);
    }

    const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
    try {
      const visitor = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 390, height: 844 },
      });
      const member = await browser.newContext({
        serviceWorkers: 'block',
        viewport: { width: 390, height: 844 },
      });
      await member.addCookies([sessionCookie]);
      await member.addInitScript(signIn);
      for (const [label, context, route, ready] of [
        // The app's own login form: the first-paint overlay draws a picture of it (with a phone field) before
        // any of the app's scripts has arrived, which must not count as the screen drawn.
        ['/', visitor, '/', 'form[aria-label="Login"]:not(#first-paint *)'],
        ['/imp', member, '/imp', 'main'],
      ] as const) {
        const scripts = await firstScreenScripts(context, origin + route, ready);
        const files = [...new Set(scripts.map(distFileOf).filter((f): f is string => f !== null))];
        const bytes = files.reduce((sum, file) => sum + gzipBytes(file), 0);
        console.log(`first screen of ${label}: ${files.length} scripts, ${kb(bytes)} gzip`);
        for (const file of files) console.log(`  ${kb(gzipBytes(file)).padStart(8)}  ${path.basename(file)}`);
        jsRow(`initial JS, first screen of ${label} (Chromium)`, bytes);
      }
    } finally {
      await browser.close();
    }

    if (process.env.BENCH_LIGHTHOUSE !== '0') {
      // Lighthouse, signed out: its own Chromium, storage reset between runs.
      const flags = ['--chrome-flags=--headless=new --no-sandbox'];
      await scorePage('/', `${origin}/`, flags);
      await scorePage('/login', `${origin}/login`, flags);

      // Signed in: a browser whose profile holds the session, driven by Lighthouse without a storage reset.
      const debug = await startDebugChromium();
      try {
        const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${debug.port}`);
        const context = cdp.contexts()[0];
        if (!context) throw new Error('no default context in the debug Chromium');
        await context.addCookies([sessionCookie]);
        const page = await context.newPage();
        await page.goto(`${origin}/favicon.svg`);
        await page.evaluate(signIn);
        await page.close();
        await cdp.close();
        await scorePage('/imp', `${origin}/imp`, [`--port=${debug.port}`, '--disable-storage-reset']);
      } finally {
        await debug.stop();
      }
    }
  } finally {
    await bench.close();
  }

  console.log('');
  console.log('| budget | measured | target | met | distance |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(`| ${r.what} | ${r.value} | ${r.budget} | ${r.met ? 'met' : 'NOT MET'} | ${r.distance} |`);
  }
  const missed = rows.filter((r) => !r.met).length;
  console.log(missed === 0 ? 'every budget met' : `${missed} budget(s) not met`);
}

await main();
