/**
 * The local push service of the fan-out bench (push-fanout.ts), in a process of its own so that receiving and
 * decrypting never takes the server's JS thread: the test suite's receiver (apps/api/test/push-receiver.ts),
 * which decrypts RFC 8291 and verifies the VAPID JWT, with `BENCH_DEVICES` devices. Over IPC it answers `ready`
 * (its certificate and the devices' subscriptions, in a JSON file), to `count` how many pushes have arrived,
 * and to `status` every arrival time and the payloads it decrypted (one in `BENCH_SAMPLE`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { PushReceiver } from '../../apps/api/test/push-receiver.ts';

export interface ReceiverReady {
  type: 'ready';
  origin: string;
  cert: string;
  /** A JSON file of `{ endpoint, p256dh, auth }[]`, one per device (IPC is slow with 50,000 of them). */
  subscriptions: string;
}

export interface ReceiverCount {
  type: 'count';
  arrived: number;
  /** This process's CPU time so far (the bench's counters). */
  cpu: NodeJS.CpuUsage;
}

export interface ReceiverStatus {
  type: 'status';
  arrivals: number[];
  decrypted: unknown[];
  problems: string[];
}

const devices = Number(process.env.BENCH_DEVICES ?? 50_000);
const receiver = await PushReceiver.start(0, { sampleEvery: Number(process.env.BENCH_SAMPLE ?? 50) });
const subscriptions = Array.from({ length: devices }, () => {
  const { subscription } = receiver.device();
  return { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
});
const file = join(tmpdir(), `gama-push-fanout-${process.pid}.json`);
writeFileSync(file, JSON.stringify(subscriptions));
const send = (message: ReceiverReady | ReceiverCount | ReceiverStatus) => process.send?.(message);
send({ type: 'ready', origin: receiver.origin, cert: receiver.cert, subscriptions: file });
process.on('message', (message: { type: string }) => {
  if (message.type === 'count') {
    send({ type: 'count', arrived: receiver.arrivals.length, cpu: process.cpuUsage() });
  } else if (message.type === 'status') {
    send({
      type: 'status',
      arrivals: receiver.arrivals,
      decrypted: receiver.received.map((r) => r.payload),
      problems: receiver.problems.slice(0, 20),
    });
  } else if (message.type === 'stop') {
    void receiver.close().then(() => process.exit(0));
  }
});
