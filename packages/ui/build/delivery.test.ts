import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './delivery.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  it('writes brotli and gzip copies of text assets that decompress to the file, and leaves the rest alone', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gama-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `const players = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `player ${i}`))};`;
    writeFileSync(path.join(dir, 'assets', 'index-abc.js'), js);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><p>${'नमस्ते '.repeat(300)}</p>`);
    writeFileSync(path.join(dir, 'tiny.css'), 'a{color:red}');
    writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(4096, 7));

    const summary = await precompress(dir);

    const jsPath = path.join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(readFileSync(`${jsPath}.br`)).toString()).toBe(js);
    expect(gunzipSync(readFileSync(`${jsPath}.gz`)).toString()).toBe(js);
    expect(readFileSync(`${jsPath}.br`).length).toBeLessThan(js.length / 3);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    // Too small to be worth a copy, and images are compressed already.
    expect(existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'icon.png.br'))).toBe(false);
    expect(summary.files).toBe(2);
    expect(summary.brBytes).toBeLessThan(summary.rawBytes);
  });
});

describe('the delivery plugin in a real build', () => {
  it("builds React's production bundle even when the shell says NODE_ENV=development, and precompresses it", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'gama-build-'));
    const webRoot = path.resolve(import.meta.dirname, '../../../apps/web');
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    try {
      await build({
        root: webRoot,
        configFile: path.join(webRoot, 'vite.config.ts'),
        logLevel: 'silent',
        build: { outDir: dir, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = before;
    }
    const scripts = readdirSync(path.join(dir, 'assets')).filter((name) => name.endsWith('.js'));
    const code = scripts.map((name) => readFileSync(path.join(dir, 'assets', name), 'utf8')).join('\n');
    // Only React's production build replaces its error texts with these links; the development build carries
    // the texts and its extra checks (about 50 KB more gzip in the main chunk).
    expect(code).toContain('Minified React error');
    expect(code).not.toContain('react-stack-bottom-frame');
    for (const name of scripts.filter((file) => statSync(path.join(dir, 'assets', file)).size >= 1024)) {
      expect(existsSync(path.join(dir, 'assets', `${name}.br`)), name).toBe(true);
      expect(existsSync(path.join(dir, 'assets', `${name}.gz`)), name).toBe(true);
    }
  }, 120_000);
});
