/**
 * The server's checkpoints of the audit chain (checkpoint-format.ts): signed every AUDIT_CHECKPOINT_EVERY_MS when
 * the chain has grown, and on demand from the console; appended to AUDIT_CHECKPOINT_FILE and sent to each
 * AUDIT_CHECKPOINT_URLS witness and AUDIT_CHECKPOINT_SYSLOG, all places the database's owner cannot reach.
 *
 * Before signing, the server checks that the chain still extends its last checkpoint (the row at that position
 * holds the signed hash, and every row since links to the one before and hashes to what it stores). When it
 * does not, it signs nothing and says why: a rewritten log never gets a checkpoint of its own.
 */
import { createSocket } from 'node:dgram';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type { Config } from '../../config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Checkpoint, CheckpointRow } from './checkpoint-format.ts';
import { GENESIS_HASH, parseCheckpoints, signCheckpoint } from './checkpoint-format.ts';
import type { SigningKey } from './checkpoint-key.ts';
import { loadOrCreateSigningKey } from './checkpoint-key.ts';
import { chainRowsAfter } from './chain.ts';
import type { Actor } from './writer.ts';
import { audit } from './writer.ts';

/** Rows one checkpoint lists at most (about 270 kB of line); a longer stretch is signed as several. */
export const ROWS_PER_CHECKPOINT = 5_000;

export class CheckpointRefused extends Error {}

type CheckpointConfig = Pick<
  Config,
  | 'AUDIT_CHECKPOINT_FILE'
  | 'AUDIT_SIGNING_KEY_FILE'
  | 'AUDIT_PUBLIC_KEY_FILE'
  | 'AUDIT_CHECKPOINT_EVERY_MS'
  | 'AUDIT_CHECKPOINT_URLS'
  | 'AUDIT_CHECKPOINT_SYSLOG'
>;

