import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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
    expect(source).not.toMatch(/zod|import|summary|"errors"|"response"/);
  });
});
