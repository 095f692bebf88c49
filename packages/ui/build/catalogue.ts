/**
 * The endpoint catalogue as a browser bundle needs it. An app's client reads only an entry's method, path and
 * access; the zod schemas beside them (request, response, every domain's records) are what the server and the
 * compile-time types use. Bundled as they are, they brought zod and every domain's schemas, the console's
 * included, into the player app's first download. This plugin swaps `@gama/core/endpoints` for a module built
 * from the real catalogue at build time, with each entry's plain fields and no schema: the types still come from
 * the real module, so `call(endpoints.x, …)` stays checked.
 */
import * as catalogue from '../../core/src/endpoints/index.ts';
import type { AnyEndpoint } from '../../core/src/endpoints/define.ts';
import type { Plugin } from 'vite';

const SOURCE = '@gama/core/endpoints';
const VIRTUAL = '\0gama-callable-catalogue';
// Documentation only: no client reads it, and it is the longest plain field.
const DROPPED = new Set(['summary']);

function isEntry(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value
  );
}

/**
 * An entry's plain fields (method, path, access, what it produces, …): everything a client may read of it, kept
 * whole so a client that starts reading one more field finds it. The schemas and the error list stay behind.
 */
function callableFields(entry: AnyEndpoint): Record<string, string | number | boolean> {
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(entry)) {
    if (DROPPED.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return fields;
}

/**
 * The module's source. Every entry is written once, in `endpoints`; the other exports refer to those same objects,
 * so an entry keeps one identity whichever export it was reached through, as in the real module.
 */
export function callableCatalogueSource(options: CatalogueOptions = {}): string {
  const leaveOut = new Set(options.leaveOut ?? []);
  const names = new Map<unknown, string>();
  const left = new Set<unknown>();
  const lines = ['const e = {'];
  for (const [name, entry] of Object.entries(catalogue.endpoints)) {
    if (leaveOut.has(entry.access)) {
      left.add(entry);
      continue;
    }
    names.set(entry, name);
    lines.push(`  ${JSON.stringify(name)}: ${JSON.stringify(callableFields(entry))},`);
  }
  lines.push('};');

  const write = (value: unknown, where: string): string => {
    const name = names.get(value);
    if (name !== undefined) return `e[${JSON.stringify(name)}]`;
    if (Array.isArray(value)) {
      const kept = value.filter((item) => !left.has(item));
      return `[${kept.map((item, i) => write(item, `${where}[${i}]`)).join(', ')}]`;
    }
    if (typeof value === 'object' && value !== null && !isEntry(value)) {
      const fields = Object.entries(value)
        .filter(([, v]) => !left.has(v))
        .map(([k, v]) => `${JSON.stringify(k)}: ${write(v, `${where}.${k}`)}`);
      return `{ ${fields.join(', ')} }`;
    }
    // A new kind of export (a function, an entry outside `endpoints`) must be added here, not silently lost.
    throw new Error(`callable catalogue: cannot carry ${where} of @gama/core/endpoints to the browser`);
  };
  for (const [name, value] of Object.entries(catalogue)) {
    lines.push(
      name === 'endpoints' ? 'export const endpoints = e;' : `export const ${name} = ${write(value, name)};`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface CatalogueOptions {
  /**
   * Entries whose `access` is one of these stay out, and so do the references other exports hold to them: the
   * player app never calls the console's `operator` endpoints, which are more than half the catalogue.
   */
  leaveOut?: readonly string[];
}

export function callableCatalogue(options: CatalogueOptions = {}): Plugin {
  return {
    name: 'gama-callable-catalogue',
    enforce: 'pre',
    resolveId(source) {
      return source === SOURCE ? VIRTUAL : null;
    },
    load(id) {
      return id === VIRTUAL ? callableCatalogueSource(options) : null;
    },
  };
}
