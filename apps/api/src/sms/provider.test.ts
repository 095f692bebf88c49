import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { httpProvider } from './provider.ts';

describe('http SMS provider', () => {
  it('fills the template with JSON-escaped values and posts it', async () => {
    const calls: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
    const fake = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({
        url: String(url),
        body: String(init?.body),
        headers: init?.headers as Record<string, string>,
      });
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    const config = loadConfig({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_TEMPLATE: '{"number":"91{mobile}","text":"{message}"}',
      SMS_HTTP_AUTH: 'Bearer abc',
    });
    await httpProvider(config, fake).send('9876543210', 'Code "1234"\nbye');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://sms.example/send');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ number: '919876543210', text: 'Code "1234"\nbye' });
    expect(calls[0]?.headers.authorization).toBe('Bearer abc');
  });

  it('fails on a gateway error without echoing its body', async () => {
    const fake = (async () => new Response('secret 1234', { status: 502 })) as typeof fetch;
    const config = loadConfig({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' });
    await expect(httpProvider(config, fake).send('9876543210', 'x')).rejects.toThrow(
      'SMS gateway answered 502',
    );
  });
});
