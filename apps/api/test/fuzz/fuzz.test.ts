/**
 * Z1: schema-driven fuzzing of every route the server has (reliability-security.md 4.4, S12, ignored_auth).
 * Routes are read from the Fastify instance; bodies and queries come from each route's zod schema, valid-looking
 * and broken; callers are a player, an operator, nobody, a bad token and a player with betting off. Checks: no
 * 5xx, the one error shape without internals or secrets, personal and operator routes closed to the wrong
 * caller, no broken body accepted, and a clean ledger at the end.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> (and FUZZ_RUNS=<n> for more cases per route).
 * 100 cases per route on PostgreSQL (or on PGlite when there is no server), 10 on PGlite beside it.
 */
import { BET_TYPES } from '@gama/core/rules/bet-types';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOperator } from '../../src/modules/operators/accounts.ts';
import { ownerSettingDefaults, updateOwnerSettings } from '../../src/modules/settings/owner-settings.ts';
import { createSession } from '../../src/modules/auth/sessions.ts';
import { randomToken, sha256 } from '../../src/modules/auth/tokens.ts';
import { engine } from '../db.ts';
import { APP_KEY, createTestApp } from '../helpers.ts';
import type { ApiBody } from '../helpers.ts';
import { expectLedgerClean, fund } from '../money.ts';
import type { Generated, Hints } from './arbitraries.ts';
import { bodyArb, jsonSchemaOf, queryArb } from './arbitraries.ts';
import type { AuthClass, RouteRef, RouteSpec } from './catalogue.ts';
import { routeRefs, specFor } from './catalogue.ts';
import type { Answer } from './checks.ts';
import { errorShapeProblems, leakProblems } from './checks.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
// The whole fuzz on PostgreSQL, what production runs; on PGlite a tenth of it, enough to see each route answer
// the same way on the embedded engine (test/engines.ts). Without a PostgreSQL server the whole of it here.
const FULL_RUNS = 100;
const runsHere = engine === 'postgres' || !process.env.TEST_DATABASE_URL ? FULL_RUNS : FULL_RUNS / 10;
const RUNS = Number(process.env.FUZZ_RUNS ?? runsHere);
const PEPPER = 'test-pepper-0123456789abcdef';
const OPERATOR_PASSWORD = 'operator-pass-1';

// The app is built while the file is collected: the routes to test are the ones this instance has. A
// notification stream answers until it is closed; here it closes after 30 ms, so each case's answer ends.
const t = await createTestApp({ env: { NOTIFICATION_STREAM_MS: '30' } });
const routes = routeRefs(t.routes);

type Caller = 'player' | 'operator' | 'none' | 'bad' | 'betting-off';

interface World {
  player: { id: number; mobile: string; password: string };
  victim: { id: number; mobile: string };
  bettingOff: { id: number };
  operatorId: number;
  marketIds: number[];
  /** Ids to put in `:id`: the victim's own and nearby rows, never a fuzzing player. */
  pathIds: number[];
  revokedToken: string;
}
let world: World;

async function operatorSession(operatorId: number): Promise<string> {
  const token = randomToken();
  const now = t.clock.now();
  await t.db.query(
    'INSERT INTO operator_sessions (token_hash, operator_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)',
    [sha256(token), operatorId, now],
  );
  return token;
}

const playerSession = (playerId: number) =>
  createSession(t.db, t.clock, playerId, { ip: '127.0.0.1', userAgent: 'fuzz' });

beforeAll(async () => {
  const operatorId = await createOperator(t.db, {
    username: 'fuzz_admin',
    password: OPERATOR_PASSWORD,
    role: 'owner',
    now: t.clock.now(),
  });
  const op = await operatorSession(operatorId);
  const player = await t.player();
  const victim = await t.player();
  const bettingOff = await t.player({ bettingStatus: '0' });
  // Money on both sides, so bids, transfers and withdrawals can get past the balance check.
  await fund(t, player, op, 5_000);
  await fund(t, victim, op, 1_000);
  const pending = await t.post<ApiBody & { request_id: number }>(
    '/api-fund-request-add',
    { request_amount: '300' },
    { token: victim.token },
  );
  const revokedToken = await playerSession(victim.id);
  await t.db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1', [
    sha256(revokedToken),
    t.clock.now(),
  ]);
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM markets ORDER BY id');
  world = {
    player,
    victim,
    bettingOff,
    operatorId,
    marketIds: rows.map((r) => r.id),
    // Never the fuzzing players: an operator route on their id (betting-status, block) would change who they are
    // for every route fuzzed after it.
    pathIds: [victim.id, pending.json.request_id, 1, 2, 3, 999_999].filter(
      (id) => id !== player.id && id !== bettingOff.id,
    ),
    revokedToken,
  };
});

