/** Every setting comes from the environment, checked once at start-up by this schema. */
import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { FAULT_POINTS } from './lib/fault.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges, usable in TRUST_PROXY's list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range or a range name: one entry of TRUST_PROXY's list. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * `true`: trust every hop's X-Forwarded-For (only behind a proxy that overwrites it, as deploy/nginx does);
 * `false`: the socket's address; a comma-separated list of addresses, CIDR ranges or `loopback`: trust hops
 * from those only, so a client's own X-Forwarded-For entries are never taken for its address.
 */
const trustProxy = z
  .string()
  .transform((v) => v.trim())
  .pipe(
    z.union([
      bool,
      z
        .string()
        .refine((v) => v.split(',').every((entry) => isProxyAddress(entry.trim())), {
          message: 'true, false, or a comma-separated list of addresses, CIDR ranges or loopback',
        })
        .transform((v) =>
          v
            .split(',')
            .map((entry) => entry.trim())
            .join(','),
        ),
    ]),
  );

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * The role that owns the schema, for the migrations (and `npm run migrate`); the server then serves as
     * DATABASE_URL's role with only the grants it needs (db/roles.ts, decision 025). Unset: one role does both.
     */
    DATABASE_MIGRATION_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * `prepared` (default): named prepared statements, parsed and planned once per connection. `unnamed`: each
     * call parsed anew, for a pooler in transaction mode (PgBouncer before 1.21); see db/postgres.ts.
     */
    DATABASE_STATEMENTS: z.enum(['prepared', 'unnamed']).default('prepared'),
    /**
     * The PostgreSQL server itself when DATABASE_URL is a pooler in transaction mode: LISTEN (the caches' and
     * the notification streams' notices) needs a session of its own. Defaults to DATABASE_URL.
     */
    DATABASE_DIRECT_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * A streaming replica for reads that may lag (histories, statements, charts, reports); never for a money
     * decision. A player who just wrote reads the primary until the replica has replayed the write.
     */
    READ_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /**
     * Patroni's REST API, one URL per database node separated by commas (`http://10.0.0.11:8008,…`): the
     * console's dashboard reads the replication state from the first that answers (GET /cluster). Unset: no
     * replication is configured, and the dashboard says so.
     */
    PATRONI_URL: z
      .string()
      .optional()
      .refine((v) => v === undefined || v.split(',').every((u) => /^https?:\/\/[^\s,]+$/.test(u.trim())), {
        message: 'a comma-separated list of http(s) URLs',
      }),
    /**
     * Backups are expected at least this often: the dashboard warns when the newest backup the job reported
     * (deploy/pgbackrest/report-backup.sh) is older. Unset: backups are not tracked here, and the dashboard says so.
     */
    BACKUP_MAX_AGE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 31)
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    APP_KEY: z.string().min(8).default('gama-dev-app-key'),
    /**
     * Signed checkpoints of the audit chain are appended here, one JSON line each (modules/audit/checkpoints.ts);
     * `npm run audit:verify` reads the same file. Default: `<DATA_DIR>-audit/checkpoints.jsonl`, beside the data
     * directory, never in it.
     */
    AUDIT_CHECKPOINT_FILE: z.string().min(1).optional(),
    /**
     * The Ed25519 private key (PKCS#8 PEM) that signs checkpoints; the database never holds it. Made on first
     * start when missing, with its public half beside it (`.pub`). Default: `<DATA_DIR>-audit/signing-key.pem`.
     */
    AUDIT_SIGNING_KEY_FILE: z.string().min(1).optional(),
    /** The public key `audit:verify` checks signatures with. Default: the signing key file's `.pub`. */
    AUDIT_PUBLIC_KEY_FILE: z.string().min(1).optional(),
    /** How often the server signs a checkpoint when the chain has grown. */
    AUDIT_CHECKPOINT_EVERY_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(900_000),
    /** Comma-separated http(s) URLs each checkpoint is POSTed to (witnesses the database's owner cannot reach). */
    AUDIT_CHECKPOINT_URLS: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((u) => u.trim())
          .filter((u) => u !== ''),
      )
      .pipe(z.array(z.url({ protocol: /^https?$/, error: 'each must be an http(s) URL' })))
      .default([]),
    /** `udp://host:port`: each checkpoint's signed head is also sent there as an RFC 5424 syslog message. */
    AUDIT_CHECKPOINT_SYSLOG: z
      .string()
      .regex(/^udp:\/\/[^/:]+:\d{1,5}$/, { message: 'udp://host:port' })
      .optional(),
    SMS_PROVIDER: z.enum(['outbox', 'http']).optional(),
    SMS_HTTP_URL: z.url().optional(),
    SMS_HTTP_TEMPLATE: z
      .string()
      .default('{"to":"{mobile}","message":"{message}"}')
      .describe('JSON body template; {mobile} and {message} are replaced'),
    SMS_HTTP_AUTH: z.string().optional(),
    MARKET_TIME_ZONE: z
      .string()
      .default('Asia/Kolkata')
      .refine(
        (zone) => {
          try {
            new Intl.DateTimeFormat('en-US', { timeZone: zone });
            return true;
          } catch {
            return false;
          }
        },
        { message: 'must be an IANA time zone such as Asia/Kolkata' },
      ),
    CLOCK_START: z.iso.datetime({ offset: true }).optional(),
    DEFAULT_BETTING_STATUS: z.enum(['0', '1']).default('1'),
    OTP_PEPPER: z.string().min(16).optional(),
    COOKIE_SECURE: bool.optional(),
    TRUST_PROXY: trustProxy.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_USERNAME: z.string().min(3).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(10, { message: 'operator passwords must be at least 10 characters' })
      .optional(),
    /**
     * Bearer token for GET /metrics (Prometheus). Unset: /metrics answers 404. A token rather than a port of
     * its own: each process is scraped at its own port anyway, and nginx refuses /metrics at the edge.
     */
    METRICS_TOKEN: z.string().min(16, { message: 'at least 16 characters' }).optional(),
    WEB_DIST: z.string().optional(),
    ADMIN_DIST: z.string().optional(),
    /**
     * Bids placed in batches (decision 043): `on` (default) gathers the slips that arrive while a batch is being
     * placed into the next one, one transaction each; `off` places every slip in a transaction of its own.
     */
    BID_BATCH: z.enum(['on', 'off']).default('on'),
    /** The most slips in one batch (each is a subtransaction; PostgreSQL caches 64 per transaction). */
    BID_BATCH_MAX: z.coerce.number().int().min(2).max(64).default(32),
    /**
     * Lanes of batches per process: batches in flight at once, each on a connection of its own, a player's slips
     * always in the lane of their id. One batch's slips run one after another in one backend, so one lane left a
     * quiet two-core machine a third idle; 2 measured best there at 16 and 64 connections (decision 043). Raise it
     * with the database's cores, and measure.
     */
    BID_BATCH_PARALLEL: z.coerce.number().int().min(1).max(16).default(2),
    /** Server processes sharing the port (node:cluster); more than 1 needs PostgreSQL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /**
     * A notification stream (Server-Sent Events) is closed after this long, and the browser reconnects at once
     * with Last-Event-ID, losing nothing: proxies and load balancers drop very long requests on their own terms.
     */
    NOTIFICATION_STREAM_MS: z.coerce.number().int().min(20).max(3_600_000).default(300_000),
    /** A comment line on an idle stream this often keeps proxies from closing it; the session is rechecked. */
    NOTIFICATION_HEARTBEAT_MS: z.coerce.number().int().min(10).max(300_000).default(25_000),
    /**
     * The VAPID key pair push messages are signed with (base64url, as web-push generates them). Unset: one is
     * generated on the first start and kept in the database. Set both or neither.
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, { message: 'a base64url P-256 public key' })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'a base64url P-256 private key' })
      .optional(),
    /** Who push services contact about this sender: a mailto: or https: address. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, { message: 'a mailto: or https: address' })
      .default('mailto:operator@gama.invalid'),
    /**
     * Pushes a second each server process hands to its sender while players' bids and other money requests are
     * arriving (within the last 300 ms); at full speed otherwise. Encrypting and sending takes CPU from bids on
     * the same cores (decision 036, "The fan-out yields to bids").
     */
    PUSH_RATE_BUSY: z.coerce.number().int().min(1).max(100_000).default(100),
    /** Test-only: the server kills itself at this point (lib/fault.ts). */
    FAULT_POINT: z.enum(FAULT_POINTS).optional(),
    /**
     * Test-only: registers POST /api/dev/clock/advance so the browser tests can move the server's clock
     * (the 30-minute operator idle limit). Refused in production.
     */
    E2E_CLOCK_CONTROL: bool.default(false),
    /**
     * Argon2id parameters of new password hashes: `owasp` (19 MiB, 2 passes) or `test`, a 1 MiB, 1-pass hash for
     * test servers that sign in thousands of times. Refused in production.
     */
    PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),
  })
  .superRefine((c, ctx) => {
    if (
      c.NODE_ENV === 'production' &&
      (c.SMS_PROVIDER ?? (c.SMS_HTTP_URL ? 'http' : 'outbox')) === 'outbox'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message: 'the outbox provider is refused in production; set SMS_PROVIDER=http and SMS_HTTP_URL',
      });
    }
    if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'],
        message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together',
      });
    }
    if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'required when SMS_PROVIDER=http' });
    }
    for (const key of ['DATABASE_DIRECT_URL', 'READ_DATABASE_URL', 'DATABASE_MIGRATION_URL'] as const) {
      if (!c.DATABASE_URL && c[key]) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'needs DATABASE_URL (the primary server)' });
      }
    }
    if (c.WEB_CONCURRENCY > 1 && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'more than one process needs DATABASE_URL (PGlite allows one process per data directory)',
      });
    }
    if (c.NODE_ENV === 'production' && c.FAULT_POINT) {
      ctx.addIssue({
        code: 'custom',
        path: ['FAULT_POINT'],
        message: 'a test-only setting, refused in production',
      });
    }
    if (c.NODE_ENV === 'production' && c.E2E_CLOCK_CONTROL) {
      ctx.addIssue({
        code: 'custom',
        path: ['E2E_CLOCK_CONTROL'],
        message: 'a test-only setting, refused in production',
      });
    }
    if (c.NODE_ENV === 'production' && c.PASSWORD_HASH_COST !== 'owasp') {
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: 'a test-only setting, refused in production',
      });
    }
    if (c.E2E_CLOCK_CONTROL && c.WEB_CONCURRENCY > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['E2E_CLOCK_CONTROL'],
        message: 'each process has its own clock; the clock control needs WEB_CONCURRENCY=1',
      });
    }
    if (c.NODE_ENV === 'production' && c.APP_KEY === 'gama-dev-app-key') {
      ctx.addIssue({ code: 'custom', path: ['APP_KEY'], message: 'set a real APP_KEY in production' });
    }
  });

