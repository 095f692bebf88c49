/**
 * The deployed high-availability setup (deploy/etcd, deploy/patroni, deploy/haproxy) on one machine, for the
 * failover test and bench: one etcd member, Patroni nodes with PostgreSQL under a temp dir, and HAProxy routing to
 * the node Patroni reports primary. The files are the deployed ones with only addresses, ports, paths and
 * Patroni's timings rewritten; a value the file lacks fails the rewrite, so a renamed key cannot pass silently.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { giveToPostgres, postgresBin } from '../src/backup/programs.ts';

const deployDir = fileURLToPath(new URL('../../../deploy/', import.meta.url));

export const PATRONI = '/usr/bin/patroni';
export const ETCD = '/usr/bin/etcd';
export const HAPROXY = '/usr/sbin/haproxy';

/** What the cluster needs and this machine lacks, as an install hint per program. */
export function haMissing(): string[] {
  return [
    postgresBin ? null : 'postgresql (the server programs)',
    existsSync(PATRONI) ? null : 'patroni',
    existsSync(ETCD) ? null : 'etcd-server',
    existsSync(HAPROXY) ? null : 'haproxy',
  ].filter((m): m is string => m !== null);
}

/** `KEY="value"` lines (an environment file) with values replaced; a key the file lacks throws. */
export function withEnvValues(text: string, values: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)="(.*)"$/.exec(line.trim());
    if (match?.[1] !== undefined) env[match[1]] = match[2] ?? '';
  }
  for (const [key, value] of Object.entries(values)) {
    if (!(key in env)) throw new Error(`no ${key} in the environment file`);
    env[key] = value;
  }
  return env;
}

/** A YAML file with the scalar value of each named key replaced; the key must occur exactly once. */
export function withYamlValues(text: string, values: Record<string, string>): string {
  let out = text;
  for (const [key, value] of Object.entries(values)) {
    const pattern = new RegExp(`^(\\s*${key}:)\\s.*$`, 'gm');
    const found = out.match(pattern)?.length ?? 0;
    if (found !== 1) throw new Error(`${key} occurs ${found} times in the YAML file, expected once`);
    out = out.replace(pattern, (_line, head: string) => `${head} ${value}`);
  }
  return out;
}

/** Every occurrence of `from` replaced by `to`; throws when there is none. */
export function replacingAll(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`${from} does not occur`);
  return text.split(from).join(to);
}

export interface HaNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
}

export interface ClusterMember {
  name: string;
  role: string;
  state: string;
  timeline?: number;
}

export interface HaCluster {
  /** Through HAProxy to whichever node is primary: the API's DATABASE_URL (`/postgres`; append a database). */
  primaryUrl(database: string): string;
  /** Through HAProxy to any running node: READ_DATABASE_URL. */
  readUrl(database: string): string;
  /** Patroni's REST API of the first node: the console's PATRONI_URL. */
  restUrl: string;
  nodes: HaNode[];
  /** Patroni's view of the cluster (GET /cluster), from any node that answers. */
  members(): Promise<ClusterMember[]>;
  /** Waits until a node other than `not` leads and every other node streams from it as a synchronous standby. */
  settled(not?: string, ms?: number): Promise<string>;
  /** `kill -9` of the postmaster of the current primary; resolves its node's name. */
  killPrimaryPostmaster(): Promise<string>;
  stop(): Promise<void>;
}

export const PASSWORD = 'ha-test-password';

/** Patroni's timings for a test: a postmaster crash is noticed within a second, a lost leader within seconds. */
const TEST_TIMINGS = { ttl: '8', loop_wait: '1', retry_timeout: '3' };

