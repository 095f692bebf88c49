import type { Page } from '@playwright/test';
import { newPlayer } from '../support/gama-api.ts';
import { expect, expectToast, test } from '../support/fixtures.ts';

/** Each screen in Hindi: its key labels shown, none of their English left, and a picture at phone size. */
async function inHindi(page: Page, name: string, hindi: string[], english: string[]): Promise<void> {
  for (const text of hindi) await expect(page.getByText(text).first()).toBeVisible();
  const shown = await page.locator('body').innerText();
  for (const text of english) expect(shown, `"${text}" left in English on ${name}`).not.toContain(text);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

test('a player registers, logs in and goes through home, menu, profile, notifications and play limits in Hindi', async ({
  page,
  api,
  player,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await inHindi(
    page,
    'login',
    ['फिर से स्वागत है', 'पासवर्ड भूल गए?', 'मदद चाहिए?', 'एडमिन से संपर्क करें'],
    ['Welcome back', 'Forgot Password?', 'Need help?', 'Contact Admin', 'New to Gama?'],
  );

  // Register: the form, the code step with its countdown, and the server's answers, all in Hindi.
  await page.getByRole('link', { name: 'रजिस्ट्रेशन के लिए' }).click();
  await expect(page).toHaveURL(/\/r$/);
  await inHindi(
    page,
    'register',
    ['खाता बनाएं', 'पहले से रजिस्टर्ड हैं?', 'लॉगिन के लिए'],
    ['Create account', 'Username', 'Date of birth', 'REGISTER', 'Already registered?'],
  );
  const draft = newPlayer();
  await page.getByLabel('यूज़रनेम').fill(draft.name);
  await page.getByLabel('फ़ोन नंबर').fill(draft.mobile);
  await page.getByLabel('जन्म तिथि').fill(draft.dob);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(draft.password);
  await page.getByRole('button', { name: 'रजिस्टर करें' }).click();
  await expect(page).toHaveURL(/\/otpregister$/);
  await expectToast(page, 'OTP भेज दिया गया');
  await expect(page.getByText(`+91 ${draft.mobile} पर SMS से भेजा गया 4 अंकों का कोड डालें`)).toBeVisible();
  await expect(page.getByText(/0:[0-3]\d में कोड दोबारा भेज सकेंगे/)).toBeVisible();
  await inHindi(
    page,
    'register-code',
    ['अपना नंबर सत्यापित करें', 'खाता बनाने का बस एक आखिरी कदम।'],
    ['Verify your number', 'Enter the 4-digit code', 'Resend Code in', 'Verify & Register'],
  );
  // The code came by SMS in Hindi, the language the registration asked in.
  await expect.poll(async () => (await api.outbox(draft.mobile)).length).toBeGreaterThan(0);
  const sms = (await api.outbox(draft.mobile))[0] ?? '';
  expect(sms).toMatch(/[\u0900-\u097F]/);
  const code = /\b(\d{4})\b/.exec(sms)?.[1] ?? '';
  await page.getByLabel('OTP').fill(code === '0000' ? '1111' : '0000');
  await page.getByRole('button', { name: 'सत्यापित करें और रजिस्टर करें' }).click();
  await expectToast(page, 'सही OTP डालें');
  await page.getByLabel('OTP').fill(code);
  await page.getByRole('button', { name: 'सत्यापित करें और रजिस्टर करें' }).click();
  await expect(page).toHaveURL(/\/imp$/);
  await expectToast(page, 'रजिस्ट्रेशन सफल रहा');

  // Log out from the menu, then log in as a player who can bet: the language stays on this phone.
  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  await page.getByRole('dialog', { name: 'मेन्यू' }).getByRole('button', { name: 'लॉग आउट' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('फ़ोन नंबर').fill(player.mobile);
  await page.getByLabel('पासवर्ड', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'लॉगिन' }).click();
  await expect(page).toHaveURL(/\/imp$/);
  await expectToast(page, 'लॉगिन सफल रहा');

  await expect(page.getByTestId('market-card').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /वॉलेट बैलेंस [\d,.]+ अंक/ })).toBeVisible();
  await inHindi(
    page,
    'home',
    ['पैसे जोड़ें', 'निकासी', 'मार्केट', 'अभी खेलें', 'पासबुक', 'सहायता'],
    ['Add Money', 'Withdrawal', 'Markets', 'PLAY NOW', 'Passbook', 'Support', 'Game time'],
  );

  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  const menu = page.getByRole('dialog', { name: 'मेन्यू' });
  await expect(menu.getByRole('link', { name: 'प्रोफ़ाइल' })).toBeVisible();
  await inHindi(
    page,
    'menu',
    ['होम', 'फंड जोड़ें', 'खेल की सीमाएं', 'थीम', 'लॉग आउट'],
    ['Profile', 'Add Funds', 'Play limits', 'Theme', 'Log out', 'Privacy Policy'],
  );
  await menu.getByRole('link', { name: 'प्रोफ़ाइल' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('नाम')).toBeVisible();
  await inHindi(page, 'profile', ['प्रोफ़ाइल बदलें', 'सेव करें'], ['Edit Profile', 'Save', 'Name']);

  await page.getByRole('link', { name: 'सूचनाएं' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole('heading', { name: 'सूचनाएं' })).toBeVisible();
  await inHindi(
    page,
    'notifications',
    ['पिछले 30 दिनों में कोई सूचना नहीं'],
    ['Notifications', 'No notifications'],
  );

  await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
  await page.getByRole('dialog', { name: 'मेन्यू' }).getByRole('link', { name: 'खेल की सीमाएं' }).click();
  await expect(page).toHaveURL(/\/play-limits$/);
  await expect(page.getByLabel('रोज़ की जमा सीमा')).toBeVisible();
  // The statement's months are named in Hindi (Intl hi-IN), with the year as players write it.
  await expect(page.locator('#statement-month option').first()).toHaveText(/^[\u0900-\u097F]+ \d{4}$/);
  await inHindi(
    page,
    'play-limits',
    ['जमा सीमा', 'बोली सीमा', 'ब्रेक लें', 'रियलिटी चेक', 'खाते का स्टेटमेंट', 'स्टेटमेंट डाउनलोड करें'],
    [
      'Deposit limit',
      'Stake limit',
      'Take a break',
      'Reality check',
      'Account statement',
      'No limit',
      'Now:',
    ],
  );
  await page.getByLabel('रोज़ की बोली सीमा').fill('100000');
  await page.getByRole('button', { name: 'बोली सीमा सेव करें' }).click();
  await expectToast(page, 'खेल की सीमाएं सेव हो गईं');
  await expect(page.getByText('अभी: 1,00,000 अंक')).toBeVisible();

  // Starting a break asks first, in Hindi, with its length and end date.
  await page.getByLabel('अवधि').selectOption('1y');
  await page.getByRole('button', { name: 'ब्रेक शुरू करें' }).click();
  const confirm = page.getByRole('dialog', { name: 'खुद पर रोक शुरू करें?' });
  await expect(confirm.getByTestId('break-confirm')).toContainText('1 साल के लिए खुद पर रोक, ');
  await inHindi(page, 'play-break-confirm', ['हां, शुरू करें', 'रद्द करें'], ['Self-exclusion', 'Cancel', 'until']);
  await confirm.getByRole('button', { name: 'रद्द करें' }).click();
  await expect(confirm).toBeHidden();
});
