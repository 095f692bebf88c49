import type { Page } from '@playwright/test';
import { expect, loginViaUi, openMenu, test } from '../support/fixtures.ts';
import { settled } from '../support/settled.ts';

/** The surface token as the page resolves it, read through a probe element (the build shortens hex colours). */
const surface = (page: Page) =>
  page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.background = 'var(--color-surface)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });
const DARK = 'rgb(31, 25, 48)';
const LIGHT = 'rgb(255, 255, 255)';

/**
 * WCAG AA contrast of every visible text on the page: its colour against the first solid background behind it
 * (4.5:1, or 3:1 for large text). Text over a gradient or an image is left out: its background is not one
 * colour (the header's gradient is checked through its darkest and lightest stops in the tokens).
 */
function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const parse = (text: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:,? \/? ?([\d.]+))?\)/.exec(text);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const luminance = ([r, g, b]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((c) => {
        const s = (c ?? 0) / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
    };
    const backgroundOf = (start: Element): number[] | null => {
      for (let el: Element | null = start; el; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.backgroundImage !== 'none') return null;
        const bg = parse(style.backgroundColor);
        if (bg && bg[3] >= 0.99) return bg;
        if (bg && bg[3] > 0.05) return null;
      }
      return [255, 255, 255];
    };
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || (node.textContent ?? '').trim() === '') continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || style.visibility === 'hidden' || Number(style.opacity) < 0.1) continue;
      if (el.closest('[aria-hidden="true"], [data-sonner-toaster]')) continue;
      const fg = parse(style.color);
      const bg = backgroundOf(el);
      if (!fg || !bg) continue;
      const [l1, l2] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) {
        problems.push(
          `${(node.textContent ?? '').trim().slice(0, 30)}: ${ratio.toFixed(2)} (${style.color} on rgb(${bg.slice(0, 3).join(', ')}))`,
        );
      }
    }
    return problems;
  });
}

test('the dark tokens follow the system, the menu switch overrides it and is remembered', async ({
  page,
  player,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await loginViaUi(page, player);
  expect(await surface(page)).toBe(DARK);
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');

  let menu = await openMenu(page);
  await expect(menu.getByRole('radio', { name: 'System' })).toBeChecked();
  await menu.getByText('Light', { exact: true }).click();
  await expect(menu.getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await surface(page)).toBe(LIGHT);

  await page.reload();
  await expect(page.getByTestId('wallet-amount')).toBeVisible();
  expect(await surface(page)).toBe(LIGHT);

  // A system in light mode with Dark chosen: dark.
  await page.emulateMedia({ colorScheme: 'light' });
  menu = await openMenu(page);
  await menu.getByText('Dark', { exact: true }).click();
  expect(await surface(page)).toBe(DARK);
  await page.reload();
  await expect(page.getByTestId('wallet-amount')).toBeVisible();
  expect(await surface(page)).toBe(DARK);

  menu = await openMenu(page);
  await menu.getByText('System', { exact: true }).click();
  expect(await surface(page)).toBe(LIGHT);
  expect(await page.evaluate(() => localStorage.getItem('gama.theme'))).toBeNull();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the main screens meet WCAG AA contrast in the ${scheme} theme`, async ({ page, player }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await loginViaUi(page, player);
    const screens: Array<[string, string]> = [
      ['home', '/imp'],
      ['funds', '/imp9'],
      ['passbook', '/imp7'],
      ['bid-history', '/imp4'],
      ['notifications', '/notifications'],
      ['play-limits', '/play-limits'],
    ];
    const problems: string[] = [];
    for (const [name, path] of screens) {
      await page.goto(path);
      await settled(page, path);
      await page.screenshot({ path: test.info().outputPath(`${scheme}-${name}.png`) });
      problems.push(...(await lowContrast(page)).map((p) => `${name}: ${p}`));
    }
    await page.goto('/imp');
    const menu = await openMenu(page);
    await expect(menu).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${scheme}-menu.png`) });
    problems.push(...(await lowContrast(page)).map((p) => `menu: ${p}`));
    expect(problems).toEqual([]);
  });
}