async function waitFor(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts the cluster in `dir` on the ports from `basePort` (basePort .. basePort+7): etcd client and peer, then per
 * node PostgreSQL and Patroni REST, then HAProxy's primary and read ports. Resolves once a primary leads and the
 * standby streams synchronously.
 */
export async function startHaCluster(dir: string, basePort: number, nodeCount = 2): Promise<HaCluster> {
  mkdirSync(dir, { recursive: true });
  giveToPostgres(dir);
  const children: ChildProcess[] = [];
  const nodes: HaNode[] = [];
  const patronis = new Map<string, ChildProcess>();
  const logs = join(dir, 'logs');
  mkdirSync(logs, { recursive: true });
  giveToPostgres(logs);
  const spawnLogged = (name: string, command: string, args: string[], env: Record<string, string>) => {
    const log = join(logs, `${name}.log`);
    writeFileSync(log, '');
    giveToPostgres(log);
    const child = spawn('sh', ['-c', `exec "$0" "$@" >>${log} 2>&1`, command, ...args], {
      env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8', ...env },
      stdio: 'ignore',
      detached: true,
    });
    children.push(child);
    return child;
  };

  // Whatever was started is ended when the start fails part-way.
  const abandon = () => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  };
  try {
    return await startMembers();
  } catch (error) {
    abandon();
    for (const node of nodes) killPostmaster(node);
    throw error;
  }

  async function startMembers(): Promise<HaCluster> {
    const etcdClient = basePort;
    const etcdPeer = basePort + 1;
    const etcdDir = join(dir, 'etcd');
    spawnLogged(
      'etcd',
      ETCD,
      [],
      withEnvValues(readFileSync(join(deployDir, 'etcd/etcd.env'), 'utf8'), {
        ETCD_NAME: 'etcd1',
        ETCD_DATA_DIR: etcdDir,
        ETCD_LISTEN_PEER_URLS: `http://127.0.0.1:${etcdPeer}`,
        ETCD_LISTEN_CLIENT_URLS: `http://127.0.0.1:${etcdClient}`,
        ETCD_INITIAL_ADVERTISE_PEER_URLS: `http://127.0.0.1:${etcdPeer}`,
        ETCD_ADVERTISE_CLIENT_URLS: `http://127.0.0.1:${etcdClient}`,
        ETCD_INITIAL_CLUSTER: `etcd1=http://127.0.0.1:${etcdPeer}`,
      }),
    );
    await waitFor('etcd', async () => (await fetch(`http://127.0.0.1:${etcdClient}/health`)).ok, 30_000);

    if (!postgresBin) throw new Error('PostgreSQL server programs not found');
    const template = withYamlValues(
      replacingAll(
        readFileSync(join(deployDir, 'patroni/config.yml'), 'utf8'),
        '10.0.0.0/24',
        '127.0.0.1/32',
      ),
      {
        ...TEST_TIMINGS,
        // The test's nodes archive nowhere: pgBackRest's own test covers archiving.
        archive_mode: "'off'",
        unix_socket_directories: dir,
      },
    );
    const config = join(dir, 'patroni.yml');
    writeFileSync(config, template);
    giveToPostgres(config);
    const startPatroni = (node: HaNode) => {
      const env = {
        PATRONI_NAME: node.name,
        PATRONI_RESTAPI_LISTEN: `127.0.0.1:${node.restPort}`,
        PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${node.restPort}`,
        PATRONI_ETCD3_HOSTS: `127.0.0.1:${etcdClient}`,
        PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${node.pgPort}`,
        PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${node.pgPort}`,
        PATRONI_POSTGRESQL_DATA_DIR: node.dataDir,
        PATRONI_POSTGRESQL_BIN_DIR: postgresBin ?? '',
        PATRONI_POSTGRESQL_PGPASS: join(dir, `pgpass-${node.name}`),
        PATRONI_SUPERUSER_PASSWORD: PASSWORD,
        PATRONI_REPLICATION_PASSWORD: PASSWORD,
        PATRONI_REWIND_PASSWORD: PASSWORD,
      };
      const asPostgres = process.getuid?.() === 0;
      patronis.set(
        node.name,
        asPostgres
          ? spawnLogged(node.name, 'runuser', ['-u', 'postgres', '--', PATRONI, config], env)
          : spawnLogged(node.name, PATRONI, [config], env),
      );
    };
    for (let i = 0; i < nodeCount; i++) {
      const node: HaNode = {
        name: `pg${i + 1}`,
        pgPort: basePort + 2 + i * 2,
        restPort: basePort + 3 + i * 2,
        dataDir: join(dir, `pg${i + 1}`),
      };
      nodes.push(node);
      startPatroni(node);
      // The first node bootstraps the cluster alone; the others then copy it.
      if (i === 0) {
        await waitFor(
          'the first node to lead',
          async () => (await fetch(`http://127.0.0.1:${node.restPort}/primary`)).status === 200,
          60_000,
        );
      }
    }

    const primaryPort = basePort + 2 + nodeCount * 2;
    const readPort = primaryPort + 1;
    const haproxyConfig = rewriteHaproxy(
      readFileSync(join(deployDir, 'haproxy/haproxy.cfg'), 'utf8'),
      nodes,
      primaryPort,
      readPort,
    );
    const haproxyFile = join(dir, 'haproxy.cfg');
    writeFileSync(haproxyFile, haproxyConfig);
    const check = spawnSync(HAPROXY, ['-c', '-f', haproxyFile], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy -c failed: ${check.stderr}${check.stdout}`);
    spawnLogged('haproxy', HAPROXY, ['-db', '-f', haproxyFile], {});

    const members = async (): Promise<ClusterMember[]> => {
      for (const node of nodes) {
        const res = await fetch(`http://127.0.0.1:${node.restPort}/cluster`).catch(() => undefined);
        if (res?.ok) return ((await res.json()) as { members: ClusterMember[] }).members;
      }
      return [];
    };

    const logTails = () =>
      readdirSync(logs)
        .map((file) => {
          const lines = readFileSync(join(logs, file), 'utf8').trimEnd().split('\n');
          return `--- ${file}\n${lines.slice(-15).join('\n')}`;
        })
        .join('\n');

    const cluster: HaCluster = {
      primaryUrl: (database) => `postgres://postgres:${PASSWORD}@127.0.0.1:${primaryPort}/${database}`,
      readUrl: (database) => `postgres://postgres:${PASSWORD}@127.0.0.1:${readPort}/${database}`,
      restUrl: `http://127.0.0.1:${nodes[0]?.restPort ?? 0}`,
      nodes,
      members,
      async settled(not, ms = 120_000) {
        let leader = '';
        await waitFor(
          `a primary other than ${not ?? 'none'} with synchronous standbys`,
          async () => {
            const all = await members();
            const lead = all.find((m) => m.role === 'leader' && m.state === 'running');
            if (!lead || lead.name === not) return false;
            const others = all.filter((m) => m !== lead);
            if (others.length !== nodes.length - 1) return false;
            // Patroni 3.0 reports a streaming standby as `running`; later versions as `streaming`.
            const streaming = (m: ClusterMember) => m.state === 'running' || m.state === 'streaming';
            if (!others.every((m) => m.role === 'sync_standby' && streaming(m))) return false;
            // HAProxy routes to it: a connection through it lands on a node that is not in recovery.
            const { default: pg } = await import('pg');
            const client = new pg.Client({ connectionString: cluster.primaryUrl('postgres') });
            try {
              await client.connect();
              const { rows } = await client.query<{ standby: boolean }>(
                'SELECT pg_is_in_recovery() AS standby',
              );
              leader = lead.name;
              return rows[0]?.standby === false;
            } finally {
              await client.end().catch(() => undefined);
            }
          },
          ms,
        ).catch(async (error: unknown) => {
          // A cluster that does not settle is only diagnosable from what it said: the members as Patroni sees
          // them and the end of each process's log, before the directory is removed.
          throw new Error(
            `${(error as Error).message}; members: ${JSON.stringify(await members())}\n${logTails()}`,
          );
        });
        return leader;
      },
      async killPrimaryPostmaster() {
        const lead = (await members()).find((m) => m.role === 'leader');
        const node = nodes.find((n) => n.name === lead?.name);
        if (!node) throw new Error('no primary to kill');
        const pid = Number(readFileSync(join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 'SIGKILL');
        return node.name;
      },
      async stop() {
        // Patroni first (SIGTERM stops its PostgreSQL cleanly), then whatever is left.
        for (const child of patronis.values()) signalGroup(child, 'SIGTERM');
        await Promise.all(
          [...patronis.values()].map((child) => new Promise((resolve) => exited(child, resolve, 15_000))),
        );
        for (const node of nodes) killPostmaster(node);
        for (const child of children) signalGroup(child, 'SIGKILL');
      },
    };
    await cluster.settled();
    return cluster;
  }
}

