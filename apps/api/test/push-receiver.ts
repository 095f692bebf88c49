/**
 * A push service on loopback, for tests and the bench without the internet: HTTPS with a certificate made for
 * the run (web-push speaks only HTTPS), one endpoint per device, and each device holding its own key pair and
 * auth secret as a browser does. It decrypts what it receives (RFC 8291 over RFC 8188 aes128gcm) with the
 * device's private key and checks the VAPID signature (RFC 8292) against the key the server publishes, so a
 * test sees exactly what a phone would show. A device can be told to answer a status (404/410: gone; 5xx:
 * a failure to retry) for its next requests. The fan-out bench (bench/src/push-fanout.ts) runs one in a process of
 * its own with `sampleEvery`: it counts every push and its arrival time, and decrypts and verifies one in N.
 */
import { execFileSync } from 'node:child_process';
import type { ECDH } from 'node:crypto';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Received {
  device: number;
  payload: unknown;
  /** The `k=` of the Authorization header: the VAPID public key the push was signed with. */
  vapidKey: string;
  ttl: string | undefined;
}

export interface Device {
  id: number;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Statuses to answer, one per request, before answering 201 again. */
  answers: number[];
  received: Received[];
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

/** RFC 8291 section 3.4 and RFC 8188 section 2: one record, the last, padded with 0x02 then zeros. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record lacks its 0x02 delimiter');
  return padded.subarray(0, end);
}

/** Checks `vapid t=<JWT>, k=<key>`: an ES256 JWT signed by k, for the endpoint's origin. Answers k. */
export function checkVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${header}`);
  const [head, claims, signature] = match[1].split('.');
  if (!head || !claims || !signature) throw new Error('not a JWT');
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const good = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!good) throw new Error('the VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number };
  if (body.aud !== origin) throw new Error(`the JWT's audience ${body.aud} is not ${origin}`);
  return match[2];
}

export class PushReceiver {
  private readonly devices = new Map<number, Device & { ecdh: ECDH; auth: Buffer }>();
  private next = 1;
  /** Every request, decrypted or not, in arrival order (device id and the status answered). */
  readonly log: { device: number; status: number }[] = [];
  /** Requests that could not be decrypted or verified: a test expects none. */
  readonly problems: string[] = [];
  /** When each push a device accepted arrived (ms since the epoch), in arrival order. */
  readonly arrivals: number[] = [];
  private constructor(
    private readonly server: Server,
    readonly origin: string,
    /** Trusts the receiver's certificate only: for web-push's `agent`. */
    readonly agent: Agent,
    /** The receiver's certificate (PEM), for an agent in another process. */
    readonly cert: string,
    private readonly dir: string,
    /** Decrypt and verify one push in this many (the rest are counted only); 1: every push. */
    private readonly sampleEvery: number,
  ) {}

  static async start(port = 0, options: { sampleEvery?: number } = {}): Promise<PushReceiver> {
    return PushReceiver.listen(mkdtempSync(join(tmpdir(), 'gama-push-')), port, options.sampleEvery ?? 1);
  }

  private static async listen(dir: string, port: number, sampleEvery: number): Promise<PushReceiver> {
    const keyFile = join(dir, 'key.pem');
    const certFile = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    const key = readFileSync(keyFile);
    const cert = readFileSync(certFile);
    // The handler is made before the receiver it calls, which needs the listening server's port.
    const made: { receiver?: PushReceiver } = {};
    const server = createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = made.receiver
          ? made.receiver.receive(req.url ?? '', req.headers, Buffer.concat(chunks))
          : 500;
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const origin = `https://127.0.0.1:${address.port}`;
    const receiver = new PushReceiver(
      server,
      origin,
      new Agent({ ca: cert, keepAlive: true, maxSockets: 64 }),
      cert.toString(),
      dir,
      sampleEvery,
    );
    made.receiver = receiver;
    return receiver;
  }

  /** A new device: its own P-256 key pair and 16-byte auth secret, as PushManager.subscribe makes them. */
  device(): Device {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const id = this.next++;
    const device = {
      id,
      subscription: {
        endpoint: `${this.origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      },
      answers: [],
      received: [],
      ecdh,
      auth,
    };
    this.devices.set(id, device);
    return device;
  }

  /** Every payload received, by any device. */
  get received(): Received[] {
    return [...this.devices.values()].flatMap((d) => d.received);
  }

  private receive(url: string, headers: Record<string, string | string[] | undefined>, body: Buffer): number {
    const id = Number(/^\/push\/(\d+)$/.exec(url)?.[1]);
    const device = this.devices.get(id);
    const status = device === undefined ? 404 : (device.answers.shift() ?? 201);
    this.log.push({ device: id, status });
    if (!device || status !== 201) return status;
    this.arrivals.push(Date.now());
    if (this.arrivals.length % this.sampleEvery !== 0) return 201;
    try {
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const vapidKey = checkVapid(headers.authorization as string | undefined, this.origin);
      const text = decryptAes128gcm(body, device.ecdh, device.auth).toString('utf8');
      device.received.push({
        device: id,
        payload: JSON.parse(text) as unknown,
        vapidKey,
        ttl: headers.ttl as string | undefined,
      });
    } catch (error) {
      this.problems.push(`device ${id}: ${(error as Error).message}`);
      return 400;
    }
    return 201;
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
