import { endpoints } from '@gama/core/endpoints';
import { expect, test } from '../support/fixtures.ts';

// The reference pages render their OpenAPI document under the server's own CSP (the fixtures fail a test on a
// CSP violation or an uncaught error), with everything from this server.
const references = [
  { page: endpoints.playerReference.path, title: 'Gama player API', operation: endpoints.socialData },
  {
    page: endpoints.operatorReference.path,
    title: 'Gama operator API',
    operation: endpoints.operatorLogin,
  },
];

// A developer's page, read on a desktop (Scalar folds its sidebar away on a phone).
test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

for (const { page: path, title, operation } of references) {
  test(`${path} shows the API reference with its operations`, async ({ page, baseURL }) => {
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseURL ?? '').origin) elsewhere.push(request.url());
    });
    await page.goto(path);
    // Scalar builds the whole reference (about 240 operations) before its first heading; on a slow machine inside
    // a whole `npm test` (load 15) that took past 15 s (session 23), and 8 s once on a busy one before. A limit,
    // not a wait: the step ends when the heading shows.
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 60_000 });
    // Scalar renders operations as they come into view, and folds every tag but the first: its search finds
    // the operation and brings it in.
    await page.getByRole('search').first().click();
    await page.getByRole('combobox').fill(operation.summary);
    await page.getByRole('option', { name: operation.summary }).first().click();
    const section = page.getByRole('heading', { name: operation.summary, level: 3 });
    await expect(section).toBeVisible();
    await expect(page.getByText(operation.path, { exact: true }).first()).toBeVisible();
    expect(elsewhere, 'requests to another host').toEqual([]);
  });
}
