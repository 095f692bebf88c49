/**
 * What only a server-wide change can show: two-factor made mandatory by an owner, and a session left idle for
 * 30 minutes. Both run on the clock server (playwright.config.ts), one test at a time; each test leaves
 * two-factor optional again, so the next one starts from the server's defaults.
 */
import { loginMessages } from '@gama/core/endpoints/operators/index';
import { generate } from 'otplib';
import { advanceServerClock } from '../../support/clock.ts';
import { expect, test } from '../../support/fixtures.ts';
import {
  atBothSizes,
  createOperator,
  isPhone,
  openScreen,
  shot,
  signIn,
  signOutButton,
  type OperatorAccount,
} from '../../support/console.ts';

/** The server's now minus this machine's, from an answer that carries `server_time`. */
function offsetOf(serverTime: unknown, sentAt: number): number {
  const at = Date.parse(String(serverTime));
  if (Number.isNaN(at)) throw new Error(`no server_time: ${String(serverTime)}`);
  return at - (sentAt + Date.now()) / 2;
}

/** The code an authenticator app shows for `secret` at the server's now. */
const codeAt = (secret: string, offsetMs: number) =>
  generate({ secret, epoch: Math.floor((Date.now() + offsetMs) / 1000) });

/** An operator's API session (bearer token), for the preconditions a test sets up the way an owner would. */
class ApiSession {
  constructor(
    private readonly baseURL: string,
    private readonly token: string,
    private readonly password: string,
  ) {}

  static async signIn(baseURL: string, account: OperatorAccount): Promise<ApiSession> {
    const response = await fetch(new URL('/admin-api/login', baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: account.username, password: account.password }),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || !body.token) throw new Error(`operator login failed: ${JSON.stringify(body)}`);
    return new ApiSession(baseURL, body.token, account.password);
  }

  async send(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    body?: object,
  ): Promise<{ status: number; json: Record<string, unknown>; sentAt: number }> {
    const sentAt = Date.now();
    const response = await fetch(new URL(path, this.baseURL), {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown>, sentAt };
  }

  async ok(method: 'GET' | 'POST' | 'PATCH', path: string, body?: object): Promise<Record<string, unknown>> {
    const answer = await this.send(method, path, body);
    if (answer.status !== 200)
      throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  }

  /** Turns two-factor on for this session's operator, with a code computed at the server's clock. */
  async enrolTwoFactor(): Promise<void> {
    const { secret } = (await this.ok('POST', '/admin-api/totp/enrol', { password: this.password })) as {
      secret: string;
    };
    const me = await this.send('GET', '/admin-api/me');
    await this.ok('POST', '/admin-api/totp/confirm', {
      code: await codeAt(secret, offsetOf(me.json.server_time, me.sentAt)),
    });
  }
}

