import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tarWithout } from './tar-without.ts';

const dir = mkdtempSync(join(tmpdir(), 'gama-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function archive(paths: string[], root: string): Buffer {
  for (const path of paths) {
    mkdirSync(join(dir, root, path, '..'), { recursive: true });
    writeFileSync(join(dir, root, path), `contents of ${path}\n`.repeat(40));
  }
  return execFileSync('tar', ['-cf', '-', '-C', join(dir, root), '.']);
}

function listing(tar: Buffer): string[] {
  const file = join(dir, `listing-${Math.random()}.tar`);
  writeFileSync(file, tar);
  return execFileSync('tar', ['-tf', file], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line && !line.endsWith('/'))
    .sort();
}

describe('tarWithout', () => {
  it('leaves out exactly the named folders, keeps every other entry whole', () => {
    const tar = archive(
      ['PG_VERSION', 'base/1/1255', 'base/4/1249', 'base/5/1255', 'base/10/1', 'global/1262'],
      'a',
    );
    const slim = tarWithout(tar, ['base/1', 'base/4']);
    expect(listing(slim)).toEqual(['./PG_VERSION', './base/10/1', './base/5/1255', './global/1262']);
    const out = join(dir, 'out');
    mkdirSync(out);
    writeFileSync(join(dir, 'slim.tar'), slim);
    execFileSync('tar', ['-xf', join(dir, 'slim.tar'), '-C', out]);
    expect(readFileSync(join(out, 'base/5/1255'), 'utf8')).toBe(
      readFileSync(join(dir, 'a/base/5/1255'), 'utf8'),
    );
  });

  it('keeps the whole archive when nothing matches', () => {
    const tar = archive(['x/1', 'y/2'], 'b');
    expect(listing(tarWithout(tar, ['base/1']))).toEqual(['./x/1', './y/2']);
  });
});
