/**
 * The checkpoint signing key: Ed25519 (node:crypto), kept in a file the database never sees. A missing key is
 * made on first start with its public half beside it, so the embedded default needs no set-up; a deployment
 * keeps the private file readable by the server's user only and hands the public one to whoever verifies.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** First 16 hex digits of SHA-256 over the public key (SPKI DER): which key signed a checkpoint. */
  id: string;
}

export function keyId(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

function ed25519(key: KeyObject, file: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`${file} holds a ${key.asymmetricKeyType ?? 'symmetric'} key; checkpoints need Ed25519`);
  }
  return key;
}

/** Reads the private key from `file`, or makes one there (0600, its folder 0700) with `publicFile` beside it. */
export function loadOrCreateSigningKey(file: string, publicFile: string): SigningKey & { created: boolean } {
  let created = false;
  if (!existsSync(file)) {
    const pair = generateKeyPairSync('ed25519');
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    try {
      // 'wx': two processes starting together keep the first one's key.
      writeFileSync(file, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), {
        mode: 0o600,
        flag: 'wx',
      });
      created = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const privateKey = ed25519(createPrivateKey(readFileSync(file)), file);
  const publicKey = createPublicKey(privateKey);
  if (created || !existsSync(publicFile)) {
    mkdirSync(dirname(publicFile), { recursive: true });
    writeFileSync(publicFile, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return { privateKey, publicKey, id: keyId(publicKey), created };
}

/** A public key from a PEM file (a private key's file gives its public half). */
export function loadPublicKey(file: string): KeyObject {
  const pem = readFileSync(file, 'utf8');
  const key = pem.includes('PRIVATE KEY') ? createPublicKey(createPrivateKey(pem)) : createPublicKey(pem);
  return ed25519(key, file);
}
