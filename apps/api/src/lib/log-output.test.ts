/** The server's log shape (issue 32 item 15): readable lines for a developer, JSON lines everywhere else. */
import { PassThrough } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logFormat, logStream, prettyLog } from './log-output.ts';

describe('log output', () => {
  it('is pretty in development and JSON in production and tests', () => {
    expect(logFormat({ NODE_ENV: 'development' })).toBe('pretty');
    expect(logFormat({ NODE_ENV: 'production' })).toBe('json');
    expect(logFormat({ NODE_ENV: 'test' })).toBe('json');
    // No stream of its own outside development: pino writes its JSON lines to stdout.
    expect(logStream({ NODE_ENV: 'production' })).toBeUndefined();
    expect(logStream({ NODE_ENV: 'development' })).toBeDefined();
  });

  it('prints one readable line per event, without the request id, process or host', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const log = pino({ level: 'info' }, prettyLog(false, out));
    log.info({ reqId: 'b7f1c2', res: { statusCode: 200 }, responseTime: 3.2 }, 'request completed');
    log.warn('created operator "admin" with password: abc');
    await new Promise((resolve) => setImmediate(resolve));
    const lines = chunks.join('').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: request completed \{.*"statusCode":200.*\}$/);
    expect(lines[0]).not.toContain('b7f1c2');
    expect(lines[0]).not.toMatch(/pid|hostname/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: created operator "admin" with password: abc$/);
    // Not JSON: a terminal reads it.
    expect(() => JSON.parse(lines[0] ?? '') as unknown).toThrow();
  });
});
