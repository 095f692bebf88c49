/**
 * The e2e clock control exists only when the server is started for it: without E2E_CLOCK_CONTROL there is no
 * such route at all, and production refuses the setting.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { clockFromConfig, isAdjustable } from '../../clock.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { createTestApp, PRODUCTION_ENV } from '../../../test/helpers.ts';

const PATH = '/api/dev/clock/advance';

const plain = await createTestApp();
const t = await createTestApp({ env: { E2E_CLOCK_CONTROL: 'true' } });
afterAll(async () => {
  await plain.close();
  await t.close();
});

describe('without E2E_CLOCK_CONTROL', () => {
  it('has no clock control: the route is not registered and a request finds nothing', async () => {
    expect(plain.routes.some((r) => r.url.startsWith('/api/dev/clock'))).toBe(false);
    const before = plain.clock.now().toISOString();
    const res = await plain.app.inject({ method: 'POST', url: PATH, payload: { seconds: 1800 } });
    expect(res.statusCode).toBe(404);
    expect(plain.clock.now().toISOString()).toBe(before);
  });

  it('is off by default, and a server on real time keeps the system clock', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.E2E_CLOCK_CONTROL).toBe(false);
    expect(isAdjustable(clockFromConfig(config))).toBe(false);
  });
});

describe('with E2E_CLOCK_CONTROL=true', () => {
  it("moves the server's clock forward and answers the new time", async () => {
    const before = t.clock.now().getTime();
    const res = await t.app.inject({ method: 'POST', url: PATH, payload: { seconds: 31 * 60 } });
    expect(res.statusCode).toBe(200);
    expect(t.clock.now().getTime() - before).toBe(31 * 60_000);
    expect(res.json()).toEqual({ server_time: t.clock.now().toISOString() });
  });

  it('refuses a step that is not a positive whole number of seconds', async () => {
    const before = t.clock.now().toISOString();
    for (const seconds of [0, -60, 1.5, '60', 8 * 24 * 3600]) {
      const res = await t.app.inject({ method: 'POST', url: PATH, payload: { seconds } });
      expect(res.statusCode, String(seconds)).toBe(400);
    }
    expect(t.clock.now().toISOString()).toBe(before);
  });

  it('gives a server on real time a clock that can move', () => {
    const clock = clockFromConfig(loadConfig({ NODE_ENV: 'test', E2E_CLOCK_CONTROL: 'true' }));
    expect(isAdjustable(clock)).toBe(true);
  });
});

describe('refused where it must never run', () => {
  it('in production', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, E2E_CLOCK_CONTROL: 'true' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  E2E_CLOCK_CONTROL: a test-only setting, refused in production',
      ),
    );
  });

  it('with more than one server process, each of which would have its own clock', () => {
    expect(() =>
      loadConfig({
        DATABASE_URL: 'postgres://u@h/db',
        WEB_CONCURRENCY: '2',
        E2E_CLOCK_CONTROL: 'true',
      }),
    ).toThrow(/E2E_CLOCK_CONTROL: each process has its own clock/);
  });
});