export type Config = z.infer<typeof configSchema> & {
  smsProvider: 'outbox' | 'http';
  AUDIT_CHECKPOINT_FILE: string;
  AUDIT_SIGNING_KEY_FILE: string;
  AUDIT_PUBLIC_KEY_FILE: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(configSchema.shape)
      .map((key) => [key, env[key] === '' ? undefined : env[key]])
      .filter(([, v]) => v !== undefined),
  );
  const parsed = configSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(config)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // npm runs workspace scripts from the workspace folder; a relative DATA_DIR means the folder the user ran
  // `npm start` in (npm passes it as INIT_CWD), so `./data` is the project's ./data.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = isAbsolute(c.DATA_DIR) ? c.DATA_DIR : resolve(base, c.DATA_DIR);
  const auditDir = `${dataDir}-audit`;
  const keyFile = resolve(base, c.AUDIT_SIGNING_KEY_FILE ?? resolve(auditDir, 'signing-key.pem'));
  return {
    ...c,
    DATA_DIR: dataDir,
    AUDIT_CHECKPOINT_FILE: resolve(base, c.AUDIT_CHECKPOINT_FILE ?? resolve(auditDir, 'checkpoints.jsonl')),
    AUDIT_SIGNING_KEY_FILE: keyFile,
    AUDIT_PUBLIC_KEY_FILE: resolve(base, c.AUDIT_PUBLIC_KEY_FILE ?? `${keyFile}.pub`),
    smsProvider: c.SMS_PROVIDER ?? (c.SMS_HTTP_URL ? 'http' : 'outbox'),
  };
}

const SECRET_KEYS = new Set([
  'DATABASE_URL',
  'DATABASE_DIRECT_URL',
  'DATABASE_MIGRATION_URL',
  'READ_DATABASE_URL',
  'APP_KEY',
  'OTP_PEPPER',
  'SMS_HTTP_AUTH',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
]);

/** The effective configuration for the start-up log, with secrets masked. */
export function describeConfig(config: Config): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => [k, SECRET_KEYS.has(k) && v !== undefined ? '***' : v]),
  );
}
