/** Build, don't listen: a ready app on a fresh database, driven through `inject`, with a manual clock. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import type { RegisteredRoute } from '../src/app.ts';
import { ManualClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { seedDemoContent } from '../src/seed/content.ts';
import type { PlayerSpec } from '../src/seed/players.ts';
import { buildPlayer } from '../src/seed/players.ts';
import { writeOwnerSettingDefaults } from '../src/modules/settings/owner-settings.ts';
import { verifyLedger } from '../src/modules/ledger/verify.ts';
import { openPostgres } from '../src/db/postgres.ts';
import { openTestDatabase } from './db.ts';
import { postgresUrlFor } from './template.ts';

export const APP_KEY = 'test-app-key-123';
const TEST_PEPPER = 'test-pepper-0123456789abcdef';
/** 2026-11-20 12:00 IST. */
export const DEFAULT_NOW = '2026-11-20T06:30:00.000Z';

/** The least a production configuration needs (its own app key, a real SMS provider), to test what it refuses. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_KEY: 'a-real-production-key',
  SMS_PROVIDER: 'http',
  SMS_HTTP_URL: 'https://sms.example/send',
} as const;

export interface ApiBody {
  status: boolean;
  msg?: string;
  code?: string;
  [key: string]: unknown;
}

export interface Reply<T> {
  statusCode: number;
  json: T;
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  config: Config;
  /** Every log line the app wrote. */
  logs: string[];
  /** Every response body the helper saw. */
  responses: string[];
  /** Every route the instance registered, in order (HEAD twins of GET routes included). */
  routes: readonly RegisteredRoute[];
  post<T = ApiBody>(
    path: string,
    body?: Record<string, unknown>,
    options?: { token?: string; headers?: Record<string, string>; appKey?: string | null; ip?: string },
  ): Promise<Reply<T>>;
  outbox(mobile: string): Promise<string[]>;
  lastCode(mobile: string): Promise<string>;
  player(
    spec?: PlayerSpec,
  ): Promise<{ id: number; mobile: string; password: string; userName: string; token: string }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  now?: string;
  seed?: boolean;
  db?: Database;
}

/** A player signed in by `TestApp.player`. */
export type TestPlayer = Awaited<ReturnType<TestApp['player']>>;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // A given database is the caller's: `close` closes it, and a PostgreSQL one is not dropped.
  const db = options.db ?? (await openTestDatabase());
  const clock = new ManualClock(options.now ?? DEFAULT_NOW);
  // Checkpoints and their key go to a folder of this app's own, never beside the project's ./data.
  const auditDir = join(tmpdir(), `gama-test-audit-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({
    AUDIT_CHECKPOINT_FILE: join(auditDir, 'checkpoints.jsonl'),
    AUDIT_SIGNING_KEY_FILE: join(auditDir, 'signing-key.pem'),
    NODE_ENV: 'test',
    APP_KEY,
    LOG_LEVEL: 'info',
    // Hashing is the subject of passwords.test.ts alone; elsewhere a sign-in is a step to what is tested. A
    // production app keeps the real size, which is all production accepts.
    ...(options.env?.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: 'test' }),
    ...options.env,
  });
  if (options.seed !== false) {
    await seedDemoContent(db, clock.now(), { defaultBettingStatus: config.DEFAULT_BETTING_STATUS });
  }
  // What server.ts does at start-up (buildApp never touches the database).
  await writeOwnerSettingDefaults(db, config, clock.now());
  const logs: string[] = [];
  const responses: string[] = [];
  const routes: RegisteredRoute[] = [];
  const app = await buildApp({
    config,
    db,
    clock,
    pepper: TEST_PEPPER,
    logger: { write: (line: string) => void logs.push(line) },
    onRoute: (r) => routes.push(r),
  });
  await app.ready();

  const t: TestApp = {
    app,
    db,
    clock,
    config,
    logs,
    responses,
    routes,
    async post<T>(
      path: string,
      body: Record<string, unknown> = {},
      opts: { token?: string; headers?: Record<string, string>; appKey?: string | null; ip?: string } = {},
    ): Promise<Reply<T>> {
      const payload: Record<string, unknown> = { env_type: 'Prod', ...body };
      if (opts.appKey !== null) payload.app_key = opts.appKey ?? APP_KEY;
      const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await app.inject({
        method: 'POST',
        url: path,
        payload,
        headers,
        ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      });
      responses.push(res.body, JSON.stringify(res.headers));
      return { statusCode: res.statusCode, json: res.json() as T, headers: res.headers, raw: res.body };
    },
    async outbox(mobile) {
      const { rows } = await db.query<{ body: string }>(
        'SELECT body FROM sms_outbox WHERE mobile = $1 ORDER BY id DESC',
        [mobile],
      );
      return rows.map((r) => r.body);
    },
    async lastCode(mobile) {
      const [latest] = await t.outbox(mobile);
      const code = latest?.match(/\b(\d{4})\b/)?.[1];
      if (!code) throw new Error(`no code in the outbox for ${mobile}`);
      return code;
    },
    async player(spec = {}) {
      const p = await buildPlayer(db, { now: clock.now(), ...spec });
      const res = await t.post<ApiBody & { unique_token: string }>('/api-user-login', {
        mobile: p.mobile,
        password: p.password,
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.raw}`);
      return { ...p, token: res.json.unique_token };
    },
    async close() {
      await app.close();
      await db.close();
      rmSync(auditDir, { recursive: true, force: true });
    },
  };
  return t;
}

