import { describe, expect, it } from 'vitest';
import { ManualClock, clockFromConfig, offsetClock } from './clock.ts';
import { ConfigError, describeConfig, loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, MARKET_TIME_ZONE: 'Asia/Kolkata', smsProvider: 'outbox' });
    expect(c.DATA_DIR).toBe(`${process.cwd()}/data`);
  });

  it('resolves a relative DATA_DIR against the folder npm was started in', () => {
    expect(loadConfig({ INIT_CWD: '/srv/gama', DATA_DIR: './data' }).DATA_DIR).toBe('/srv/gama/data');
    expect(loadConfig({ INIT_CWD: '/srv/gama', DATA_DIR: '/var/lib/gama' }).DATA_DIR).toBe('/var/lib/gama');
  });

  it('takes the schema owner for migrations only beside a server URL, and keeps it secret', () => {
    const owner = 'postgres://gama_owner:owner-secret@127.0.0.1:5432/gama';
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: owner })).toThrow(
      /DATABASE_MIGRATION_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://gama_server@h/gama', DATABASE_MIGRATION_URL: 'mysql://x@h/g' }),
    ).toThrow(/DATABASE_MIGRATION_URL/);
    const c = loadConfig({
      DATABASE_URL: 'postgres://gama_server@127.0.0.1:5432/gama',
      DATABASE_MIGRATION_URL: owner,
    });
    expect(c.DATABASE_MIGRATION_URL).toBe(owner);
    expect(JSON.stringify(describeConfig(c))).not.toContain('owner-secret');
  });

  it('keeps the audit checkpoints and their key beside the data directory, never in it', () => {
    const c = loadConfig({ INIT_CWD: '/srv/gama', DATA_DIR: './data' });
    expect(c).toMatchObject({
      AUDIT_CHECKPOINT_FILE: '/srv/gama/data-audit/checkpoints.jsonl',
      AUDIT_SIGNING_KEY_FILE: '/srv/gama/data-audit/signing-key.pem',
      AUDIT_PUBLIC_KEY_FILE: '/srv/gama/data-audit/signing-key.pem.pub',
      AUDIT_CHECKPOINT_EVERY_MS: 900_000,
      AUDIT_CHECKPOINT_URLS: [],
    });
    const named = loadConfig({
      INIT_CWD: '/srv/gama',
      AUDIT_CHECKPOINT_FILE: 'audit/cp.jsonl',
      AUDIT_SIGNING_KEY_FILE: '/etc/gama/key.pem',
      AUDIT_CHECKPOINT_URLS: 'https://witness.example/cp, http://10.0.0.5:8080/in',
      AUDIT_CHECKPOINT_SYSLOG: 'udp://logs.example:514',
    });
    expect(named).toMatchObject({
      AUDIT_CHECKPOINT_FILE: '/srv/gama/audit/cp.jsonl',
      AUDIT_PUBLIC_KEY_FILE: '/etc/gama/key.pem.pub',
      AUDIT_CHECKPOINT_URLS: ['https://witness.example/cp', 'http://10.0.0.5:8080/in'],
    });
    expect(() => loadConfig({ AUDIT_CHECKPOINT_URLS: 'ftp://witness.example/cp' })).toThrow(
      /AUDIT_CHECKPOINT_URLS.*: each must be an http\(s\) URL/,
    );
    expect(() => loadConfig({ AUDIT_CHECKPOINT_SYSLOG: 'logs.example:514' })).toThrow(
      /AUDIT_CHECKPOINT_SYSLOG: udp:\/\/host:port/,
    );
    expect(() => loadConfig({ AUDIT_CHECKPOINT_EVERY_MS: '10' })).toThrow(/AUDIT_CHECKPOINT_EVERY_MS/);
  });

  it('reads TRUST_PROXY as on, off, or the proxies to trust', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toBe(
      '127.0.0.1,10.0.0.0/8,::1',
    );
    for (const bad of ['yes', '10.0.0.0/33', '127.0.0.1/8/1', 'nginx', '10.0.0.0/x', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('names every bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', MARKET_TIME_ZONE: 'Mars/Olympus', CLOCK_START: 'yesterday' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', MARKET_TIME_ZONE: 'Mars/Olympus', CLOCK_START: 'yesterday' });
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('PORT');
      expect(text).toContain('MARKET_TIME_ZONE');
      expect(text).toContain('CLOCK_START');
    }
  });

  it('runs several processes only on PostgreSQL', () => {
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY.*PGlite/);
    const c = loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/gama' });
    expect(c.WEB_CONCURRENCY).toBe(2);
  });

  it('takes a statement mode and a direct address for a pooler in transaction mode', () => {
    expect(loadConfig({}).DATABASE_STATEMENTS).toBe('prepared');
    const pooled = loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:6432/gama',
      DATABASE_DIRECT_URL: 'postgres://postgres@127.0.0.1:5432/gama',
      DATABASE_STATEMENTS: 'unnamed',
    });
    expect(pooled.DATABASE_STATEMENTS).toBe('unnamed');
    expect(() => loadConfig({ DATABASE_STATEMENTS: 'named' })).toThrow(/DATABASE_STATEMENTS/);
    expect(() => loadConfig({ READ_DATABASE_URL: 'postgres://postgres@127.0.0.1:5433/gama' })).toThrow(
      /READ_DATABASE_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://postgres@127.0.0.1:5432/gama' })).toThrow(
      /DATABASE_DIRECT_URL: needs DATABASE_URL/,
    );
  });

  it('refuses the outbox in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_KEY: 'prod-key-12345' })).toThrow(/SMS_PROVIDER/);
    const c = loadConfig({
      NODE_ENV: 'production',
      APP_KEY: 'prod-key-12345',
      SMS_HTTP_URL: 'https://sms.example/send',
    });
    expect(c.smsProvider).toBe('http');
  });

  it('takes a crash point (FAULT_POINT) only outside production', () => {
    expect(loadConfig({ FAULT_POINT: 'bid-after-commit' }).FAULT_POINT).toBe('bid-after-commit');
    expect(() => loadConfig({ FAULT_POINT: 'somewhere' })).toThrow(/FAULT_POINT/);
    const production = {
      NODE_ENV: 'production',
      APP_KEY: 'prod-key-12345',
      SMS_HTTP_URL: 'https://sms.example/send',
    };
    expect(() => loadConfig({ ...production, FAULT_POINT: 'bid-after-commit' })).toThrow(/FAULT_POINT/);
  });

  it('masks secrets in the start-up log', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u:p@h/db', APP_KEY: 'secret-key-1' });
    const shown = describeConfig(c);
    expect(shown.DATABASE_URL).toBe('***');
    const pooled = describeConfig(
      loadConfig({ DATABASE_URL: 'postgres://u:p@pooler/db', DATABASE_DIRECT_URL: 'postgres://u:p@h/db' }),
    );
    expect(pooled.DATABASE_DIRECT_URL).toBe('***');
    expect(shown.APP_KEY).toBe('***');
    expect(JSON.stringify(shown)).not.toContain('u:p');
  });
});

describe('clock', () => {
  it('starts at CLOCK_START outside production and runs forward', async () => {
    const clock = clockFromConfig({ NODE_ENV: 'test', CLOCK_START: '2026-11-20T04:59:00Z' });
    const first = clock.now().getTime();
    expect(Math.abs(first - Date.parse('2026-11-20T04:59:00Z'))).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 20));
    expect(clock.now().getTime()).toBeGreaterThan(first);
  });

  it('ignores CLOCK_START in production', () => {
    const clock = clockFromConfig({ NODE_ENV: 'production', CLOCK_START: '2001-01-01T00:00:00Z' });
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('offset and manual clocks', () => {
    expect(
      Math.abs(offsetClock(new Date('2030-01-01T00:00:00Z')).now().getTime() - Date.parse('2030-01-01')),
    ).toBeLessThan(1000);
    const m = new ManualClock('2026-11-20T00:00:00Z');
    m.advance(60_000);
    expect(m.now().toISOString()).toBe('2026-11-20T00:01:00.000Z');
  });
});
