/**
 * Decision 046: every amount in a console answer is integer paise in a field named `*_paise`. This walks the
 * JSON Schema of every operator entry's answer and names each field that breaks it, so an answer that goes back
 * to points as text ("142.50") or as a float fails here before any screen reads it.
 */
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { endpoint, type AnyEndpoint } from './define.ts';
import { endpoints } from './index.ts';
import { paise } from './paging.ts';

/** Words that name an amount of money in a field (`stakes`, `pending_stakes`, `cap_used`, `take_back`, …). */
const MONEY_WORDS =
  /(^|_)(amount|amounts|stake|stakes|payout|payouts|paid|points|balance|opening|closing|money|house|net|take|wallets|debt|cap|winnings|deposits|withdrawals|adjustments|repayments|transfers|reward|earned|exposure|profit|loss|limit|fee|bonus|cost)(_|$)/;

/** Text fields a money word names that are not amounts, each with the reason. */
const NOT_AMOUNTS: Record<string, string> = {
  payout_number: 'the phone number a withdrawal is paid to',
  payout_app: 'the name of the app a withdrawal is paid through',
};

type Json = { [key: string]: unknown };
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/** The types a schema admits, with `null` left out (a nullable amount is still an amount). */
function typesOf(schema: Json): string[] {
  const types = new Set<string>();
  const add = (s: Json) => {
    const type = s['type'];
    if (typeof type === 'string') types.add(type);
    if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') types.add(t);
    if ('const' in s) types.add(typeof s['const'] === 'number' ? 'number' : typeof s['const']);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = s[key];
      if (Array.isArray(list)) for (const item of list) if (isJson(item)) add(item);
    }
  };
  add(schema);
  types.delete('null');
  return [...types];
}

/** Walks a JSON Schema and calls `visit` for each property with its dotted path. */
function walk(schema: unknown, path: string, visit: (path: string, key: string, schema: Json) => void): void {
  if (!isJson(schema)) return;
  const properties = schema['properties'];
  if (isJson(properties)) {
    for (const [key, child] of Object.entries(properties)) {
      if (!isJson(child)) continue;
      const childPath = path === '' ? key : `${path}.${key}`;
      visit(childPath, key, child);
      walk(child, childPath, visit);
    }
  }
  for (const key of ['items', 'additionalProperties'] as const) walk(schema[key], `${path}[]`, visit);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const item of list) walk(item, path, visit);
  }
}

/** Accepts "142.50": the legacy contract's points as text. */
function takesPointsText(schema: Json): boolean {
  if (!typesOf(schema).includes('string')) return false;
  const pattern = schema['pattern'];
  return typeof pattern !== 'string' || new RegExp(pattern).test('142.50');
}

/** What is wrong with the amounts of one entry's answer, one line per field. */
export function moneyFieldProblems(name: string, entry: AnyEndpoint): string[] {
  const json = z.toJSONSchema(entry.response as ZodType, { io: 'output', unrepresentable: 'any' });
  const problems: string[] = [];
  walk(json, '', (path, key, schema) => {
    const types = typesOf(schema);
    const leaf = types.length > 0 && !types.includes('object') && !types.includes('array');
    if (!leaf) return;
    const where = `${name} ${path}`;
    if (key.endsWith('_paise')) {
      if (types.length !== 1 || types[0] !== 'integer')
        problems.push(`${where} is ${types.join('|')}, not integer paise`);
      return;
    }
    // An integer under another name is a count, or whole points by nature (a limit, an allowance: decision 046).
    if (!MONEY_WORDS.test(key) || key in NOT_AMOUNTS) return;
    if (types.includes('number')) problems.push(`${where} is a float; an amount is integer paise in *_paise`);
    else if (types.includes('string') && takesPointsText(schema))
      problems.push(`${where} is points as text; an amount is integer paise in *_paise`);
  });
  return problems;
}

const consoleEntries = Object.entries(endpoints as Record<string, AnyEndpoint>).filter(
  ([, entry]) => entry.access === 'operator' || entry.access === 'operator-login',
);

describe('console answers carry amounts as integer paise (decision 046)', () => {
  it('walks every operator entry', () => {
    expect(consoleEntries.length).toBeGreaterThan(80);
  });

  it('no console answer has an amount as text or a float', () => {
    expect(consoleEntries.flatMap(([name, entry]) => moneyFieldProblems(name, entry))).toEqual([]);
  });

  it('exempts only fields that some console answer has', () => {
    const keys = new Set<string>();
    for (const [, entry] of consoleEntries)
      walk(
        z.toJSONSchema(entry.response as ZodType, { io: 'output', unrepresentable: 'any' }),
        '',
        (_, key) => keys.add(key),
      );
    for (const key of Object.keys(NOT_AMOUNTS)) expect(keys, key).toContain(key);
  });
});

describe('the walk can fail', () => {
  const planted = endpoint({
    domain: 'test',
    method: 'GET',
    path: '/admin-api/planted',
    access: 'operator',
    permission: 'reports.read',
    summary: 'Amounts in every wrong form',
    response: z.strictObject({
      status: z.literal(true),
      rows: z.array(
        z.strictObject({
          stakes: z.string().regex(/^-?\d+(\.\d{2})?$/),
          payout: z.string(),
          cap_used: z.number().nullable(),
          balance: z.number(),
          amount_paise: z.number(),
          stake_paise: paise,
          bids: z.number().int(),
          user_name: z.string(),
          payout_number: z.string(),
        }),
      ),
      totals: z.strictObject({ house: z.string().nullable(), transfers: z.number().int() }),
    }),
    errors: [],
  });

  it('names each wrong field, and passes the right ones', () => {
    expect(moneyFieldProblems('planted', planted)).toEqual([
      'planted rows[].stakes is points as text; an amount is integer paise in *_paise',
      'planted rows[].payout is points as text; an amount is integer paise in *_paise',
      'planted rows[].cap_used is a float; an amount is integer paise in *_paise',
      'planted rows[].balance is a float; an amount is integer paise in *_paise',
      'planted rows[].amount_paise is number, not integer paise',
      'planted totals.house is points as text; an amount is integer paise in *_paise',
    ]);
  });
});
