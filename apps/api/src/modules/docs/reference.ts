/**
 * The browsable reference pages: Scalar's standalone bundle, served by this server from its own copy in
 * node_modules (no CDN), reading the OpenAPI document of the same origin.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Where the pages load the renderer from (a static route of this server). */
export const RENDERER_PREFIX = '/static/docs/';
export const RENDERER_FILE = 'standalone.js';

/** The folder holding Scalar's standalone bundle (its package exports no path to it, so it is found from its main). */
export function rendererRoot(): string {
  const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
  const root = path.join(path.dirname(main), 'browser');
  if (!existsSync(path.join(root, RENDERER_FILE))) {
    throw new Error(`@scalar/api-reference has no ${RENDERER_FILE} in ${root}`);
  }
  return root;
}

// Scalar's options: nothing that reaches another host (its web fonts, telemetry, the AI agent, MCP links).
const rendererOptions = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  hideClientButton: true,
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The page: the document's URL and the options sit in data attributes of a JSON script element (never run,
 * so the strict CSP's `script-src 'self'` needs no inline exception); the bundle mounts itself there.
 */
export function referencePage(title: string, documentUrl: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:," />
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="${escapeHtml(documentUrl)}" data-configuration="${escapeHtml(JSON.stringify(rendererOptions))}"></script>
    <script src="${RENDERER_PREFIX}${RENDERER_FILE}"></script>
  </body>
</html>
`;
}
