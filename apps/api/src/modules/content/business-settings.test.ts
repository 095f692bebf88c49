import { fundsMessages as f } from '@gama/core/contract/funds-messages';
import { describe, expect, it } from 'vitest';
import type { ApiBody } from '../../../test/helpers.ts';
import { snapshot, suiteApp } from '../../../test/helpers.ts';
import type { Json } from '../../../test/console.ts';
import { auditRowsOf, call, newOperator, signIn } from '../../../test/console.ts';
import { fund, operatorToken } from '../../../test/money.ts';
import { openTestDatabase } from '../../../test/db.ts';
import { listMigrations } from '../../db/migrate.ts';
import { nextMobile } from '../../seed/players.ts';
import { ownerSettings } from '../settings/owner-settings.ts';

let owner: string;
const t = suiteApp({}, async () => {
  owner = await signIn(t, await newOperator(t, 'owner'));
});

type SettingsJson = Json & { settings: Record<string, unknown> };
const patch = (body: Record<string, unknown>, token = owner) =>
  call<SettingsJson>(t, 'PATCH', '/admin-api/settings', { token }, body);

describe('content and payment settings', () => {
  it('reach every player route that serves them on the next call, each change audited before and after', async () => {
    const player = await t.player();
    // Warm every cache the player routes read through.
    const profile = () =>
      t.post<ApiBody & Record<string, string>>('/api-user-wallet-balance', {}, { token: player.token });
    expect((await profile()).json).toMatchObject({ mobile_1: '9876543210', min_withdrawal: '500' });

    const res = await patch({
      contact_phone: '9123456780',
      contact_phone_2: '8123456780',
      contact_whatsapp: '7123456780',
      contact_telegram: '',
      how_to_play_text: 'Pick a market.\nPlay.',
      how_to_play_video: 'https://video.example.com/how-to-play',
      deposit_rule: 'Deposit rule text',
      withdrawal_rule: 'Withdrawal rule text',
      privacy_policy: 'Our privacy policy',
      about_text: 'About us',
      // Each page's Hindi beside it (issue 32 item 19); the setting words are filled in both.
      withdrawal_rule_hi: 'निकासी {withdrawal_open} से',
      privacy_policy_hi: 'हमारी गोपनीयता नीति',
      app_download_url: 'https://example.com/gama.apk',
      upi_gpay: 'shop.gpay@okhdfcbank',
      upi_phonepe: 'shop@ybl',
      upi_paytm: '',
      upi_other: 'shop-99@upi',
      qr_upi_id: 'shop.qr@okicici',
      qr_payee_name: 'Shop Name',
      min_deposit: 250,
      min_withdrawal: 700,
      withdrawal_open: '09:00 AM',
      withdrawal_close: '01:30 AM',
      payment_gateway: false,
      transfer_min: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json.settings).toMatchObject({ contact_phone: '9123456780', min_deposit: 250 });

    expect((await t.post('/api-get-social-data')).json).toEqual({
      status: true,
      mobile_no: '9123456780',
      mobile_1: '8123456780',
      whatsapp_no: '7123456780',
      telegram_no: '',
    });
    expect((await t.post('/api-how-to-play')).json).toEqual({
      status: true,
      result: 'Pick a market.\nPlay.',
      content: [
        { how_to_play_content: 'Pick a market.\nPlay.', video_link: 'https://video.example.com/how-to-play' },
      ],
    });
    expect((await t.post('/api-money-deposit-withdrawal-rule')).json).toEqual({
      status: true,
      content: [
        {
          withdrawal_rule: 'Withdrawal rule text',
          deposit_rule: 'Deposit rule text',
          withdrawal_rule_hi: 'निकासी 09:00 AM से',
          deposit_rule_hi: '',
        },
      ],
    });
    expect((await t.post('/api-get-app-pages')).json).toEqual({
      status: true,
      privacy_policy: 'Our privacy policy',
      about_text: 'About us',
      privacy_policy_hi: 'हमारी गोपनीयता नीति',
      about_text_hi: '',
      app_download_url: 'https://example.com/gama.apk',
    });
    expect((await t.post('/apiGetawayStatus')).json).toEqual({ status: true, getaway_status: '0' });
    expect((await t.post('/api-admin-bank-details')).json).toMatchObject({
      bank_details: [
        {
          google_upi_payment_id: 'shop.gpay@okhdfcbank',
          phonepay_upi_payment_id: 'shop@ybl',
          paytm_upi_payment_id: '',
          upi_payment_id: 'shop-99@upi',
        },
      ],
    });
    const qr = await t.post<ApiBody & { qrdata: { qr_image: string; upi_id: string }[] }>('/api-get-qr-pay');
    expect(qr.json.qrdata[0]?.upi_id).toBe('shop.qr@okicici');
    const svg = Buffer.from(qr.json.qrdata[0]?.qr_image.split(',')[1] ?? '', 'base64').toString();
    expect(svg).toContain('<svg');
    expect((await t.post('/api-last-fund-request-detail', {}, { token: player.token })).json).toMatchObject({
      min_amt: '250',
    });
    expect((await profile()).json).toMatchObject({
      mobile_1: '8123456780',
      min_withdrawal: '700',
      withdraw_open_time: '09:00 AM',
      withdraw_close_time: '01:30 AM',
      min_transfer: '50',
    });

    // The rules the server enforces follow the new values at once.
    const deposit = await t.post('/api-fund-request-add', { request_amount: '200' }, { token: player.token });
    expect(deposit.json).toMatchObject({ status: false, msg: f.depositMin('250') });
    const cashier = await operatorToken(t);
    await fund(t, player, cashier, 1000);
    const withdraw = await t.post(
      '/api-user-withdraw-fund-request',
      { request_amount: '600', payment_method: '2' },
      { token: player.token },
    );
    expect(withdraw.json).toMatchObject({ status: false, msg: f.minWithdraw('700') });
    const other = await t.player();
    const transfer = (amount: string) =>
      t.post(
        '/api-user-transfer-wallet-balance',
        { mobile_no: other.mobile, amount },
        { token: player.token },
      );
    expect((await transfer('49')).json).toMatchObject({ status: false, msg: f.transferMinOf('50') });
    expect((await transfer('50')).json).toMatchObject({ status: true, msg: f.transferDone });

    const [row] = (await auditRowsOf(t, 'settings_update')).slice(-1);
    expect(row?.before_state).toMatchObject({
      contact_phone: '9876543210',
      min_deposit: 100,
      transfer_min: 100,
    });
    expect(row?.after_state).toMatchObject({
      contact_phone: '9123456780',
      min_deposit: 250,
      transfer_min: 50,
    });
    expect(row?.after_state).toEqual(res.json.settings);
  });

  it('fill the withdrawal hours and minimums into the rules and headlines from the one setting', async () => {
    const rule = 'Paid between {withdrawal_open} and {withdrawal_close}, at least {min_withdrawal} points.';
    const headline = 'Withdrawals {withdrawal_open} to {withdrawal_close}';
    expect((await patch({ withdrawal_rule: rule, withdrawal_open: '11:00 AM' })).statusCode).toBe(200);
    const edited = await call(
      t,
      'PATCH',
      '/admin-api/content/headlines/3',
      { token: owner },
      { notes: headline },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const read = async () => ({
      rule: (
        await t.post<ApiBody & { content: { withdrawal_rule: string }[] }>(
          '/api-money-deposit-withdrawal-rule',
        )
      ).json.content[0]?.withdrawal_rule,
      headline: (await t.post<ApiBody & { data: { notes: string }[] }>('/api-get-headline', { ids: [3] }))
        .json.data[0]?.notes,
    });
    const settings = (await call<SettingsJson>(t, 'GET', '/admin-api/settings', { token: owner })).json
      .settings;
    const close = String(settings.withdrawal_close);
    expect(await read()).toEqual({
      rule: `Paid between 11:00 AM and ${close}, at least ${String(settings.min_withdrawal)} points.`,
      headline: `Withdrawals 11:00 AM to ${close}`,
    });
    // One change of the hours, and every text says the new ones; the console keeps the words as written.
    expect((await patch({ withdrawal_open: '09:30 AM' })).statusCode).toBe(200);
    expect((await read()).headline).toBe(`Withdrawals 09:30 AM to ${close}`);
    expect((await read()).rule).toContain('between 09:30 AM and');
    const stored = (await call<SettingsJson>(t, 'GET', '/admin-api/settings', { token: owner })).json
      .settings;
    expect(stored.withdrawal_rule).toBe(rule);
  });

  it('give new players the default betting status in force when they register', async () => {
    const register = async () => {
      const mobile = nextMobile();
      await t.post('/api-check-mobile', { mobile });
      const otp = await t.lastCode(mobile);
      const res = await t.post<ApiBody & { betting_status: string }>('/api-user-registration', {
        dob: '1990-01-01',
        name: 'New Player',
        mobile,
        password: 'mango-tree-42',
        otp,
      });
      expect(res.statusCode, res.raw).toBe(200);
      return res.json.betting_status;
    };
    expect(await register()).toBe('1');
    expect((await patch({ default_betting_status: '0' })).statusCode).toBe(200);
    expect(await register()).toBe('0');
    expect((await patch({ default_betting_status: '1' })).statusCode).toBe(200);
    expect(await register()).toBe('1');
  });

  it('refuse bad values with a message naming the field, changing nothing', async () => {
    const tables = ['settings', 'audit_log'];
    const before = await snapshot(t.db, tables);
    const phone = (name: string) =>
      `${name} must be a 10-digit mobile number starting with 6, 7, 8 or 9, or empty`;
    const upi = (name: string) => `${name} must be a UPI id like name@bank, or empty`;
    const video =
      'how_to_play_video must be an http(s) link (or a path on this site starting with /), or empty';
    const cases: [Record<string, unknown>, string][] = [
      [{ contact_phone: '98765' }, phone('contact_phone')],
      [{ contact_whatsapp: '+919876543210' }, phone('contact_whatsapp')],
      [{ contact_telegram: '5876543210' }, phone('contact_telegram')],
      [{ contact_phone_2: 9876543210 }, 'contact_phone_2 must be a 10-digit mobile number, or empty'],
      [{ how_to_play_video: 'javascript:alert(1)' }, video],
      [{ how_to_play_video: 'ftp://files.example.com/v.mp4' }, video],
      [{ how_to_play_video: '//evil.example.com/v' }, video],
      [{ how_to_play_video: 'www.youtube.com/watch?v=1' }, video],
      [
        { app_download_url: 'data:text/html,hi' },
        'app_download_url must be an http(s) link (or a path on this site starting with /), or empty',
      ],
      [{ upi_gpay: 'shop' }, upi('upi_gpay')],
      [{ upi_phonepe: 'shop@' }, upi('upi_phonepe')],
      [{ qr_upi_id: '@ybl' }, upi('qr_upi_id')],
      [{ upi_other: 'sh op@upi' }, upi('upi_other')],
      [{ min_deposit: 0 }, 'min_deposit must be at least 1'],
      [{ min_withdrawal: 10.5 }, 'min_withdrawal must be a whole number of points'],
      [{ transfer_min: '100' }, 'transfer_min must be a whole number of points'],
      [{ min_deposit: 20_000_000 }, 'min_deposit is at most 1,00,00,000 points'],
      [{ withdrawal_open: '9:00 AM' }, 'withdrawal_open must be a time like 10:00 AM'],
      [{ withdrawal_close: '18:00' }, 'withdrawal_close must be a time like 10:00 AM'],
      [
        { withdrawal_open: '01:30 AM', withdrawal_close: '01:30 AM' },
        'withdrawal_open and withdrawal_close must differ',
      ],
      [{ payment_gateway: '1' }, 'payment_gateway must be true or false'],
      [{ default_betting_status: 1 }, 'default_betting_status must be "0" or "1"'],
      [{ deposit_rule: 'x'.repeat(20_001) }, 'deposit_rule is at most 20,000 characters'],
      [{ qr_payee_name: 'x'.repeat(61) }, 'qr_payee_name is at most 60 characters'],
    ];
    for (const [body, msg] of cases) {
      const res = await patch(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // Values the schema checks one by one are VALIDATION; rules across settings are SETTING_INVALID.
      const code =
        msg === 'withdrawal_open and withdrawal_close must differ' ? 'SETTING_INVALID' : 'VALIDATION';
      expect(res.json).toEqual({ status: false, code, msg });
    }
    // The window equal to the close in force (01:30 AM) is refused on what the change would leave.
    const same = await patch({ withdrawal_open: '01:30 AM' });
    expect(same.json.msg).toBe('withdrawal_open and withdrawal_close must differ');
    expect(await snapshot(t.db, tables)).toEqual(before);
  });

  it('are changed by owners only', async () => {
    const before = await snapshot(t.db, ['settings']);
    for (const role of ['results', 'cashier', 'support', 'viewer'] as const) {
      const token = await signIn(t, await newOperator(t, role));
      const res = await patch({ contact_phone: '9000000000' }, token);
      expect(res.statusCode).toBe(403);
      expect(res.json.msg).toBe('You do not have permission to change settings');
    }
    expect(await snapshot(t.db, ['settings'])).toEqual(before);
  });

  it('move an existing install’s grouped values to one row per field', async () => {
    const db = await openTestDatabase();
    try {
      const at = new Date('2026-01-01T00:00:00Z');
      const old: Record<string, unknown> = {
        default_betting_status: '0',
        contacts: {
          mobile_no: '9111111111',
          mobile_1: '9222222222',
          telegram_no: '',
          whatsapp_no: '9333333333',
        },
        rules: { withdrawal_rule: 'W rule', deposit_rule: 'D rule' },
        how_to_play: { content: 'How', video_link: 'https://v.example.com/1' },
        withdraw: { min_withdrawal: 800, open_time: '11:00 AM', close_time: '05:00 PM' },
        deposit: { min_amt: 150, getaway_status: '0' },
        app: { apk_url: '/static/install.html', privacy_policy: 'Policy' },
        payments: {
          bank_details: {
            google_upi_payment_id: 'a@okaxis',
            phonepay_upi_payment_id: 'b@ybl',
            upi_payment_id: 'c@upi',
            paytm_upi_payment_id: 'd@paytm',
          },
          qr: { upi_id: 'q@upi', payee_name: 'Payee' },
        },
      };
      // The migrated template already ran it on an empty table: put the old rows back and run it again.
      for (const [key, value] of Object.entries(old)) {
        await db.query('INSERT INTO settings (key, value, updated_at) VALUES ($1, $2::jsonb, $3)', [
          key,
          JSON.stringify(value),
          at,
        ]);
      }
      const migration = listMigrations().find((m) => m.version.endsWith('_business_settings'));
      await db.exec(migration?.sql ?? '');
      expect(await ownerSettings(db)).toMatchObject({
        default_betting_status: '0',
        contact_phone: '9111111111',
        contact_phone_2: '9222222222',
        contact_telegram: '',
        contact_whatsapp: '9333333333',
        withdrawal_rule: 'W rule',
        deposit_rule: 'D rule',
        how_to_play_text: 'How',
        how_to_play_video: 'https://v.example.com/1',
        min_withdrawal: 800,
        withdrawal_open: '11:00 AM',
        withdrawal_close: '05:00 PM',
        min_deposit: 150,
        payment_gateway: false,
        app_download_url: '/static/install.html',
        privacy_policy: 'Policy',
        upi_gpay: 'a@okaxis',
        upi_phonepe: 'b@ybl',
        upi_other: 'c@upi',
        upi_paytm: 'd@paytm',
        qr_upi_id: 'q@upi',
        qr_payee_name: 'Payee',
      });
      const { rows } = await db.query<{ key: string }>(
        `SELECT key FROM settings WHERE key IN ('contacts', 'rules', 'how_to_play', 'withdraw', 'deposit', 'app', 'payments')`,
      );
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
