import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/db.ts';
import { systemClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { ensureFirstOperator, ownerPasswordNotice } from './accounts.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The first start on an empty database, in `env`; what it wrote to stderr besides the log. */
async function firstStart(env: Record<string, string>): Promise<string> {
  const db = await openTestDatabase();
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    const config = loadConfig({ DATA_DIR: '/tmp/gama-first-owner', ...env });
    await ensureFirstOperator(db, config, systemClock, pino({ enabled: false }));
  } finally {
    vi.restoreAllMocks();
    await db.close();
  }
  return written.join('');
}

describe("the first owner's password", () => {
  it('stands out as a box in development; elsewhere it is only the JSON log line', async () => {
    expect(await firstStart({ NODE_ENV: 'test' })).toBe('');
    const box = await firstStart({ NODE_ENV: 'development' });
    const lines = box.trim().split('\n');
    expect(lines[0]).toMatch(/^╔═+╗$/);
    expect(lines.at(-1)).toMatch(/^╚═+╝$/);
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(box).toMatch(/password {2}[\w-]{16}/);
    expect(box).toContain('username  admin');
  });

  it('draws every line of the box to one width', () => {
    const notice = ownerPasswordNotice('owner-with-a-long-name', 'x'.repeat(40));
    const lines = notice.trim().split('\n');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
  });
});
