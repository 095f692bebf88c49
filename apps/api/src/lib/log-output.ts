/**
 * Where the server's log lines go and in what shape (issue 32 item 15). A developer running `npm start` reads
 * them in a terminal: one short coloured line per event. Anywhere else (production, tests, a log collector)
 * they stay JSON lines, one object each, which machines parse.
 */
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

export type LogFormat = 'pretty' | 'json';

export function logFormat(config: Pick<Config, 'NODE_ENV'>): LogFormat {
  return config.NODE_ENV === 'development' ? 'pretty' : 'json';
}

/**
 * The readable printer, in this process (no worker thread: a crash's last lines are written before it ends).
 * Request ids, process ids and host names are left out of the line; they are in production's JSON.
 */
export function prettyLog(
  colorize = Boolean(process.stdout.isTTY),
  destination: NodeJS.WritableStream = process.stdout,
): DestinationStream {
  return pretty({
    colorize,
    destination,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
    sync: true,
  });
}

/** The stream for `config`: the readable printer in development, pino's own JSON to stdout otherwise. */
export function logStream(config: Pick<Config, 'NODE_ENV'>): DestinationStream | undefined {
  return logFormat(config) === 'pretty' ? prettyLog() : undefined;
}
