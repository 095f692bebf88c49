import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helpers.ts';
import { createTestApp } from '../../test/helpers.ts';

/** Two tiny built apps: the player app at / and the console at /admin/, each with an index and one asset. */
const root = mkdtempSync(join(tmpdir(), 'gama-static-'));
const webDist = join(root, 'web');
const adminDist = join(root, 'admin');
for (const [dist, name] of [
  [webDist, 'player'],
  [adminDist, 'console'],
] as const) {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${name}</title>`);
  writeFileSync(join(dist, 'assets', `${name}-abc123.js`), `console.log('${name}');`);
}
// What the build leaves for the player app's main chunk and manifest: the file and its brotli and gzip copies.
const bundle = `export const app = ${JSON.stringify('player '.repeat(400))};`;
writeFileSync(join(webDist, 'assets', 'index-D4x9.js'), bundle);
writeFileSync(join(webDist, 'assets', 'index-D4x9.js.br'), brotliCompressSync(bundle));
writeFileSync(join(webDist, 'assets', 'index-D4x9.js.gz'), gzipSync(bundle));
writeFileSync(join(webDist, 'manifest.webmanifest'), '{"name":"Gama"}');
// The player app's two pages: the drawn landing and login screen, and every other address (app.html).
const pageOf = (script: string) =>
  `<!doctype html><title>player</title><meta name="app-key" content="%GAMA_APP_KEY%"><script src="/assets/${script}.js"></script>`;
writeFileSync(join(webDist, 'index.html'), pageOf('first-paint-1a2b'));
writeFileSync(join(webDist, 'app.html'), pageOf('boot-3c4d'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist, ADMIN_DIST: adminDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the player app and the console from one port', () => {
  it('serves the console index at /admin/ and for every console page path', async () => {
    for (const url of ['/admin/', '/admin/index.html', '/admin/players/12/passbook', '/admin/audit?page=2']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>console</title>');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const bare = await get('/admin');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/admin/');
  });

  it("serves the console's assets, and a missing asset is a 404, not a page", async () => {
    const asset = await get('/admin/assets/console-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('console');");
    const missing = await get('/admin/assets/gone-000000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });

  it('keeps the player app at every other page path, and its assets', async () => {
    for (const url of ['/', '/imp', '/login', '/administrator', '/admins/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>player</title>');
    }
    const asset = await get('/assets/player-abc123.js');
    expect(asset.body).toBe("console.log('player');");
    // The player bundle is not reachable under the console prefix, nor the console's under the player's.
    expect((await get('/admin/assets/player-abc123.js')).statusCode).toBe(404);
    expect((await get('/assets/console-abc123.js')).statusCode).toBe(404);
  });

  it('gives the drawn landing to / and /login only, and the page without it to every other address', async () => {
    for (const url of ['/', '/index.html', '/login', '/login?next=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('first-paint-1a2b.js');
      expect(res.body, url).not.toContain('%GAMA_APP_KEY%');
    }
    for (const url of ['/imp', '/app.html', '/game', '/loginx', '/login/extra']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('boot-3c4d.js');
      expect(res.body, url).not.toContain('first-paint');
      expect(res.body, url).not.toContain('%GAMA_APP_KEY%');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers unknown operator API paths with the JSON error, not a page', async () => {
    const res = await get('/admin-api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
  });

  it('sends the same security headers on console pages and assets as on the player app', async () => {
    const player = await get('/imp');
    for (const url of ['/admin/', '/admin/results', '/admin/assets/console-abc123.js']) {
      const res = await get(url);
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'cross-origin-opener-policy',
        'x-frame-options',
      ]) {
        expect(res.headers[name], `${url} ${name}`).toBe(player.headers[name]);
      }
    }
    expect(String(player.headers['content-security-policy'])).toContain("default-src 'self'");
  });
});

describe('delivery as a CDN would do it', () => {
  const IMMUTABLE = 'public, max-age=31536000, immutable';

  it("sends the build's brotli copy of a hashed asset to a browser that takes brotli, cached for a year", async () => {
    const res = await get('/assets/index-D4x9.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toBeTruthy();
    expect(res.rawPayload.length).toBeLessThan(bundle.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bundle);
  });

  it('falls back to gzip, then to the plain file, by what the browser accepts', async () => {
    const gz = await get('/assets/index-D4x9.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);
    const plain = await get('/assets/index-D4x9.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    // An asset with no compressed copy is still served, as itself.
    const small = await get('/assets/player-abc123.js', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe("console.log('player');");
  });

  it('revalidates files that keep their name across builds, and answers a matching ETag with 304', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = String(res.headers.etag);
    expect(etag).toBeTruthy();
    expect((await get('/manifest.webmanifest', { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('sends the page compressed, never cached without a check, with an ETag for a cheap revalidation', async () => {
    for (const [url, title] of [
      ['/imp', 'player'],
      ['/', 'player'],
      ['/admin/results', 'console'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toContain(`<title>${title}</title>`);
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gunzipSync(gz.rawPayload).toString(), url).toContain(`<title>${title}</title>`);
      const again = await get(url, { 'if-none-match': String(res.headers.etag) });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
    // The two apps' pages differ, so a browser can never revalidate one against the other's ETag.
    expect((await get('/')).headers.etag).not.toBe((await get('/admin/')).headers.etag);
  });
});

describe('without a built console', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ env: { WEB_DIST: webDist, ADMIN_DIST: join(root, 'not-built') } });
  });
  afterAll(async () => {
    await bare.close();
  });

  it("answers console paths with a 404 instead of the player app's page", async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/admin/results' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    const player = await bare.app.inject({ method: 'GET', url: '/imp' });
    expect(player.body).toContain('<title>player</title>');
  });
});
