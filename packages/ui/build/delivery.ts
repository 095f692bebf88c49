/**
 * Build-time delivery for both apps: a production bundle whatever NODE_ENV the shell carries, and every text asset
 * precompressed (brotli and gzip) beside itself so the server negotiates encodings without compressing per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;
// Below this a compressed copy saves less than a packet's worth, and the negotiation is not worth the file.
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes `x.br` and `x.gz` beside each compressible file of `dir`, when the copy is smaller than the file. */
export async function precompress(
  dir: string,
): Promise<{ files: number; rawBytes: number; brBytes: number }> {
  let files = 0;
  let rawBytes = 0;
  let brBytes = 0;
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const raw = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    files += 1;
    rawBytes += raw.length;
    brBytes += Math.min(br.length, raw.length);
  }
  return { files, rawBytes, brBytes };
}

export function delivery(): Plugin {
  let outDir = 'dist';
  return {
    name: 'gama-delivery',
    apply: 'build',
    config() {
      // `NODE_ENV=development npm start` must still serve React's production build: the mode of the server
      // that hosts the bundle says nothing about how the bundle should be built.
      process.env.NODE_ENV = 'production';
      return { mode: 'production', define: { 'process.env.NODE_ENV': JSON.stringify('production') } };
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // After every other plugin has written its files (the service worker is written when the bundle closes).
      order: 'post',
      async handler() {
        const { files, rawBytes, brBytes } = await precompress(outDir);
        this.info(`precompressed ${files} files: ${rawBytes} bytes raw, ${brBytes} bytes brotli`);
      },
    },
  };
}
