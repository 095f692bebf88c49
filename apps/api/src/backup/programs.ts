/**
 * PostgreSQL's and pgBackRest's programs, run as the postgres user when this process is root: the server
 * refuses to run as root, and a data directory or repository made by root could not be opened by it later.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

const root = userInfo().uid === 0;

/** Debian keeps the server's programs per major version, off the PATH; the newest installed one. */
export const postgresBin: string | undefined = ['17', '16', '15']
  .map((v) => `/usr/lib/postgresql/${v}/bin`)
  .find((dir) => existsSync(join(dir, 'pg_ctl')));

export const pgbackrestPath: string | undefined = ['/usr/bin/pgbackrest', '/usr/local/bin/pgbackrest'].find(
  (path) => existsSync(path),
);

/** Runs `command` (a full path) and returns its standard output; throws with its error output on failure. */
export function runAsPostgres(command: string, args: readonly string[]): string {
  const done = root
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (done.status !== 0) {
    const name = command.split('/').pop() ?? command;
    throw new Error(
      `${name} ${args.join(' ')} failed (${done.status ?? done.signal}): ${done.stderr}${done.stdout}`,
    );
  }
  return done.stdout;
}

/** A PostgreSQL program by name, from `postgresBin`. */
export function runPostgresProgram(program: string, args: readonly string[]): string {
  if (!postgresBin) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql/*/bin');
  return runAsPostgres(join(postgresBin, program), args);
}

export function runPgbackrest(args: readonly string[]): string {
  if (!pgbackrestPath) throw new Error('pgbackrest is not installed (apt-get install -y pgbackrest)');
  return runAsPostgres(pgbackrestPath, args);
}

/** Hands a directory made by this process to the postgres user, so the programs above may write in it. */
export function giveToPostgres(path: string): void {
  if (!root) return;
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  chownSync(path, id('-u'), id('-g'));
}