/**
 * One app for the tests of a file (or of the `describe` it is called in): built before them, closed after them.
 * With `ledger`, the suite moves money and the ledger must verify clean before the app closes. `ready` runs the
 * suite's own set-up once the app is built. The answer stands for that app from the suite's `beforeAll` on; used
 * earlier (while the file is collected) it throws.
 */
export function suiteApp(
  options: TestAppOptions & { ledger?: boolean } = {},
  ready?: (t: TestApp) => Promise<void>,
): TestApp {
  const { ledger = false, ...appOptions } = options;
  let built: TestApp | undefined;
  const current = (): TestApp => {
    if (built === undefined) throw new Error('the suite app is used before its beforeAll has built it');
    return built;
  };
  const t = new Proxy({} as TestApp, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
  });
  beforeAll(async () => {
    built = await createTestApp(appOptions);
    await ready?.(t);
  });
  afterAll(async () => {
    if (built === undefined) return;
    if (ledger) expect(await verifyLedger(built.db)).toEqual([]);
    await built.close();
  });
  return t;
}

/**
 * Another server process over the test app's data: its clock and pepper, `config` changed where a case needs it,
 * on `db` (the test app's own pool unless a case gives it one of its own). The caller closes it.
 */
export function anotherServer(
  t: TestApp,
  config: Partial<Config> = {},
  db: Database = t.db,
): Promise<FastifyInstance> {
  return buildApp({
    config: { ...t.config, ...config },
    db,
    clock: t.clock,
    pepper: TEST_PEPPER,
    logger: false,
  });
}

/** A pool of `size` of its own on the test app's PostgreSQL database, as a second process opens it. */
export async function secondPool(t: TestApp, size: number): Promise<Database> {
  const { rows } = await t.db.query<{ name: string }>('SELECT current_database() AS name');
  const base = process.env.TEST_DATABASE_URL;
  if (!base || !rows[0]) throw new Error('needs TEST_DATABASE_URL');
  return openPostgres(postgresUrlFor(base, rows[0].name), size);
}

/** What one count query answers: its SQL names the count `n` (`SELECT count(*)::int AS n ...`). */
export async function countOf(
  db: Database,
  sql: string,
  params: unknown[] = [],
): Promise<number | undefined> {
  const { rows } = await db.query<{ n: number }>(sql, params);
  return rows[0]?.n;
}

/** How many events a rate limit has counted for `subject` under `kind` (`op_login_ip`, `lookup_ip`...). */
export function rateEventCount(db: Database, kind: string, subject: string): Promise<number | undefined> {
  return countOf(db, 'SELECT count(*)::int AS n FROM rate_events WHERE kind = $1 AND subject = $2', [
    kind,
    subject,
  ]);
}

/** Snapshot of every row of the given tables, to prove a refused call changed nothing. */
export async function snapshot(db: Database, tables: readonly string[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await db.query(`SELECT * FROM ${table} ORDER BY 1`);
    out[table] = rows;
  }
  return out;
}
