/** CSV answers through `route()`: only from entries that produce text/csv, whose JSON answers are still checked. */
import { endpoint } from '@gama/core/endpoints/define';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ManualClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import type { Deps } from '../deps.ts';
import { toCsv } from '../lib/csv.ts';
import { registerErrorHandler } from './errors.ts';
import { CsvReply, route } from './route.ts';

const answer = z.strictObject({ status: z.literal(true), n: z.number().int() });
const query = z.object({ format: z.enum(['json', 'csv']).default('json'), n: z.string().default('1') });
const csvEntry = endpoint({
  domain: 'test',
  method: 'GET',
  path: '/t/csv',
  access: 'open',
  summary: 'CSV or JSON',
  query,
  response: answer,
  errors: [],
  produces: 'text/csv',
});
const jsonEntry = endpoint({ ...csvEntry, path: '/t/json', produces: undefined });

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  // route() reads only the configuration here: open routes touch neither the database nor sessions.
  app.decorate('deps', {
    config: loadConfig({ NODE_ENV: 'test' }),
    clock: new ManualClock('2026-11-20T06:30:00.000Z'),
  } as unknown as Deps);
  registerErrorHandler(app);
  for (const entry of [csvEntry, jsonEntry]) {
    route(app, entry, async ({ query: q }) => {
      if (q.format === 'csv')
        return new CsvReply('report "x" 1.csv', toCsv(['n', 'name'], [{ n: 1, name: '=1+1' }]));
      // n=bad answers outside the schema: a server bug the check must catch.
      return { status: true, n: q.n === 'bad' ? Number.NaN : Number(q.n) };
    });
  }
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('route() and CSV', () => {
  it('sends a CsvReply as a text/csv download with a safe file name', async () => {
    const res = await app.inject({ method: 'GET', url: '/t/csv?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="report__x__1.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe("\uFEFFn,name\r\n1,'=1+1\r\n");
  });

  it("still checks the same entry's JSON answers against its schema", async () => {
    expect((await app.inject({ method: 'GET', url: '/t/csv?n=7' })).json()).toEqual({ status: true, n: 7 });
    expect((await app.inject({ method: 'GET', url: '/t/csv?n=bad' })).statusCode).toBe(500);
  });

  it('refuses a CsvReply from an entry that does not produce text/csv', async () => {
    expect((await app.inject({ method: 'GET', url: '/t/json?format=csv' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/t/json?n=3' })).json()).toEqual({ status: true, n: 3 });
  });
});

describe('toCsv', () => {
  it('quotes what needs quoting and defuses formulas, but leaves negative amounts as numbers', () => {
    const text = toCsv(
      ['a', 'b', 'c', 'd', 'e'],
      [{ a: 'x,y', b: 'say "hi"', c: '-12.50', d: '-cmd', e: null }],
    );
    expect(text).toBe('\uFEFFa,b,c,d,e\r\n"x,y","say ""hi""",-12.50,\'-cmd,\r\n');
    expect(toCsv(['a'], [{ a: '@SUM(1)' }, { a: '+1' }, { a: ' padded' }, { a: 'line\nbreak' }])).toBe(
      '\uFEFFa\r\n\'@SUM(1)\r\n\'+1\r\n" padded"\r\n"line\nbreak"\r\n',
    );
  });
});
