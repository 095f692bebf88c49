import { appShellMessages } from '@gama/core/contract/app-shell-messages';
import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, loginViaUi, test } from '../support/fixtures.ts';

// The rest of the suite blocks service workers (see playwright.config.ts); these tests are about them, and one
// of them deploys a new worker into the build the server serves, so they run one after another.
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

/** The player app's build, which the suite's server serves (playwright.config.ts starts it on this checkout). */
const webDist = path.resolve(import.meta.dirname, '../../apps/web/dist');

/** Waits until the app's service worker is active and has precached the app shell. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (registration.active?.state !== 'activated') {
      await new Promise<void>((done) => {
        registration.active?.addEventListener('statechange', () => done());
      });
    }
  });
}

test('the app is installable by Chromium’s criteria', async ({ baseURL }, testInfo) => {
  // A test's context is a private window, where Chromium never offers to install: use a profile on disk.
  const profile = mkdtempSync(path.join(tmpdir(), 'gama-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    ...(baseURL ? { baseURL } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await waitForServiceWorker(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('opens offline from the precached shell, says so, and never answers an API call from a cache', async ({
  page,
  player,
}) => {
  await loginViaUi(page, player);
  await waitForServiceWorker(page);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await page.context().setOffline(true);
  await page.reload();
  // The shell came from the cache: header and menu are there, and the player is told why nothing loads.
  await expect(page.getByRole('link', { name: 'Gama home' })).toBeVisible();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toContainText(appShellMessages.offline);
  await expect(banner).toContainText(appShellMessages.offlineDetail);
  // A call the app made a moment ago online is not served from anywhere now.
  const answer = await page.evaluate(() =>
    fetch('/api-get-social-data', { method: 'POST' }).then(
      (response) => `status ${response.status}`,
      () => 'network error',
    ),
  );
  expect(answer).toBe('network error');

  await page.context().setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('wallet-amount')).toBeVisible();
});

test('offers the new version when one is deployed, and takes it when the player taps Update', async ({
  page,
}) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // A deploy changes the worker script (its precache list names the new build's files): put one in place.
  const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) => path.join(webDist, name));
  const before = files.map((file) => readFileSync(file));
  const next = Buffer.from(`${before[0]?.toString() ?? ''}\n// the next build ${Date.now()}`);
  try {
    writeFileSync(files[0] ?? '', next);
    writeFileSync(files[1] ?? '', brotliCompressSync(next));
    writeFileSync(files[2] ?? '', gzipSync(next));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const prompt = page.locator('[data-sonner-toast]').filter({ hasText: appShellMessages.updateReady });
    await expect(prompt).toBeVisible({ timeout: 45_000 });
    // Waiting, not taken over: the page the player is on stays as it was until they choose.
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null),
    ).toBe(true);

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: appShellMessages.updateAction }).click();
    await reloaded;
    await expect(
      page
        .getByRole('link', { name: 'Gama home' })
        .or(page.getByRole('link', { name: /login/i }))
        .first(),
    ).toBeVisible();
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: registration?.waiting ?? null,
        controlled: navigator.serviceWorker.controller !== null,
      };
    });
    expect(state).toEqual({ waiting: null, controlled: true });
  } finally {
    files.forEach((file, i) => writeFileSync(file, before[i] ?? Buffer.alloc(0)));
  }
});

test('service worker and page are revalidated on every visit; hashed assets are kept for a year', async ({
  request,
}) => {
  for (const path of ['/sw.js', '/', '/manifest.webmanifest']) {
    const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expect(response.headers().etag, path).toBeTruthy();
  }
  const page = await (await request.get('/')).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1] ?? '';
  const asset = await request.get(script, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('br');
});
