/**
 * Request generators for the Z1 fuzz suite, driven by the JSON Schema (input side) that zod derives from a
 * route's own schema. Two kinds of value come out: valid-looking ones (the shape the contract describes, with
 * realistic values for well-known field names so some reach the services) and invalid ones, each with a
 * reason, that the server must refuse.
 */
import fc from 'fast-check';
import type { ZodType } from 'zod';
import { z } from 'zod';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export function jsonSchemaOf(schema: ZodType): JsonSchema {
  // Refinements (phone rule, password rule) cannot be expressed; hints below cover the fields they guard.
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Realistic values for field names the services look at, so generated bodies get past the first rule. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

function typesOf(s: JsonSchema): string[] {
  if (s.anyOf) return s.anyOf.flatMap(typesOf);
  if (s.enum) return [...new Set(s.enum.map((v) => (typeof v === 'number' ? 'number' : typeof v)))];
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

const SHORT = 24;

function stringArb(s: JsonSchema): fc.Arbitrary<string> {
  if (s.enum) return fc.constantFrom(...(s.enum as string[]));
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  if (s.format === 'uri') return fc.webUrl().filter((u) => u.length <= (s.maxLength ?? 500));
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? SHORT, SHORT));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    // Any code point, NUL and lone surrogates included: text columns and JSONB have opinions about these.
    fc.string({ unit: 'binary', minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
  );
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000_000);
  const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1_000_000);
  const min = Math.max(low, Number.MIN_SAFE_INTEGER);
  const max = Math.min(high, Number.MAX_SAFE_INTEGER);
  if (integer) {
    // Small values are the interesting ones (ids that exist, amounts near limits); the edges are kept too.
    return fc.oneof(
      fc.integer({ min, max: Math.min(max, min + 1000) }),
      fc.constantFrom(min, max),
      // The whole range, drawn directly: a filter on a wide generator would spin on narrow ranges.
      fc.integer({ min, max }),
    );
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema's shape allows (refinements aside). */
export function validArb(s: JsonSchema, hints: Hints = {}, name?: string): fc.Arbitrary<unknown> {
  const hint = name === undefined ? undefined : hints[name];
  if (hint) return hint;
  if (s.anyOf) return fc.oneof(...s.anyOf.map((option) => validArb(option, hints)));
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArb({ ...s, type }, hints, name)));
  switch (types[0]) {
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(props)) model[key] = validArb(child, hints, key);
      return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    case 'array':
      return fc.array(validArb(s.items ?? {}, hints), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 5, 5)),
      });
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A JSON value whose type the schema does not allow; null, booleans, objects and arrays in the main. */
function wrongTypeArb(s: JsonSchema): fc.Arbitrary<unknown> | undefined {
  const types = new Set(typesOf(s));
  if (types.size === 0) return undefined;
  const options: fc.Arbitrary<unknown>[] = [fc.constant(null)];
  // Booleans and one-element arrays twice: they are what a lenient number coercion quietly accepts (true -> 1).
  if (!types.has('boolean')) options.push(fc.boolean(), fc.boolean());
  if (!types.has('array')) options.push(fc.tuple(fc.nat(9)));
  if (!types.has('object'))
    options.push(fc.constant({}), fc.dictionary(fc.string({ maxLength: 5 }), fc.nat()));
  if (!types.has('array')) options.push(fc.constant([]), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }));
  // Numbers are typed as numeric strings by legacy clients and coerced, so only non-numeric text is wrong there.
  if (!types.has('string')) options.push(fc.constantFrom('abc', 'NaN', 'Infinity', '--1', '١٢٣'));
  if (!types.has('number') && !types.has('integer') && !types.has('string')) options.push(fc.integer());
  return fc.oneof(...options);
}

/**
 * Fields whose text or number must be whole points (S10); their schema is a loose union that a transform
 * judges, so the JSON Schema alone cannot say that 1.5 or -1 is wrong.
 */
const WHOLE_POINTS = new Set(['request_amount', 'amount', 'points']);