// PATCH /admin-api/settings may turn on two-factor or the two-person rules; each route starts from the defaults.
afterEach(async () => {
  await t.db.transaction((tx) => updateOwnerSettings(tx, ownerSettingDefaults(t.config), t.clock.now()));
});

afterAll(async () => {
  await expectLedgerClean(t);
  await t.close();
});

const digitsText = (min: number, max: number) => fc.stringMatching(new RegExp(`^\\d{${min},${max}}$`));
const phone = fc.stringMatching(/^[6-9]\d{9}$/);

function hints(): Hints {
  const known = fc.constantFrom(world.player.mobile, world.victim.mobile);
  const points = fc.oneof(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 2_000 }).map(String));
  return {
    mobile: fc.oneof(known, phone),
    mobile_no: fc.oneof(known, phone),
    number: fc.oneof(known, phone),
    paytm_no: phone,
    google_pay_no: phone,
    phon_pay_no: phone,
    otp: digitsText(4, 4),
    password: fc.constantFrom(world.player.password, 'wrong-password-1'),
    old_pass: fc.constantFrom(world.player.password, 'wrong-password-1'),
    new_pass: fc.constantFrom('new-password-9', 'short', 'password123'),
    request_amount: points,
    amount: points,
    points,
    game_id: fc.oneof(fc.constantFrom(...world.marketIds), fc.integer({ min: 1, max: 1_000 })),
    market_id: fc.oneof(fc.constantFrom(...world.marketIds), fc.integer({ min: 1, max: 1_000 })),
    pana: fc.constantFrom(...Object.values(BET_TYPES).map((b) => b.label)),
    digits: digitsText(1, 3),
    closedigits: digitsText(1, 3),
    value: digitsText(1, 3),
    bid_date: fc.constantFrom('20-Nov-2026', '21-Nov-2026', '20-November-2026', '2026-11-20', '31-Feb-2026'),
    date: fc.constantFrom('2026-11-20', '2026-11-19', '2026-02-31', '20-11-2026', '9999-99-99'),
    bid_from: fc.constantFrom('11/20/2026', '11/1/2026', '2026-11-20', '13/45/2026'),
    bid_to: fc.constantFrom('11/20/2026', '11/1/2026', '1/1/2020'),
    date_from: fc.constantFrom('11/20/2026', '11/1/2026', '2026-11-20'),
    date_to: fc.constantFrom('11/20/2026', '1/1/2020'),
    session: fc.constantFrom('open', 'close', 'Open', 'x'),
  };
}

interface Case {
  caller: Caller;
  /** Where a player token travels: the legacy clients use all three. */
  carrier: 'bearer' | 'body' | 'cookie';
  badAuth: string;
  id: { text: string; invalid: boolean };
  payload: Payload;
  query: Generated;
}

type Payload =
  | { kind: 'json'; gen: Generated; appKey: 'ok' | 'missing' | 'wrong' }
  | { kind: 'raw'; text: string; contentType: string; invalid: string }
  | { kind: 'none' };

const asciiText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });

