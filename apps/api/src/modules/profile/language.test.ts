import { accountMessages as m } from '@gama/core/contract/messages';
import { describe, expect, it } from 'vitest';
import { nextMobile } from '../../seed/players.ts';
import type { ApiBody } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';

const t = suiteApp();

const ADULT = '1990-01-01';
const HINDI_CODE =
  /^\d{4} आपका Gama (रजिस्ट्रेशन|पासवर्ड रीसेट|निकासी नंबर सत्यापन) कोड है। यह 5 मिनट में खत्म हो जाएगा।/;
const ENGLISH_CODE = /^\d{4} is your Gama (registration|password reset|withdraw number verification) code\. /;

async function storedLanguage(mobile: string): Promise<string | undefined> {
  const { rows } = await t.db.query<{ language: string }>('SELECT language FROM players WHERE mobile = $1', [
    mobile,
  ]);
  return rows[0]?.language;
}

async function lastSms(mobile: string): Promise<string> {
  const [latest] = await t.outbox(mobile);
  if (latest === undefined) throw new Error(`no SMS for ${mobile}`);
  return latest;
}

describe('the player language', () => {
  it('registers in Hindi: the code comes in Hindi and the account keeps the language', async () => {
    const mobile = nextMobile();
    expect((await t.post('/api-check-mobile', { mobile, language: 'hi' })).statusCode).toBe(200);
    expect(await lastSms(mobile)).toMatch(HINDI_CODE);
    expect(await lastSms(mobile)).toContain('रजिस्ट्रेशन');
    const otp = await t.lastCode(mobile);
    const res = await t.post('/api-user-registration', {
      name: 'Asha Devi',
      mobile,
      password: 'mango-tree-42',
      otp,
      dob: ADULT,
      language: 'hi',
    });
    expect(res.statusCode).toBe(200);
    expect(await storedLanguage(mobile)).toBe('hi');
  });

  it('writes codes in English for legacy clients that send no language', async () => {
    const mobile = nextMobile();
    await t.post('/api-check-mobile', { mobile });
    expect(await lastSms(mobile)).toMatch(ENGLISH_CODE);
    t.clock.advance(31_000);
    await t.post('/api-resend-otp', { mobile, purpose: 'register', language: 'hi' });
    expect(await lastSms(mobile)).toMatch(HINDI_CODE);
  });

  it('is changed by the signed-in player and then writes their payout-number codes', async () => {
    const p = await t.player();
    expect(await storedLanguage(p.mobile)).toBe('en');
    const saved = await t.post('/api-user-language', { language: 'hi' }, { token: p.token });
    expect(saved.json).toEqual({ status: true, msg: m.languageSaved, language: 'hi' });
    expect(await storedLanguage(p.mobile)).toBe('hi');

    const sent = await t.post(
      '/api-send-withdraw-otp',
      { upi_type: '2', number: '9876543210' },
      { token: p.token },
    );
    expect(sent.statusCode).toBe(200);
    expect(await lastSms(p.mobile)).toMatch(HINDI_CODE);
    expect(await lastSms(p.mobile)).toContain('निकासी नंबर सत्यापन');

    await t.post('/api-user-language', { language: 'en' }, { token: p.token });
    t.clock.advance(31_000);
    await t.post('/api-send-withdraw-otp', { upi_type: '2', number: '9876543210' }, { token: p.token });
    expect(await lastSms(p.mobile)).toMatch(ENGLISH_CODE);
  });

  it('follows the language the app signs in with, and a reset code follows the screen asking for it', async () => {
    const p = await t.player();
    const login = await t.post('/api-user-login', { mobile: p.mobile, password: p.password, language: 'hi' });
    expect(login.statusCode).toBe(200);
    expect(await storedLanguage(p.mobile)).toBe('hi');

    // Asked for from an English screen: that code is in English, and the stored choice is not changed by a
    // call that proves nothing about who is asking.
    await t.post('/api-forget-check-mobile', { mobile: p.mobile, language: 'en' });
    expect(await lastSms(p.mobile)).toMatch(ENGLISH_CODE);
    expect(await storedLanguage(p.mobile)).toBe('hi');
    // Without a language the stored one is used.
    t.clock.advance(31_000);
    await t.post('/api-resend-otp', { mobile: p.mobile, purpose: 'reset' });
    expect(await lastSms(p.mobile)).toMatch(HINDI_CODE);
    expect(await lastSms(p.mobile)).toContain('पासवर्ड रीसेट');
  });

  it('refuses a language it does not speak and changes nothing', async () => {
    const p = await t.player();
    const before = await snapshot(t.db, ['players']);
    for (const language of ['fr', '', 'HI', 7]) {
      const res = await t.post<ApiBody>('/api-user-language', { language }, { token: p.token });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json.msg).toBe(m.languageInvalid);
    }
    const missing = await t.post<ApiBody>('/api-user-language', {}, { token: p.token });
    expect(missing.statusCode).toBe(400);
    const login = await t.post<ApiBody>('/api-user-login', {
      mobile: p.mobile,
      password: p.password,
      language: 'fr',
    });
    expect(login.json.msg).toBe(m.languageInvalid);
    expect(await snapshot(t.db, ['players'])).toEqual(before);
  });

  it('needs a session', async () => {
    const res = await t.post<ApiBody>('/api-user-language', { language: 'hi' });
    expect(res.statusCode).toBe(401);
  });
});