// The desk's size and the phone's, one after the other in this one-at-a-time project (playwright.config.ts).
atBothSizes(() => {
  test('with two-factor required, an operator who has not enrolled is sent to enrolment and kept there until done', async ({
    page,
    baseURL,
  }, info) => {
    const base = baseURL ?? '';
    // An owner with two-factor turns the requirement on (an owner without it would be held at enrolment too).
    const keyholder = await createOperator(base, 'owner');
    const cashier = await createOperator(base, 'cashier');
    const owner = await ApiSession.signIn(base, keyholder);
    await owner.enrolTwoFactor();
    await owner.ok('PATCH', '/admin-api/settings', { totp_required: true });
    try {
      await page.goto('/admin/sign-in');
      await page.getByLabel('Username').fill(cashier.username);
      await page.getByLabel('Password', { exact: true }).fill(cashier.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/\/admin\/enrol$/);
      await expect(page.getByRole('heading', { name: 'Set up two-factor' })).toBeVisible();
      await expect(page.getByText(`Signed in as ${cashier.username}.`)).toBeVisible();
      // No desk, no navigation: only enrolment and signing out.
      await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
      await shot(page, info, 'enrol-required');

      // Another screen, opened by its address, leads back to enrolment.
      await page.goto('/admin/deposits');
      await expect(page).toHaveURL(/\/admin\/enrol$/);
      await expect(page.getByRole('heading', { name: 'Set up two-factor' })).toBeVisible();

      // The server itself refuses this session everything but enrolment.
      const refused = await page.request.get('/admin-api/deposits', { headers: { 'X-Gama-Web': '1' } });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toMatchObject({ status: false, code: 'TOTP_ENROLMENT_REQUIRED' });
      const me = await page.request.get('/admin-api/me', { headers: { 'X-Gama-Web': '1' } });
      expect(await me.json()).toMatchObject({ status: true, totp_enrolment_required: true });

      await page.getByLabel('Your password', { exact: true }).fill(cashier.password);
      await page.getByRole('button', { name: 'Set up two-factor' }).click();
      const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      await shot(page, info, 'enrol-required-qr');
      const offset = offsetOf((await me.json()).server_time, Date.now());
      await page.getByLabel('Code from the app').fill(await codeAt(secret, offset));
      await page.getByRole('button', { name: 'Turn on two-factor' }).click();
      await page.getByRole('button', { name: 'I have saved them' }).click();

      // Enrolled: the desk opens on the role's first screen, and the server answers the cashier's routes.
      await expect(signOutButton(page)).toBeVisible();
      await expect(page).not.toHaveURL(/\/admin\/(enrol|sign-in)$/);
      // Enrolment goes to /admin/, which then opens the role's desk (a cashier's: the deposits): a navigation
      // drawer opened before that second step would close with it.
      await expect(page.getByRole('main').getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
      await openScreen(page, info, 'Deposits');
      await expect(page.getByRole('main').getByRole('heading', { name: 'Deposits', level: 1 })).toBeVisible();
      const allowed = await page.request.get('/admin-api/deposits', { headers: { 'X-Gama-Web': '1' } });
      expect(allowed.status()).toBe(200);
      await shot(page, info, 'enrol-required-done');
    } finally {
      await owner.ok('PATCH', '/admin-api/settings', { totp_required: false });
    }
  });

  test('a session idle for 30 minutes ends: the server refuses it and the console returns to sign-in saying why', async ({
    page,
    baseURL,
  }, info) => {
    const base = baseURL ?? '';
    const viewer = await createOperator(base, 'viewer');
    await signIn(page, viewer);
    if (!isPhone(info)) {
      // The top bar's clock is labelled with the market time zone the server sent (a phone shows the time only).
      const clock = page.getByRole('banner').getByTitle('Market time (Asia/Kolkata)');
      await expect(clock).toContainText('IST');
    }

    // 29 minutes without a request is not yet idle; the request it makes starts the 30 minutes again.
    await advanceServerClock(base, 29 * 60);
    await openScreen(page, info, 'Audit log');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await expect(signOutButton(page)).toBeVisible();

    await advanceServerClock(base, 31 * 60);
    const idle = await page.request.get('/admin-api/me', { headers: { 'X-Gama-Web': '1' } });
    expect(idle.status()).toBe(401);
    expect(await idle.json()).toMatchObject({
      status: false,
      code: 'SESSION_IDLE',
      msg: loginMessages.idle,
    });

    // The operator comes back and opens another screen, by its address: the console's own reads (the waiting
    // counts in its top bar) may have found the session ended first and left the navigation already. Either way
    // the console is at sign-in, with the reason on screen.
    await page.goto('/admin/players');
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole('status').filter({ hasText: loginMessages.idle })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await shot(page, info, 'idle-signed-out');

    // Signing in again opens a new session.
    await page.getByLabel('Username').fill(viewer.username);
    await page.getByLabel('Password', { exact: true }).fill(viewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(signOutButton(page)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: loginMessages.idle })).toHaveCount(0);

    // Left idle again and opened afresh (a reload, the next morning's tab): the same reason, not a bare form.
    await advanceServerClock(base, 31 * 60);
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole('status').filter({ hasText: loginMessages.idle })).toBeVisible();
  });
});
