/** Every API test file is placed on its engines once, by name: a new or renamed file cannot drop out unseen. */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bothEngines, engineIndependent, onPglite, onPostgres, postgresOnly } from './engines.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const listed: string[] = [bothEngines, postgresOnly, onPostgres, onPglite, engineIndependent].flat();

function testFiles(): string[] {
  return ['src', 'test']
    .flatMap((dir) =>
      readdirSync(`${apiDir}/${dir}`, { recursive: true, encoding: 'utf8' }).map((f) => `${dir}/${f}`),
    )
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

describe('engine lists', () => {
  it('name only test files that exist', () => {
    expect(listed.filter((file) => !existsSync(`${apiDir}/${file}`))).toEqual([]);
  });

  it('place every test file, each in one list', () => {
    expect(testFiles().filter((file) => !listed.includes(file))).toEqual([]);
    expect(listed.filter((file, i) => listed.indexOf(file) !== i)).toEqual([]);
  });
});