function payloadArb(spec: RouteSpec, legacy: boolean): fc.Arbitrary<Payload> {
  const schema = spec.body ? jsonSchemaOf(spec.body) : undefined;
  const json = bodyArb(schema, hints());
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        gen: json,
        appKey: legacy
          ? fc.constantFrom('ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'missing', 'wrong')
          : fc.constant('ok'),
      }),
    },
    {
      // Arrays and scalars where the contract wants an object.
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
          fc.string(),
          fc.integer(),
          fc.constant(null),
        )
        .map((v): Payload => ({
          kind: 'raw',
          text: JSON.stringify(v),
          contentType: 'application/json',
          invalid: 'not an object',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.constantFrom(
            '{',
            '{"a":',
            'undefined',
            "{'a':1}",
            '{"a":1}}',
            '\u0000',
            '[1,]',
            '{"__proto__":{"x":1}',
          ),
          asciiText(30),
        )
        .filter((text) => {
          try {
            JSON.parse(text);
            return false;
          } catch {
            return true;
          }
        })
        .map((text): Payload => ({
          kind: 'raw',
          text,
          contentType: 'application/json',
          invalid: 'not JSON',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/jsonx',
        )
        .map((contentType): Payload => ({
          kind: 'raw',
          text: JSON.stringify({ app_key: APP_KEY, env_type: 'Prod' }),
          contentType,
          invalid: `content-type ${contentType}`,
        })),
    },
    { weight: 1, arbitrary: fc.constant<Payload>({ kind: 'none' }) },
  );
}

function callersFor(auth: AuthClass): Caller[] {
  if (auth === 'betting') return ['player', 'player', 'player', 'operator', 'none', 'bad', 'betting-off'];
  if (auth === 'player') return ['player', 'player', 'player', 'operator', 'none', 'bad'];
  if (auth === 'operator') return ['operator', 'operator', 'operator', 'player', 'none', 'bad'];
  return ['player', 'operator', 'none', 'bad'];
}

function caseArb(route: RouteRef, spec: RouteSpec): fc.Arbitrary<Case> {
  const legacy = !route.url.startsWith('/admin-api/') && route.method === 'POST';
  const badAuth = fc.oneof(
    fc.constant(`Bearer ${world.revokedToken}`),
    fc.stringMatching(/^[0-9a-f]{64}$/).map((x) => `Bearer ${x}`),
    asciiText(120).map((x) => `Bearer ${x}`),
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Basic YWRtaW46YWRtaW4=',
      'bearer abcdefghijklmnopqrstuvwxyz',
      "Bearer ' OR 1=1 --",
    ),
  );
  const id = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...world.pathIds).map((n) => ({ text: String(n), invalid: false })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('0', '-1', '1.5', 'abc', '99999999999999999999', '%F0%9F%92%A9', '%00', '1%20OR%201=1')
        .map((text) => ({ text, invalid: true })),
    },
  );
  const noQuery = fc.constant<Generated>({ value: {}, invalid: null });
  return fc.record({
    caller: fc.constantFrom(...callersFor(spec.auth)),
    carrier: fc.constantFrom('bearer', 'body', 'cookie'),
    badAuth,
    id,
    payload: route.method === 'POST' ? payloadArb(spec, legacy) : fc.constant<Payload>({ kind: 'none' }),
    query:
      route.method === 'GET' || route.method === 'HEAD'
        ? queryArb(spec.query ? jsonSchemaOf(spec.query) : undefined, hints())
        : noQuery,
  });
}

interface Tokens {
  player: string;
  bettingOff: string;
  operator: string;
}

async function mintTokens(): Promise<Tokens> {
  return {
    player: await playerSession(world.player.id),
    bettingOff: await playerSession(world.bettingOff.id),
    operator: await operatorSession(world.operatorId),
  };
}

