import { describe, expect, it } from 'vitest';
import { createTestApp, snapshot, suiteApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { auditRowsOf, call, newOperator, signIn } from '../../../test/console.ts';
import { demoSettings } from '../../seed/content.ts';
import { ownerSettingDefaults, ownerSettings } from './owner-settings.ts';

let owner: string;
const t = suiteApp({}, async () => {
  owner = await signIn(t, await newOperator(t, 'owner'));
});

type SettingsJson = Json & { settings: Record<string, unknown> };

/** What the demo seed writes, on top of the defaults (betting on for new players: DEFAULT_BETTING_STATUS). */
const seeded = {
  ...ownerSettingDefaults({ NODE_ENV: 'test' }),
  ...demoSettings,
  default_betting_status: '1',
};

describe('owner settings', () => {
  it('start lax outside production and strict in production', async () => {
    const read = await call<SettingsJson>(t, 'GET', '/admin-api/settings', { token: owner });
    // The content and payment settings are the demo seed's (content.test.ts covers them).
    expect(read.json).toEqual({
      status: true,
      settings: {
        ...seeded,
        results_two_person: false,
        totp_required: false,
        withdrawal_two_person_above: 10_000,
      },
    });
    expect(ownerSettingDefaults({ NODE_ENV: 'production' })).toMatchObject({
      results_two_person: true,
      totp_required: true,
      withdrawal_two_person_above: 10_000,
    });
  });

  it('change with a partial object, answer the whole one, and audit before and after', async () => {
    const res = await call<SettingsJson>(
      t,
      'PATCH',
      '/admin-api/settings',
      { token: owner },
      {
        results_two_person: true,
      },
    );
    expect(res.json).toEqual({
      status: true,
      settings: {
        ...seeded,
        results_two_person: true,
        totp_required: false,
        withdrawal_two_person_above: 10_000,
      },
    });
    const next = await call<SettingsJson>(
      t,
      'PATCH',
      '/admin-api/settings',
      { token: owner },
      {
        withdrawal_two_person_above: 0,
      },
    );
    expect(next.json.settings).toEqual({
      ...seeded,
      results_two_person: true,
      totp_required: false,
      withdrawal_two_person_above: 0,
    });
    // Other modules read the same values through ownerSettings().
    expect(await ownerSettings(t.db)).toEqual(next.json.settings);
    const rows = await auditRowsOf(t, 'settings_update');
    expect(rows.at(-2)).toMatchObject({
      before_state: {
        ...seeded,
        results_two_person: false,
        totp_required: false,
        withdrawal_two_person_above: 10_000,
      },
      after_state: {
        ...seeded,
        results_two_person: true,
        totp_required: false,
        withdrawal_two_person_above: 10_000,
      },
      detail: { changed: ['results_two_person'] },
    });
    expect(rows.at(-1)?.after_state).toEqual(next.json.settings);
  });

  it('refuse bad values, unknown fields and an empty change, changing nothing', async () => {
    const before = await snapshot(t.db, ['settings', 'audit_log']);
    const cases: [Record<string, unknown>, string][] = [
      [{ results_two_person: 'yes' }, 'results_two_person must be true or false'],
      [{ totp_required: 1 }, 'totp_required must be true or false'],
      [{ withdrawal_two_person_above: -1 }, 'withdrawal_two_person_above must be 0 or more'],
      [{ withdrawal_two_person_above: 10.5 }, 'withdrawal_two_person_above must be a whole number of points'],
      [
        { withdrawal_two_person_above: '500' },
        'withdrawal_two_person_above must be a whole number of points',
      ],
      [{}, 'Send at least one setting to change'],
    ];
    for (const [body, msg] of cases) {
      const res = await call(t, 'PATCH', '/admin-api/settings', { token: owner }, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // Values the schema checks one by one are VALIDATION; rules across settings are SETTING_INVALID.
      const code =
        msg === 'withdrawal_open and withdrawal_close must differ' ? 'SETTING_INVALID' : 'VALIDATION';
      expect(res.json).toEqual({ status: false, code, msg });
    }
    const unknown = await call(t, 'PATCH', '/admin-api/settings', { token: owner }, { min_deposit_amt: 5 });
    expect(unknown.statusCode).toBe(400);
    expect(await snapshot(t.db, ['settings', 'audit_log'])).toEqual(before);
  });

  it('are read by owners only and changed by owners only', async () => {
    const viewer = await signIn(t, await newOperator(t, 'viewer'));
    const cashier = await signIn(t, await newOperator(t, 'cashier'));
    const before = await snapshot(t.db, ['settings']);
    for (const token of [viewer, cashier]) {
      const read = await call(t, 'GET', '/admin-api/settings', { token });
      expect(read.statusCode).toBe(403);
      expect(read.json.msg).toBe('You do not have permission to read settings');
      const write = await call(t, 'PATCH', '/admin-api/settings', { token }, { totp_required: true });
      expect(write.statusCode).toBe(403);
      expect(write.json.msg).toBe('You do not have permission to change settings');
    }
    expect(await snapshot(t.db, ['settings'])).toEqual(before);
  });

  it('start strict on a production install', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/sms' },
    });
    try {
      expect(await ownerSettings(prod.db)).toEqual({
        ...ownerSettingDefaults({ NODE_ENV: 'production' }),
        ...demoSettings,
      });
      const op = await newOperator(prod, 'owner');
      const login = await call(
        prod,
        'POST',
        '/admin-api/login',
        {},
        { username: op.username, password: op.password },
      );
      expect(login.json.totp_enrolment_required).toBe(true);
    } finally {
      await prod.close();
    }
  });
});