/** A value clearly outside a string or number field's bounds. */
function outOfBoundsArb(s: JsonSchema, name: string | number | undefined): fc.Arbitrary<unknown> | undefined {
  const types = typesOf(s);
  const wholePoints = typeof name === 'string' && WHOLE_POINTS.has(name);
  if (s.enum)
    return fc.constantFrom('', 'zzz', `${String(s.enum[0])} `, String(s.enum[0]).toUpperCase() + '!');
  if (types.includes('string') && s.pattern) {
    const re = new RegExp(s.pattern);
    return fc.oneof(fc.string({ maxLength: 12 }), fc.constant('')).filter((v) => !re.test(v));
  }
  if (types.length === 1 && types[0] === 'string' && s.maxLength !== undefined) {
    // Huge strings: ASCII and multi-byte, beyond the declared limit.
    return fc
      .tuple(
        fc.integer({ min: s.maxLength + 1, max: Math.max(s.maxLength + 1, 5000) }),
        fc.constantFrom('x', 'é', '𝕏'),
      )
      .map(([n, unit]) => unit.repeat(n));
  }
  if (types.includes('integer') || wholePoints) {
    const bad: number[] = [1.5, 0.1, 1e21, 1e300, Number.MAX_SAFE_INTEGER + 2];
    const low =
      s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : wholePoints ? 0 : undefined);
    if (low !== undefined) bad.push(low - 1, -1e21, Math.min(low - 1, -100));
    if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) bad.push(s.maximum + 1);
    return fc.constantFrom(...bad);
  }
  return undefined;
}

export interface Generated {
  value: unknown;
  /** Why the value breaks the contract, or null for a valid-looking value. */
  invalid: string | null;
}

interface Leaf {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every property and array element of `value` whose schema is known, so a mutation can land anywhere. */
function leaves(s: JsonSchema, value: unknown, path: (string | number)[] = []): Leaf[] {
  const out: Leaf[] = [];
  const objectSchema = s.anyOf?.find((o) => typesOf(o).includes('object')) ?? s;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && objectSchema.properties) {
    for (const [key, child] of Object.entries(objectSchema.properties)) {
      if (!(key in value)) continue;
      out.push({ path: [...path, key], schema: child });
      out.push(...leaves(child, (value as Record<string, unknown>)[key], [...path, key]));
    }
  }
  if (Array.isArray(value) && s.items) {
    value.forEach((item, i) => {
      out.push({ path: [...path, i], schema: s.items as JsonSchema });
      out.push(...leaves(s.items as JsonSchema, item, [...path, i]));
    });
  }
  return out;
}

function setAt(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    const replaced = rest.length === 0 ? next : setAt(copy[head as number], rest, next);
    if (replaced === REMOVE) copy.splice(head as number, 1);
    else copy[head as number] = replaced;
    return copy;
  }
  const record = value as Record<string, unknown>;
  const replaced = rest.length === 0 ? next : setAt(record[head], rest, next);
  const others = Object.entries(record).filter(([key]) => key !== String(head));
  return Object.fromEntries(replaced === REMOVE ? others : [...others, [head, replaced]]);
}
const REMOVE = Symbol('remove');

/** Required properties of objects reached by `path`-less leaves (and the root). */
function requiredFields(s: JsonSchema, value: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const visit = (schema: JsonSchema, v: unknown, path: (string | number)[]) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return;
    for (const key of schema.required ?? []) {
      if (schema.properties?.[key]?.default === undefined) out.push([...path, key]);
    }
  };
  visit(s, value, []);
  for (const leaf of leaves(s, value)) {
    let v: unknown = value;
    for (const p of leaf.path) v = (v as Record<string | number, unknown>)[p];
    visit(leaf.schema, v, leaf.path);
  }
  return out;
}