/** What was sent, for the failure message. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function buildRequest(route: RouteRef, c: Case, tokens: Tokens): Sent {
  const headers: Record<string, string> = {};
  let token: string | undefined;
  if (c.caller === 'player') token = tokens.player;
  if (c.caller === 'betting-off') token = tokens.bettingOff;
  if (c.caller === 'operator') headers.authorization = `Bearer ${tokens.operator}`;
  if (c.caller === 'bad') headers.authorization = c.badAuth;
  if (token !== undefined && (c.carrier === 'bearer' || route.url.startsWith('/admin-api/'))) {
    headers.authorization = `Bearer ${token}`;
  } else if (token !== undefined && c.carrier === 'cookie') {
    headers.cookie = `gama_session=${token}`;
  }
  // Any path under a wildcard reaches it; under /static/ one that climbs out of a folder is tried too.
  const file = route.url.startsWith('/static/') ? 'fuzz/../x.txt' : 'x.txt';
  let url = route.url.replace(':id', c.id.text).replace('*', file);
  const query = new URLSearchParams(c.query.value as Record<string, string>).toString();
  if (query) url += `?${query}`;
  const sent: Sent = { method: route.method, url, headers };
  const p = c.payload;
  if (p.kind === 'json') {
    let value = p.gen.value;
    const legacy = !route.url.startsWith('/admin-api/');
    if (legacy && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const envelope: Record<string, unknown> = { env_type: 'Prod' };
      if (p.appKey === 'ok') envelope.app_key = APP_KEY;
      if (p.appKey === 'wrong') envelope.app_key = `${APP_KEY}x`;
      if (token !== undefined && c.carrier === 'body') envelope.unique_token = token;
      value = { ...(value as Record<string, unknown>), ...envelope };
    }
    headers['content-type'] = 'application/json';
    sent.payload = JSON.stringify(value);
  } else if (p.kind === 'raw') {
    headers['content-type'] = p.contentType;
    sent.payload = p.text;
  }
  return sent;
}

/** Why the request breaks the contract, or null when it is valid-looking. */
function invalidity(route: RouteRef, spec: RouteSpec, c: Case): string | null {
  const legacy = !route.url.startsWith('/admin-api/') && route.method === 'POST';
  if (c.id.invalid && route.url.includes(':id')) return `path id ${c.id.text}`;
  if (c.query.invalid) return `query: ${c.query.invalid}`;
  const p = c.payload;
  // A route that takes no body ignores whatever JSON it is sent; only a body its parser refuses is wrong there.
  if (p.kind === 'raw' && p.invalid === 'not an object' && !legacy && !spec.body) return null;
  if (p.kind === 'raw') return p.invalid;
  if (p.kind === 'none') {
    if (legacy) return 'no body (no app key)';
    return spec.body && (jsonSchemaOf(spec.body).required?.length ?? 0) > 0 ? 'no body' : null;
  }
  if (p.kind === 'json' && p.appKey !== 'ok') return `app key ${p.appKey}`;
  return p.gen.invalid;
}

/** The request reaches the handler's auth check: parsed JSON (or none) and, on legacy routes, the app key. */
function reachesAuth(route: RouteRef, c: Case): boolean {
  const legacy = !route.url.startsWith('/admin-api/') && route.method === 'POST';
  const p = c.payload;
  // Refused as malformed (400) before any handler, which is a right answer too: prototype keys (Fastify's JSON
  // parser) and U+0000 anywhere in the body or query (security.ts).
  const text = `${JSON.stringify(p.kind === 'json' ? p.gen.value : '')}${JSON.stringify(c.query.value)}`;
  if (/"(?:__proto__|constructor)"|\\u0000/.test(text)) return false;
  if (p.kind === 'raw')
    return !legacy && p.contentType === 'application/json' && p.invalid === 'not an object';
  if (p.kind === 'none') return !legacy;
  const v = p.gen.value;
  return !legacy || (p.appKey === 'ok' && v !== null && typeof v === 'object' && !Array.isArray(v));
}

function authProblems(
  spec: RouteSpec,
  route: RouteRef,
  c: Case,
  answer: Answer,
  json: ApiBody | undefined,
): string[] {
  const ok = answer.statusCode >= 200 && answer.statusCode < 300;
  const expect = (status: number, code: string): string[] => {
    if (ok) return [`${c.caller} got ${answer.statusCode} from a ${spec.auth} route`];
    if (!reachesAuth(route, c) || route.method === 'HEAD') return [];
    return answer.statusCode === status && json?.code === code
      ? []
      : [
          `${c.caller} on a ${spec.auth} route: expected ${status} ${code}, got ${answer.statusCode} ${json?.code}`,
        ];
  };
  if (spec.auth === 'player' || spec.auth === 'betting') {
    if (c.caller === 'none' || c.caller === 'bad' || c.caller === 'operator')
      return expect(401, 'UNAUTHENTICATED');
    if (spec.auth === 'betting' && c.caller === 'betting-off') return expect(403, 'BETTING_DISABLED');
  }
  if (spec.auth === 'operator') {
    if (c.caller === 'none' || c.caller === 'bad') return expect(401, 'UNAUTHENTICATED');
    if (c.caller === 'player') return expect(403, 'FORBIDDEN');
  }
  return [];
}

