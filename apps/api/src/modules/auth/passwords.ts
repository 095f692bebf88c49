import { hash, verify } from '@node-rs/argon2';

export type PasswordHashCost = 'owasp' | 'test';

// OWASP's Argon2id minimum: m = 19 MiB, t = 2, p = 1.
const OWASP = {
  algorithm: 2 /* Argon2id; the enum is a const enum TypeScript cannot import here */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

// The same algorithm at its smallest sensible size: a test that signs in a thousand times is not about hashing,
// and each OWASP hash costs the suite about 40 ms of CPU. Config refuses it in production.
const TEST = { ...OWASP, memoryCost: 1_024, timeCost: 1 } as const;

let options: typeof OWASP | typeof TEST = OWASP;

/** Parameters of new hashes; a stored hash keeps its own, so verification follows whatever it was made with. */
export function setPasswordHashCost(cost: PasswordHashCost): void {
  const next = cost === 'test' ? TEST : OWASP;
  if (next !== options) dummy = undefined;
  options = next;
}

/** Each hash takes 19 MiB and real CPU: cap how many run at once so a login storm queues instead of swapping. */
const MAX_CONCURRENT = 4;
let running = 0;
const waiting: Array<() => void> = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  const current = options;
  return limited(() => hash(password, current));
}

export function verifyPassword(stored: string, password: string): Promise<boolean> {
  return limited(() => verify(stored, password).catch(() => false));
}

// Unknown accounts still pay for one verification, so timing does not tell which phones exist.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('not-a-real-password-0');
  await verifyPassword(await dummy, password);
}
