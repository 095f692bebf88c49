import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as real from '../../core/src/endpoints/index.ts';
import { callableCatalogueSource } from './catalogue.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'gama-catalogue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadCallable(): Promise<Record<string, unknown>> {
  const file = path.join(dir, 'callable.mjs');
  writeFileSync(file, callableCatalogueSource());
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

describe('the callable catalogue a browser bundle gets', () => {
  it('has every export and entry of the real catalogue, each with its plain fields', async () => {
    const callable = await loadCallable();
    expect(Object.keys(callable).sort()).toEqual(Object.keys(real).sort());
    const entries = callable.endpoints as Record<string, Record<string, unknown>>;
    expect(Object.keys(entries)).toEqual(Object.keys(real.endpoints));
    for (const [name, entry] of Object.entries(real.endpoints)) {
      const plain = Object.entries(entry).filter(
        ([key, value]) => key !== 'summary' && ['string', 'number', 'boolean'].includes(typeof value),
      );
      expect(entries[name], name).toEqual(Object.fromEntries(plain));
    }
    expect(callable.allEndpoints).toHaveLength(real.allEndpoints.length);
    // What the client's download() checks.
    expect(entries.accountStatement?.produces).toBe('text/csv');
  });

  it('reaches the same entry object through every export, as the real module does', async () => {
    const callable = await loadCallable();
    const entries = callable.endpoints as Record<string, unknown>;
    const bids = callable.bidEndpointsOf as Record<string, Record<string, unknown>>;
    const markets = callable.marketEndpointsOf as Record<string, Record<string, unknown>>;
    expect(bids.starline?.submit).toBe(entries.starlineSubmitBid);
    expect(markets.gali?.rates).toBe(entries.galiRates);
    expect((callable.allEndpoints as unknown[])[0]).toBe(Object.values(entries)[0]);
  });

  it('carries no schema, so zod stays out of the bundle', () => {
    const source = callableCatalogueSource();
    // An import statement or call, not a path that has the word (`/admin-api/results/import`).
    expect(source).not.toMatch(/zod|^\s*import\s|\bimport\(|summary|"errors"|"response"/m);
  });
});

describe('the player app catalogue (the console endpoints left out)', () => {
  const leaveOut = ['operator', 'operator-login'];

  it('keeps every other entry and drops the references to the left-out ones', async () => {
    const file = path.join(dir, 'player.mjs');
    writeFileSync(file, callableCatalogueSource({ leaveOut }));
    const callable = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const entries = callable.endpoints as Record<string, { access: string }>;
    const kept = Object.entries(real.endpoints).filter(([, entry]) => !leaveOut.includes(entry.access));
    expect(Object.keys(entries)).toEqual(kept.map(([name]) => name));
    expect(callable.allEndpoints).toHaveLength(kept.length);
    const bids = callable.bidEndpointsOf as Record<string, Record<string, unknown>>;
    expect(bids.starline?.submit).toBe(entries.starlineSubmitBid);
  });

  it('still has every endpoint the player app names', () => {
    const source = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
        const file = path.join(dir, item.name);
        if (item.isDirectory()) return source(file);
        return /\.tsx?$/.test(item.name) ? [readFileSync(file, 'utf8')] : [];
      });
    const named = new Set(
      source(fileURLToPath(new URL('../../../apps/web/src', import.meta.url))).flatMap((text) =>
        [...text.matchAll(/\bendpoints\.([A-Za-z]+)\b/g)].map((m) => m[1] as string),
      ),
    );
    const all = real.endpoints as Record<string, { access: string }>;
    const missing = [...named].filter((name) => name in all && leaveOut.includes(all[name]?.access ?? ''));
    expect(named.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });
});
