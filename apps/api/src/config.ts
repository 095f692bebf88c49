/** Every setting comes from the environment, checked once at start-up by this schema. */
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { FAULT_POINTS } from './lib/fault.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    APP_KEY: z.string().min(8).default('gama-dev-app-key'),
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
    TRUST_PROXY: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ADMIN_USERNAME: z.string().min(3).optional(),
    ADMIN_PASSWORD: z
      .string()
      .min(10, { message: 'operator passwords must be at least 10 characters' })
      .optional(),
    WEB_DIST: z.string().optional(),
    ADMIN_DIST: z.string().optional(),
    /** Server processes sharing the port (node:cluster); more than 1 needs PostgreSQL. */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    /** Test-only: the server kills itself at this point (lib/fault.ts). */
    FAULT_POINT: z.enum(FAULT_POINTS).optional(),
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
    if (c.SMS_PROVIDER === 'http' && !c.SMS_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'required when SMS_PROVIDER=http' });
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
    if (c.NODE_ENV === 'production' && c.APP_KEY === 'gama-dev-app-key') {
      ctx.addIssue({ code: 'custom', path: ['APP_KEY'], message: 'set a real APP_KEY in production' });
    }
  });

export type Config = z.infer<typeof configSchema> & { smsProvider: 'outbox' | 'http' };

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
  return {
    ...c,
    DATA_DIR: isAbsolute(c.DATA_DIR) ? c.DATA_DIR : resolve(base, c.DATA_DIR),
    smsProvider: c.SMS_PROVIDER ?? (c.SMS_HTTP_URL ? 'http' : 'outbox'),
  };
}

const SECRET_KEYS = new Set(['DATABASE_URL', 'APP_KEY', 'OTP_PEPPER', 'SMS_HTTP_AUTH', 'ADMIN_PASSWORD']);

/** The effective configuration for the start-up log, with secrets masked. */
export function describeConfig(config: Config): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(config).map(([k, v]) => [k, SECRET_KEYS.has(k) && v !== undefined ? '***' : v]),
  );
}
