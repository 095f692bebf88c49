/**
 * Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, as every authenticator app
 * reads them). The secret is stored encrypted (AES-256-GCM under a key derived from the server's pepper), is
 * shown only while enrolling, and a code is accepted at most once: the step of each accepted code is kept,
 * and only a later step passes after it, so a code seen over a shoulder or in a log cannot be replayed.
 */
import { generateSecret, generateURI, verify } from 'otplib';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';

export const TOTP_ISSUER = 'Gama console';
const PERIOD_SECONDS = 30;
/** One step either side: a phone clock a little off, or a code typed as it changed. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

function keyFrom(pepper: string): Buffer {
  return Buffer.from(hkdfSync('sha256', pepper, 'gama', 'operator totp secret', 32));
}

export function sealSecret(pepper: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(pepper), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

/** The secret, or null when it cannot be opened (a changed OTP_PEPPER): the owner must reset it then. */
export function openSecret(pepper: string, stored: string): string | null {
  if (!stored.startsWith('v1.')) return null;
  const raw = Buffer.from(stored.slice(3), 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(pepper), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export interface Enrolment {
  secret: string;
  otpauthUri: string;
  qrImage: string;
  sealed: string;
}

export async function newEnrolment(pepper: string, username: string): Promise<Enrolment> {
  const secret = generateSecret();
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: username, secret });
  const qrImage = await QRCode.toDataURL(otpauthUri, { margin: 2, errorCorrectionLevel: 'M', width: 240 });
  return { secret, otpauthUri, qrImage, sealed: sealSecret(pepper, secret) };
}

/** The time step a code matches now (within one step either side), or null. */
export async function matchingStep(clock: Clock, secret: string, code: string): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(clock.now().getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Records `step` as the operator's last accepted one, if it is later than the last: false means the code was
 * already used (or an older one was), by this request or a concurrent one.
 */
export async function claimStep(db: Queryable, operatorId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE operators SET totp_last_step = $2
      WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`,
    [operatorId, step],
  );
  return rowCount > 0;
}

/** Checks a code against a stored secret and claims its step: true only for a fresh, valid code. */
export async function acceptCode(
  db: Queryable,
  clock: Clock,
  pepper: string,
  operatorId: number,
  sealed: string,
  code: string,
): Promise<boolean> {
  const secret = openSecret(pepper, sealed);
  if (secret === null) return false;
  const step = await matchingStep(clock, secret, code);
  return step !== null && (await claimStep(db, operatorId, step));
}
