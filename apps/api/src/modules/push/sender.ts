/**
 * The server's side of the push sender process (sender-process.ts, decision 036): starts it at a lower priority
 * (`nice`), hands it batches of pushes and waits for their outcomes. A sender that dies fails the batches it
 * had (pg-boss retries them) and is started again for the next batch. `stop` closes the channel, which ends
 * the sender, and waits until it has.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { pushSenderScript, runsFromBundle } from '../../paths.ts';

/** One push, ready to encrypt and send: the device's address and keys, the JSON text, the VAPID header. */
export interface OutgoingPush {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  authorization: string;
}

type Request = { type: 'send'; pushes: OutgoingPush[]; ttlSeconds: number; ca?: string } | { type: 'usage' };
export type SenderRequest = Request & { id: number };

export type Outcome = 'sent' | 'gone' | { failed: string };

export type SenderReply =
  | { type: 'ready' }
  | { type: 'done'; id: number; outcomes: Outcome[] }
  | { type: 'usage'; id: number; cpu: NodeJS.CpuUsage };

export interface PushSenderOptions {
  /** How much lower than the server the sender runs (added to its nice value; 0-19). */
  nice: number;
  /** A certificate authority to trust besides the system's: tests and the bench reach a local push service. */
  ca?: string;
  onExit: (details: { code: number | null; signal: NodeJS.Signals | null }) => void;
}

interface Running {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<void>;
  waiting: Map<number, { resolve: (reply: SenderReply) => void; reject: (error: Error) => void }>;
}

export class PushSender {
  private running: Running | undefined;
  private nextId = 1;
  private stopping = false;

  constructor(private readonly options: PushSenderOptions) {}

  /** The sender's process id while it runs (tests look for it). */
  get pid(): number | undefined {
    return this.running?.child.pid;
  }

  /** Starts the sender now rather than at the first batch (the server does, so it is there from the start). */
  start(): void {
    if (!this.stopping) this.running ??= this.spawn();
  }

  private spawn(): Running {
    // The same Node as the server, and the same form: the bundled sender beside the server's bundle, or the
    // source through tsx when the server runs from source (tests that build an app, `npm run dev`).
    const args = runsFromBundle
      ? [pushSenderScript]
      : ['--import', import.meta.resolve('tsx'), pushSenderScript];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const waiting: Running['waiting'] = new Map();
    let started: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, signal) => {
        if (this.running?.child === child) this.running = undefined;
        const error = new Error(`the push sender ended (${signal ?? code}) with a batch unsent`);
        for (const { reject } of waiting.values()) reject(error);
        waiting.clear();
        started();
        if (!this.stopping) this.options.onExit({ code, signal });
        resolve();
      });
    });
    child.on('message', (reply: SenderReply) => {
      if (reply.type === 'ready') {
        started();
        return;
      }
      const pending = waiting.get(reply.id);
      waiting.delete(reply.id);
      pending?.resolve(reply);
    });
    if (child.pid !== undefined) {
      try {
        setPriority(child.pid, Math.min(19, getPriority() + this.options.nice));
      } catch {
        // A system that refuses (none does for lowering one's own child) leaves it at the server's priority.
      }
    }
    return { child, ready, exited, waiting };
  }

  private async ask(request: Request): Promise<SenderReply> {
    if (this.stopping) throw new Error('the push sender is stopping');
    this.running ??= this.spawn();
    const running = this.running;
    await running.ready;
    const id = this.nextId++;
    return new Promise<SenderReply>((resolve, reject) => {
      running.waiting.set(id, { resolve, reject });
      if (!running.child.connected) {
        running.waiting.delete(id);
        reject(new Error('the push sender is not running'));
        return;
      }
      running.child.send({ ...request, id } satisfies SenderRequest);
    });
  }

  /** Encrypts and sends the pushes in the sender process; one outcome per push, in order. */
  async send(pushes: OutgoingPush[], ttlSeconds: number): Promise<Outcome[]> {
    const reply = await this.ask({
      type: 'send',
      pushes,
      ttlSeconds,
      ...(this.options.ca ? { ca: this.options.ca } : {}),
    });
    if (reply.type !== 'done') throw new Error(`the push sender answered ${reply.type}`);
    return reply.outcomes;
  }

  /** The sender's CPU time so far (the bench's counters); undefined when none runs. */
  async cpuUsage(): Promise<NodeJS.CpuUsage | undefined> {
    if (!this.running) return undefined;
    const reply = await this.ask({ type: 'usage' });
    return reply.type === 'usage' ? reply.cpu : undefined;
  }

  /** Ends the sender (it ends when its channel closes) and waits for it; killed if it lingers. */
  async stop(): Promise<void> {
    this.stopping = true;
    const running = this.running;
    if (!running) return;
    if (running.child.connected) running.child.disconnect();
    const timer = setTimeout(() => running.child.kill('SIGKILL'), 5_000);
    await running.exited;
    clearTimeout(timer);
  }
}