let cases = 0;

async function runCase(route: RouteRef, spec: RouteSpec, c: Case, tokens: Tokens): Promise<string[]> {
  const sent = buildRequest(route, c, tokens);
  const res = await t.app.inject({
    method: sent.method as 'GET',
    url: sent.url,
    headers: sent.headers,
    ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
  });
  cases += 1;
  const answer: Answer = {
    statusCode: res.statusCode,
    body: res.body,
    contentType: String(res.headers['content-type'] ?? ''),
  };
  let json: ApiBody | undefined;
  try {
    json = answer.body ? (JSON.parse(answer.body) as ApiBody) : undefined;
  } catch {
    json = undefined;
  }
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`HTTP ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  problems.push(...errorShapeProblems(answer, route.method));
  problems.push(
    ...leakProblems(answer, [
      PEPPER,
      OPERATOR_PASSWORD,
      tokens.operator,
      tokens.bettingOff,
      process.env.TEST_DATABASE_URL ?? '',
    ]),
  );
  problems.push(...authProblems(spec, route, c, answer, json));
  const invalid = invalidity(route, spec, c);
  if (invalid !== null && answer.statusCode < 300 && json?.status === true) {
    problems.push(`accepted an invalid request (${invalid}): ${answer.body.slice(0, 160)}`);
  }
  if (problems.length > 0) {
    const request = `${sent.method} ${sent.url} ${JSON.stringify(sent.headers)} ${sent.payload?.slice(0, 300) ?? ''}`;
    return [`${request}\n  -> ${answer.statusCode} ${answer.body.slice(0, 200)}\n  ${problems.join('\n  ')}`];
  }
  return [];
}

describe('Z1 route inventory', () => {
  it('reads every route from the instance, and each is a real route', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) {
      expect(t.app.hasRoute({ method: r.method, url: r.url }), `${r.method} ${r.url}`).toBe(true);
    }
  });

  it('has an auth class for every route', () => {
    const unknown = routes.filter((r) => specFor(r) === undefined).map((r) => `${r.method} ${r.url}`);
    expect(unknown, 'routes without a catalogue entry (packages/core/src/endpoints/<domain>/)').toEqual([]);
  });

  it('documents every operator route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/admin-api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const operatorRoutes = routes
      .filter((r) => r.method !== 'HEAD' && specFor(r)?.auth === 'operator')
      .map((r) => `${r.method} ${r.url}`);
    expect(operatorRoutes.filter((r) => !documented.has(r))).toEqual([]);
  });
});

describe('Z1 fuzz', () => {
  for (const route of routes) {
    const spec = specFor(route);
    if (spec === undefined) continue;
    // HEAD runs the GET handler; a tenth of the cases is enough to see it answer the same way.
    const numRuns = route.method === 'HEAD' ? Math.ceil(RUNS / 10) : RUNS;
    it(`${route.method} ${route.url} (${spec.auth})`, async () => {
      let tokens = await mintTokens();
      const problems: string[] = [];
      await fc
        .assert(
          fc.asyncProperty(caseArb(route, spec), async (c) => {
            const found = await runCase(route, spec, c, tokens);
            if (spec.endsSession) tokens = await mintTokens();
            if (found.length > 0) {
              problems.push(...found);
              return false;
            }
            return true;
          }),
          { seed: SEED, numRuns, endOnFailure: true },
        )
        .catch((error: unknown) => {
          throw new Error(`seed ${SEED}, ${String(error)}\nfirst problem:\n${problems[0] ?? ''}`);
        });
    });
  }

  it('ran the cases it meant to', () => {
    expect(cases).toBeGreaterThan(routes.length * 5);
  });
});