/** SIGKILL to a node's postmaster, if one runs. */
function killPostmaster(node: HaNode): void {
  const pidFile = join(node.dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone.
  }
}

function exited(child: ChildProcess, done: (value: unknown) => void, ms: number): void {
  if (child.exitCode !== null || child.signalCode !== null) {
    done(undefined);
    return;
  }
  const timer = setTimeout(() => done(undefined), ms);
  child.once('exit', () => {
    clearTimeout(timer);
    done(undefined);
  });
}

/** The deployed HAProxy file with the nodes' addresses and the two listening ports replaced. */
export function rewriteHaproxy(text: string, nodes: HaNode[], primaryPort: number, readPort: number): string {
  const binds = [primaryPort, readPort];
  let bindIndex = 0;
  const lines: string[] = [];
  let serversWritten = false;
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('bind ')) {
      const port = binds[bindIndex++];
      if (port === undefined) throw new Error('more bind lines than expected');
      lines.push(`    bind 127.0.0.1:${port}`);
      serversWritten = false;
      continue;
    }
    if (trimmed.startsWith('server ')) {
      if (!serversWritten) {
        for (const node of nodes) {
          lines.push(`    server ${node.name} 127.0.0.1:${node.pgPort} check port ${node.restPort}`);
        }
        serversWritten = true;
      }
      continue;
    }
    lines.push(line);
  }
  if (bindIndex !== binds.length) throw new Error(`expected ${binds.length} bind lines, found ${bindIndex}`);
  return lines.join('\n');
}
