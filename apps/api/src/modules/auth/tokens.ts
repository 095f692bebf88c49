import { createHmac, hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and flow tickets. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** One-shot `hash`: every authenticated call hashes its token, and it skips building a Hash object per call. */
export function sha256(text: string): Buffer {
  return hash('sha256', text, 'buffer');
}

/** A 4-digit code from the CSPRNG (the product's contract fixes 4 digits; see reliability-security S2). */
export function randomCode(): string {
  return randomInt(0, 10_000).toString().padStart(4, '0');
}

/** Codes are short, so they are stored as a keyed hash bound to what they authorize. */
export function codeHash(pepper: string, parts: readonly string[]): Buffer {
  return createHmac('sha256', pepper).update(parts.join('\u0000')).digest();
}

export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