/** Mutations that keep the value acceptable in kind: extra fields and unusual but in-bounds text. */
function harmlessMutations(s: JsonSchema, value: unknown): fc.Arbitrary<Generated>[] {
  const out: fc.Arbitrary<Generated>[] = [];
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    // Mass-assignment names and prototype keys must be ignored, never obeyed or crash the parser.
    const extraKey = fc.oneof(
      fc.constantFrom(
        'betting_status',
        'wallet_amt',
        'role',
        'player_id',
        'user_id',
        'is_admin',
        'constructor',
      ),
      fc.string({ maxLength: 10 }),
    );
    out.push(
      fc
        .dictionary(extraKey, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 3 })
        .map((extra) => ({ value: { ...extra, ...(value as Record<string, unknown>) }, invalid: null })),
    );
  }
  const texts = leaves(s, value).filter((l) => typesOf(l.schema).includes('string') && !l.schema.enum);
  if (texts.length > 0) {
    out.push(
      fc
        .tuple(
          fc.constantFrom(...texts),
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 10 }),
            // NUL twice over: PostgreSQL text refuses it, so it is the likeliest way for text to become a 500.
            fc.constantFrom(
              '\u0000',
              'a\u0000b',
              'é',
              '👍🏽',
              '\u202e',
              "'; DROP TABLE players; --",
              '%00',
              '../..',
            ),
            fc.string({ maxLength: 6 }).map((x) => `${x}\u0000`),
          ),
        )
        .map(([leaf, text]) => ({ value: setAt(value, leaf.path, text), invalid: null })),
    );
  }
  return out;
}

/** Mutations that break the contract, each named. */
function invalidMutations(s: JsonSchema, value: unknown): fc.Arbitrary<Generated>[] {
  const out: fc.Arbitrary<Generated>[] = [];
  const required = requiredFields(s, value);
  if (required.length > 0) {
    out.push(
      fc
        .constantFrom(...required)
        .map((path) => ({ value: setAt(value, path, REMOVE), invalid: `missing ${path.join('.')}` })),
    );
  }
  const typed = leaves(s, value).flatMap((leaf) => {
    const arb = wrongTypeArb(leaf.schema);
    return arb ? [{ leaf, arb }] : [];
  });
  if (typed.length > 0) {
    out.push(
      fc.constantFrom(...typed).chain(({ leaf, arb }) =>
        arb.map((bad) => ({
          value: setAt(value, leaf.path, bad),
          invalid: `wrong type at ${leaf.path.join('.')}: ${JSON.stringify(bad)}`,
        })),
      ),
    );
  }
  const bounded = leaves(s, value).flatMap((leaf) => {
    const arb = outOfBoundsArb(leaf.schema, leaf.path.at(-1));
    return arb ? [{ leaf, arb }] : [];
  });
  if (bounded.length > 0) {
    out.push(
      fc.constantFrom(...bounded).chain(({ leaf, arb }) =>
        arb.map((bad) => ({
          value: setAt(value, leaf.path, bad),
          invalid: `out of bounds at ${leaf.path.join('.')}: ${JSON.stringify(bad).slice(0, 60)}`,
        })),
      ),
    );
  }
  return out;
}

/**
 * Bodies for a schema: about half valid-looking, the rest broken one way each. Without a schema the body is
 * an object of random fields (the route must still never fail with a 5xx).
 */
export function bodyArb(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<Generated> {
  if (!schema) {
    return fc.oneof(
      fc.constant({ value: {}, invalid: null }),
      fc
        .dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
        .map((value) => ({
          value,
          invalid: null,
        })),
    );
  }
  return validArb(schema, hints).chain((base) => {
    const bad = invalidMutations(schema, base);
    const harmless = harmlessMutations(schema, base);
    return fc.oneof(
      { arbitrary: fc.constant<Generated>({ value: base, invalid: null }), weight: 3 },
      ...harmless.map((arbitrary) => ({ arbitrary, weight: 2 })),
      ...bad.map((arbitrary) => ({ arbitrary, weight: 2 })),
    );
  });
}

/** A query string's values are text: valid-looking values are stringified, broken ones named. */
export function queryArb(schema: JsonSchema | undefined, hints: Hints): fc.Arbitrary<Generated> {
  const junk = fc.dictionary(
    fc.string({ minLength: 1, maxLength: 8 }),
    fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 })),
    { maxKeys: 3 },
  );
  if (!schema) return junk.map((value) => ({ value, invalid: null }));
  const text = (v: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, typeof x === 'object' ? JSON.stringify(x) : String(x)]),
    );
  return (
    bodyArb(schema, hints)
      .filter((g) => g.value !== null && typeof g.value === 'object' && !Array.isArray(g.value))
      // In a query string everything is text, so a "wrong type" may well be a valid value there.
      .map((g) => ({
        value: text(g.value as Record<string, unknown>),
        invalid: g.invalid?.startsWith('wrong type') ? null : g.invalid,
      }))
  );
}
