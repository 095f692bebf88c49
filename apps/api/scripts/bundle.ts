/**
 * The server's bundle (decision 050): `src/server.ts` and the push sender compiled once into `dist/`, our own
 * modules (the API's and `@gama/core`) inside, every npm package left outside and loaded from node_modules as
 * before. `npm start` and every test that starts a server as a process run it with plain Node: tsx compiled and
 * resolved some 300 modules at each start, about 1 CPU-second of the 2 a start cost.
 *
 * Each file is written beside its final name and renamed over it, so a server starting while another run
 * rebuilds (Vitest's set-up beside the browser suite's servers) reads one whole file or the other.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';
import { apiRoot } from '../src/paths.ts';

const npmPackagesOutside: Plugin = {
  name: 'npm-packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@gama/') ? undefined : { path, external: true },
    );
  },
};

export async function bundleServer(): Promise<void> {
  const result = await build({
    absWorkingDir: apiRoot,
    entryPoints: {
      server: 'src/server.ts',
      'sender-process': 'src/modules/push/sender-process.ts',
    },
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces name the source's files and lines (`node --enable-source-maps`); the map holds no source text.
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [npmPackagesOutside],
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(`${apiRoot}dist`, { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleServer();
