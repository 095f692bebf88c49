/**
 * The push sender: a process of its own (started by `PushSender`, sender.ts), so that encrypting pushes (a fresh
 * ECDH key pair and agreement each, RFC 8291) and the TLS and HTTP work of sending them never run on the thread
 * that answers bids, and at a lower priority than the server, so bids and settlement win the CPU (decision
 * 036). It holds no database and no queue: the server's pg-boss workers claim the jobs and hand each batch over
 * by IPC with everything a send needs; this answers, per push, sent, gone (404/410) or failed (to be retried).
 * It ends when the server's channel closes: a server that stops, or is killed, leaves no sender behind.
 */
import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Outcome, SenderReply, SenderRequest } from './sender.ts';

let agent: Agent | undefined;

async function sendBatch(request: Extract<SenderRequest, { type: 'send' }>): Promise<SenderReply> {
  // One agent for the life of the process: kept-alive connections to each push service (FCM, Mozilla, …).
  agent ??= new Agent({ keepAlive: true, maxSockets: 64, ...(request.ca ? { ca: request.ca } : {}) });
  const outcomes = await Promise.all(
    request.pushes.map(async (push): Promise<Outcome> => {
      try {
        await webpush.sendNotification(
          { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
          push.payload,
          {
            headers: { Authorization: push.authorization },
            TTL: request.ttlSeconds,
            timeout: 10_000,
            agent,
          },
        );
        return 'sent';
      } catch (error) {
        if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
          return 'gone';
        }
        return { failed: describe(error) };
      }
    }),
  );
  return { type: 'done', id: request.id, outcomes };
}

function describe(error: unknown): string {
  if (error instanceof WebPushError) return `push service answered ${error.statusCode}`;
  return error instanceof Error ? error.message : String(error);
}

/** Answers the server; one that has stopped (the channel closed) needs no answer, and this ends at once. */
function reply(message: SenderReply): void {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

process.on('message', (request: SenderRequest) => {
  if (request.type === 'send') {
    void sendBatch(request).then(reply);
  } else if (request.type === 'usage') {
    reply({ type: 'usage', id: request.id, cpu: process.cpuUsage() });
  }
});
// Ctrl-C reaches the whole foreground group; the server finishes the batches in flight and then closes the
// channel, which is when this ends. A sender that died on the signal would fail those batches.
process.on('SIGINT', () => undefined);
process.on('disconnect', () => process.exit(0));
reply({ type: 'ready' });
