import { describe, expect, it } from 'vitest';
import { APP_KEY, createTestApp, suiteApp } from '../../test/helpers.ts';
import { securityHeaders } from './security.ts';

const t = suiteApp();

describe('security headers (S7)', () => {
  it('sets CSP, nosniff, referrer policy and no-store on API answers', async () => {
    const res = await t.post('/api-get-headline', { ids: [1] });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    for (const part of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(part);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('sends the same full set on answers, refusals, unknown paths and files', async () => {
    // What helmet 8 sets with our options (computed once at start-up, not per request).
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self';manifest-src 'self';worker-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    expect(securityHeaders()).toEqual(expected);
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api-main-game', payload: { app_key: APP_KEY } }),
      await t.app.inject({ method: 'POST', url: '/api-main-game', payload: { app_key: 'wrong-key-1' } }),
      await t.app.inject({ method: 'POST', url: '/api-user-wallet-balance', payload: { app_key: APP_KEY } }),
      await t.app.inject({ method: 'POST', url: '/api-no-such-call', payload: { app_key: APP_KEY } }),
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/no-such-file.js' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 403, 401, 404, 200, 404]);
    for (const res of answers) expect(res.headers).toMatchObject(expected);
    // API answers are never cached; the rest keep their own caching.
    expect(answers.slice(0, 4).map((a) => a.headers['cache-control'])).toEqual(Array(4).fill('no-store'));
    expect(answers[4]?.headers['cache-control']).toBeUndefined();
  });
});

describe('cross-site and content types (S6)', () => {
  const body = JSON.stringify({ app_key: APP_KEY, ids: [1] });
  /** The headline list (a player's POST with no session), sent with these headers and body as they are. */
  const headline = (headers: Record<string, string>, payload = body) =>
    t.app.inject({ method: 'POST', url: '/api-get-headline', payload, headers });

  it('refuses a cross-site state change', async () => {
    const res = await headline({ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: false, code: 'CROSS_SITE' });
  });

  it('refuses a foreign Origin but accepts its own', async () => {
    const foreign = await headline({
      'content-type': 'application/json',
      origin: 'https://evil.example',
      host: 'gama.test',
    });
    expect(foreign.statusCode).toBe(403);
    const own = await headline({
      'content-type': 'application/json',
      origin: 'http://gama.test',
      host: 'gama.test',
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses form and text bodies with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await headline({ 'content-type': type });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ status: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });

  it('answers malformed JSON with the one error shape', async () => {
    const res = await headline({ 'content-type': 'application/json' }, '{"app_key": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'VALIDATION' });
  });
});

describe('errors (S12)', () => {
  it('never leaks SQL or a stack in a 5xx', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.query('DROP TABLE headlines');
      const res = await broken.post('/api-get-headline', { ids: [1] });
      expect(res.statusCode).toBe(500);
      expect(res.json).toMatchObject({
        status: false,
        code: 'INTERNAL',
        msg: 'Something went wrong. Please try again.',
      });
      expect(res.json.request_id).toEqual(expect.any(String));
      expect(res.raw).not.toMatch(/headlines|relation|SELECT|at .*\.ts/);
    } finally {
      await broken.close();
    }
  });
});

describe('health and content', () => {
  it('answers /healthz with the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('serves the seeded headlines, slider, contacts, how-to-play and rules', async () => {
    const headlines = await t.post<{ data: Array<{ id: number; status: string; notes: string }> }>(
      '/api-get-headline',
      {
        ids: [1, 2, 3],
      },
    );
    expect(headlines.json.data.map((h) => h.id)).toEqual([1, 2, 3]);
    expect(headlines.json.data.every((h) => h.status === '1' && h.notes.length > 10)).toBe(true);
    const slider = await t.post<{ sliderdata: Array<{ slider_image: string }> }>('/api-get-slider-images');
    expect(slider.json.sliderdata).toHaveLength(3);
    const image = await t.app.inject({ method: 'GET', url: slider.json.sliderdata[0]?.slider_image ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    const social = await t.post('/api-get-social-data');
    expect(social.json).toMatchObject({ status: true, mobile_no: expect.stringMatching(/^\d{10}$/) });
    const htp = await t.post<{ content: Array<{ video_link: string }> }>('/api-how-to-play');
    expect(htp.json.content[0]?.video_link).toBeTruthy();
    const rules = await t.post<{ content: Array<{ withdrawal_rule: string; deposit_rule: string }> }>(
      '/api-money-deposit-withdrawal-rule',
    );
    expect(rules.json.content[0]?.withdrawal_rule).toContain('500');
  });

  it('reads the outbox only for a proper number', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?mobile=12' });
    expect(bad.statusCode).toBe(400);
  });
});
