import type { Queryable } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';

export interface SmsProvider {
  readonly name: 'outbox' | 'http';
  send(mobile: string, message: string): Promise<void>;
}

/** Development and tests: messages stay in the database, readable at GET /api/dev/outbox. */
export function outboxProvider(db: Queryable, clock: Clock): SmsProvider {
  return {
    name: 'outbox',
    async send(mobile, message) {
      await db.query('INSERT INTO sms_outbox (mobile, body, created_at) VALUES ($1, $2, $3)', [
        mobile,
        message,
        clock.now(),
      ]);
    },
  };
}

function jsonEscape(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** A gateway reached by POSTing a JSON template with {mobile} and {message} filled in. */
export function httpProvider(config: Config, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = config.SMS_HTTP_URL;
  if (!url) throw new Error('SMS_HTTP_URL is required for the http SMS provider');
  return {
    name: 'http',
    async send(mobile, message) {
      const payload = config.SMS_HTTP_TEMPLATE.replaceAll('{mobile}', jsonEscape(mobile)).replaceAll(
        '{message}',
        jsonEscape(message),
      );
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (config.SMS_HTTP_AUTH) headers.authorization = config.SMS_HTTP_AUTH;
      const response = await fetchImpl(url, {
        method: 'POST',
        headers,
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      // The gateway's body may echo the message (and so the code): never log it.
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}

export function createSmsProvider(config: Config, db: Queryable, clock: Clock): SmsProvider {
  return config.smsProvider === 'http' ? httpProvider(config) : outboxProvider(db, clock);
}
