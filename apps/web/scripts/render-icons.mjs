// Renders the PNG app icons from the SVG sources with the system Chromium, so no image tool is needed.
// Run from the repo root: node apps/web/scripts/render-icons.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const icons = fileURLToPath(new URL('../public/icons/', import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const targets = [
  { source: 'icon.svg', out: 'icon-32.png', size: 32 },
  { source: 'icon.svg', out: 'icon-192.png', size: 192 },
  { source: 'icon.svg', out: 'icon-512.png', size: 512 },
  { source: 'icon-maskable.svg', out: 'icon-maskable-512.png', size: 512 },
  { source: 'icon-maskable.svg', out: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const { source, out, size } of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(`${icons}${source}`, 'utf8');
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `${icons}${out}`, omitBackground: true });
    await page.close();
    console.log(`${out} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