export interface CheckpointLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export class AuditCheckpoints {
  private key: SigningKey | null = null;
  private last: Checkpoint | null | undefined = undefined;
  /** One signing at a time in this process: each extends the one before. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Why the last attempt signed nothing (the chain no longer extends the last checkpoint), until one succeeds. */
  refusal: string | null = null;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    readonly config: CheckpointConfig,
    private readonly log: CheckpointLog,
  ) {}

  signingKey(): SigningKey {
    if (!this.key) {
      const { created, ...key } = loadOrCreateSigningKey(
        this.config.AUDIT_SIGNING_KEY_FILE,
        this.config.AUDIT_PUBLIC_KEY_FILE,
      );
      if (created) {
        this.log.info(
          {
            key: key.id,
            file: this.config.AUDIT_SIGNING_KEY_FILE,
            public: this.config.AUDIT_PUBLIC_KEY_FILE,
          },
          'made the audit checkpoint signing key',
        );
      }
      this.key = key;
    }
    return this.key;
  }

  /** The newest checkpoint of this key in the file (read once; then kept as this process signs). */
  async latest(): Promise<Checkpoint | null> {
    if (this.last === undefined) {
      const text = await readFile(this.config.AUDIT_CHECKPOINT_FILE, 'utf8').catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '';
        throw error;
      });
      let best: Checkpoint | null = null;
      for (const p of parseCheckpoints(text, this.signingKey().publicKey)) {
        if (p.ok && (best === null || p.checkpoint.seq >= best.seq)) best = p.checkpoint;
      }
      this.last = best;
    }
    return this.last;
  }

  /**
   * Signs what the chain has added since the last checkpoint (several checkpoints for a long stretch). With
   * `force`, signs even when nothing was added: a fresh time over the same head. Answers the newest checkpoint.
   */
  take(force = false): Promise<Checkpoint | null> {
    return this.queued(async () => this.publishAll(await this.signed(this.db, force)));
  }

  /**
   * A checkpoint an operator asked for, audited here (decision 045): the row and the checkpoint over it are
   * made in one transaction, so the checkpoint covers the row that asked for it and a refused one (the chain no
   * longer extends the last checkpoint) leaves no row. It is published once the row has committed, because a
   * checkpoint must never sign a row that could still roll back; a file that cannot be written then leaves the
   * row without its checkpoint, and the error says so.
   */
  takeAsked(who: Actor): Promise<Checkpoint | null> {
    return this.queued(async () => {
      const signed = await this.db.transaction(async (tx) => {
        await audit(tx, {
          operatorId: who.operator.id,
          action: 'audit_checkpoint',
          request: who.request,
          at: this.now(),
        });
        return this.signed(tx, true);
      });
      return this.publishAll(signed);
    });
  }

  private queued(work: () => Promise<Checkpoint | null>): Promise<Checkpoint | null> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The checkpoints over what the chain added since the last one, signed in order, not yet published. */
  private async signed(db: Queryable, force: boolean): Promise<Checkpoint[]> {
    let last = await this.latest();
    const signed: Checkpoint[] = [];
    for (;;) {
      const from = last?.seq ?? 0;
      const rows = await this.rowsSince(db, last);
      if (rows.length === 0 && (signed.length > 0 || !force)) break;
      const head = rows.at(-1)?.hash ?? (last ? Buffer.from(last.head, 'hex') : GENESIS_HASH);
      last = signCheckpoint({ seq: from + rows.length, head, at: this.now(), from, rows }, this.signingKey());
      signed.push(last);
      if (rows.length < ROWS_PER_CHECKPOINT) break;
    }
    return signed;
  }

  private async publishAll(signed: readonly Checkpoint[]): Promise<Checkpoint | null> {
    for (const checkpoint of signed) {
      await this.publish(checkpoint);
      this.last = checkpoint;
    }
    this.refusal = null;
    return this.last ?? null;
  }

  /** The rows after `last`, checked to extend it; throws CheckpointRefused when they do not. */
  private async rowsSince(db: Queryable, last: Checkpoint | null): Promise<CheckpointRow[]> {
    const from = last?.seq ?? 0;
    let prev = last ? Buffer.from(last.head, 'hex') : GENESIS_HASH;
    if (last && last.seq > 0) {
      const { rows } = await db.query<{ row_hash: Uint8Array }>(
        'SELECT row_hash FROM audit_log WHERE chain_seq = $1',
        [last.seq],
      );
      const at = rows[0];
      if (!at || !Buffer.from(at.row_hash).equals(prev)) {
        this.refuse(
          `The audit chain no longer extends the last checkpoint (position ${last.seq}, signed at ${last.at}): no new checkpoint is signed. Run npm run audit:verify to find the first changed row`,
        );
      }
    }
    const rows = await chainRowsAfter(db, from, ROWS_PER_CHECKPOINT);
    const out: CheckpointRow[] = [];
    for (const row of rows) {
      const seq = Number(row.chain_seq);
      if (seq !== from + out.length + 1 || !row.intact || !Buffer.from(row.prev_hash).equals(prev)) {
        this.refuse(
          `The audit chain breaks at row ${row.id} (position ${seq}): no checkpoint is signed over it. Run npm run audit:verify`,
        );
      }
      prev = Buffer.from(row.row_hash);
      out.push({ seq, id: Number(row.id), hash: prev });
    }
    return out;
  }

  private refuse(message: string): never {
    this.refusal = message;
    throw new CheckpointRefused(message);
  }

  private async publish(checkpoint: Checkpoint): Promise<void> {
    const line = `${JSON.stringify(checkpoint)}\n`;
    await mkdir(dirname(this.config.AUDIT_CHECKPOINT_FILE), { recursive: true });
    // The file is what audit:verify reads: a checkpoint not written there is not taken.
    await appendFile(this.config.AUDIT_CHECKPOINT_FILE, line, { mode: 0o644 });
    const { rows: _rows, ...head } = checkpoint;
    for (const url of this.config.AUDIT_CHECKPOINT_URLS) {
      // A witness that is down costs it this checkpoint, never the server its answer.
      void fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: line,
        signal: AbortSignal.timeout(5_000),
      }).then(
        (res) => {
          if (!res.ok) this.log.error({ url, status: res.status }, 'an audit checkpoint witness refused');
        },
        (error: unknown) => this.log.error({ url, err: error }, 'could not send an audit checkpoint'),
      );
    }
    if (this.config.AUDIT_CHECKPOINT_SYSLOG) this.syslog(this.config.AUDIT_CHECKPOINT_SYSLOG, head);
    this.log.info(
      { seq: checkpoint.seq, at: checkpoint.at, key: checkpoint.key },
      'signed an audit checkpoint',
    );
  }

  /** RFC 5424 over UDP, facility log audit (13), severity info: the signed head without the row list. */
  private syslog(target: string, head: Omit<Checkpoint, 'rows'>): void {
    const url = new URL(target);
    const message = Buffer.from(
      `<110>1 ${head.at} ${hostname()} gama - audit-checkpoint - ${JSON.stringify(head)}`,
    );
    const socket = createSocket(url.hostname.includes(':') ? 'udp6' : 'udp4');
    socket.send(message, Number(url.port), url.hostname.replace(/^\[|\]$/g, ''), (error) => {
      if (error) this.log.error({ target, err: error }, 'could not send an audit checkpoint to syslog');
      socket.close();
    });
  }

  /** Signs on the interval from now on; returns the stop function. */
  start(): () => void {
    const tick = () =>
      void this.take().catch((error: unknown) =>
        this.log.error({ err: error }, 'audit checkpoint not signed'),
      );
    tick();
    const timer = setInterval(tick, this.config.AUDIT_CHECKPOINT_EVERY_MS);
    timer.unref();
    return () => clearInterval(timer);
  }
}
