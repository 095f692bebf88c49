import { chromium, type Page } from '@playwright/test';
import { expect, loginViaUi, test } from '../support/fixtures.ts';

/**
 * Chromium's headless shell, which drives the rest of the suite, refuses notification permission whatever it
 * is granted: these tests drive the full browser (headless), which .ci/run installs beside it.
 */
const closers: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function fullBrowserPage(
  baseURL: string | undefined,
  headers: Record<string, string> | undefined,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    ...(headers ? { extraHTTPHeaders: headers } : {}),
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'allow',
  });
  await context.grantPermissions(['notifications']);
  return { page: await context.newPage(), close: () => browser.close() };
}

/** A push as the server words it (apps/api push-text): title, body, tag and the app's path to open. */
const push = {
  title: 'KALYAN result declared',
  body: 'Result: 123-6',
  tag: 'result-41',
  url: '/support',
};

test('the service worker shows a push as a notification, and a tap on it opens the push’s page', async ({
  player,
  baseURL,
  extraHTTPHeaders,
}) => {
  const { page, close } = await fullBrowserPage(baseURL, extraHTTPHeaders);
  closers.push(close);
  await loginViaUi(page, player);
  // Controlled by the worker (the second load), as an installed app is: a tap navigates this window.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // Alerts are offered on the notifications screen, off until the player taps.
  await page.goto('/notifications');
  const section = page.getByRole('region', { name: 'Alerts on this phone' });
  await expect(section.getByRole('button', { name: 'Turn on alerts' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('push-offer.png') });

  // The browser's own push delivery (Chromium DevTools protocol), with the payload a push service would hand over.
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${baseURL}/`);
      if (ours) resolve(ours.registrationId as string);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL ?? '',
    registrationId: await registrationId,
    data: JSON.stringify(push),
  });

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const list = await registration.getNotifications();
      return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
    });
  await expect
    .poll(shown)
    .toEqual([{ title: push.title, body: push.body, tag: push.tag, data: { url: push.url } }]);

  // A tap: the worker gets notificationclick for the shown notification.
  const worker = page.context().serviceWorkers()[0];
  if (!worker) throw new Error('no service worker');
  // Run in the worker's own scope (its types are not the page's, so the script is given as text).
  await worker.evaluate(`(async () => {
    const [notification] = await self.registration.getNotifications();
    if (!notification) throw new Error('no notification');
    self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  })()`);
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { name: 'Support', exact: true })).toBeVisible();
  await expect.poll(shown).toEqual([]);
});

test('a push that is not the app’s (no title, or not JSON) shows nothing', async ({
  player,
  baseURL,
  extraHTTPHeaders,
}) => {
  const { page, close } = await fullBrowserPage(baseURL, extraHTTPHeaders);
  closers.push(close);
  await loginViaUi(page, player);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string }) => r.scopeURL === `${baseURL}/`);
      if (ours) resolve(ours.registrationId as string);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  for (const data of ['not json', JSON.stringify({ body: 'no title' })]) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL ?? '', registrationId: id, data });
  }
  // A real one after them: when it shows, the two before it have been handled.
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL ?? '',
    registrationId: id,
    data: JSON.stringify(push),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
      ),
    )
    .toEqual([push.title]);
});
