/**
 * The deployed nginx site (`deploy/nginx/gama.conf`) made runnable without root's paths: the same file with
 * only the upstream lines, the port and the cache directory changed, inside the main-context lines Debian's
 * /etc/nginx/nginx.conf would give it. Used by the edge test and by `npm run scale -w @gama/bench`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX = '/usr/sbin/nginx';
export const hasNginx = existsSync(NGINX);

const siteFile = fileURLToPath(new URL('../../../deploy/nginx/gama.conf', import.meta.url));

export function nginxConfig(site: string, dir: string, listen: number, upstreams: readonly string[]): string {
  const servers = upstreams.map((u) => `    server ${u} max_fails=3 fail_timeout=10s;`).join('\n');
  const body = site
    .replace(/^ {4}server 127\.0\.0\.1:\d+ .*\n/gm, '')
    .replace(/(upstream gama_api \{\n(?:\s*#.*\n)*)/, `$1${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`)
    .replace('/var/cache/nginx/gama', join(dir, 'cache'));
  if (!body.includes(servers)) throw new Error('deploy/nginx/gama.conf: the upstream block was not found');
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  include /etc/nginx/mime.types;
${body}
}
`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Edge {
  url: string;
  stop(): Promise<void>;
}

/** nginx with the deployed site in front of `upstreams` (host:port), once its own `nginx -t` check passes. */
export async function startNginx(upstreams: readonly string[]): Promise<Edge> {
  const dir = mkdtempSync(join(tmpdir(), 'gama-nginx-'));
  mkdirSync(join(dir, 'cache'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(readFileSync(siteFile, 'utf8'), dir, port, upstreams));
  execFileSync(NGINX, ['-t', '-q', '-p', dir, '-c', conf], { stdio: 'inherit' });
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: 'inherit' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: see ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
