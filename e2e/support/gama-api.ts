/**
 * A thin client of the real server's legacy contract, for setting up players and reading the SMS outbox.
 * Tests use it for preconditions only; what a test checks goes through the browser.
 */
export const APP_KEY = process.env.GAMA_E2E_APP_KEY ?? 'gama-dev-app-key';

export interface Player {
  name: string;
  mobile: string;
  password: string;
  /** Date of birth, `YYYY-MM-DD`: an adult's. */
  dob: string;
}

const randomInt = (max: number) => Math.floor(Math.random() * max);

/** A valid Indian mobile number (10 digits, starting 6-9), unique enough per test. */
export function randomMobile(): string {
  let digits = String(6 + randomInt(4));
  for (let i = 0; i < 9; i += 1) digits += String(randomInt(10));
  return digits;
}

/** A private-range address standing for the network one simulated phone is on. */
export function randomClientIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`;
}

export function newPlayer(overrides: Partial<Player> = {}): Player {
  const suffix = Math.random().toString(36).slice(2, 7);
  return {
    name: `Tester ${suffix}`,
    mobile: randomMobile(),
    password: `Gama-pass-${suffix}9`,
    dob: '1994-06-15',
    ...overrides,
  };
}

export interface ApiResult {
  httpStatus: number;
  body: Record<string, unknown>;
}

export type CodeKind = 'registration' | 'password reset' | 'withdraw number verification';

export class GamaApi {
  constructor(
    readonly baseURL: string,
    readonly clientIp: string = randomClientIp(),
  ) {}

  async post(path: string, body: object = {}, headers: Record<string, string> = {}): Promise<ApiResult> {
    const response = await fetch(new URL(path, this.baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': this.clientIp, ...headers },
      body: JSON.stringify({ env_type: 'Prod', app_key: APP_KEY, ...body }),
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { raw: text };
    }
    return { httpStatus: response.status, body: parsed };
  }

  /** Every SMS body sent to `mobile`, newest first, in whatever language it was written. */
  async outbox(mobile: string): Promise<string[]> {
    const response = await fetch(new URL(`/api/dev/outbox?mobile=${mobile}`, this.baseURL));
    if (!response.ok) throw new Error(`outbox answered ${response.status}`);
    const { messages } = (await response.json()) as { messages: Array<{ body: string }> };
    return messages.map((message) => message.body);
  }

  /** SMS bodies sent to `mobile` of this kind, newest first. */
  async messages(mobile: string, kind: CodeKind): Promise<string[]> {
    const response = await fetch(new URL(`/api/dev/outbox?mobile=${mobile}`, this.baseURL));
    if (!response.ok) throw new Error(`outbox answered ${response.status}`);
    const { messages } = (await response.json()) as { messages: Array<{ body: string }> };
    return messages.map((message) => message.body).filter((body) => body.includes(`Gama ${kind} code`));
  }

  /**
   * The code in the newest SMS of this kind, once at least `count` of them have arrived
   * (the outbox is written as the request completes, so a test may look a moment early).
   */
  async latestCode(mobile: string, kind: CodeKind, count = 1): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const bodies = await this.messages(mobile, kind);
      const code = bodies.length >= count ? /\b(\d{4})\b/.exec(bodies[0] ?? '')?.[1] : undefined;
      if (code) return code;
      if (Date.now() > deadline)
        throw new Error(`no ${kind} code number ${count} for ${mobile} in the outbox`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Registers through the same three calls the app makes; returns the player for logging in. */
  async registerPlayer(overrides: Partial<Player> = {}): Promise<Player> {
    const player = newPlayer(overrides);
    const check = await this.post('/api-check-mobile', { mobile: player.mobile });
    if (check.httpStatus !== 200) throw new Error(`check-mobile failed: ${JSON.stringify(check.body)}`);
    const otp = await this.latestCode(player.mobile, 'registration');
    const registered = await this.post('/api-user-registration', {
      name: player.name,
      mobile: player.mobile,
      password: player.password,
      otp,
      dob: player.dob,
    });
    if (registered.httpStatus !== 200)
      throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
    return player;
  }
}
