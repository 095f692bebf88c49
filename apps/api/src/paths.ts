/**
 * Where the server finds the files it reads beside its code. The source (`src/paths.ts`, run by tsx) and the
 * server's bundle (`dist/server.mjs`, scripts/bundle.ts) both sit one folder below the API's package, so the
 * package's folder is found the same way from either; a module deeper in `src/` cannot use its own
 * `import.meta.url`, which in the bundle is the bundle's.
 */
import { fileURLToPath } from 'node:url';

export const apiRoot = fileURLToPath(new URL('../', import.meta.url));

/** The numbered migrations and the repeatable SQL (db/migrate.ts, db/repeatables.ts). */
export const migrationsDir = `${apiRoot}src/db/migrations/`;
export const functionsDir = `${apiRoot}src/db/functions/`;
/** The files served as they are (the API reference's page, the icons). */
export const publicDir = `${apiRoot}public/`;
export const webDist = `${apiRoot}../web/dist/`;
export const adminDist = `${apiRoot}../admin/dist/`;
/** The deployed configuration the backup scripts read (backup/config-files.ts). */
export const deployDir = `${apiRoot}../../deploy/`;

/** True in the bundle: the server then starts the bundled push sender with plain Node, not tsx. */
export const runsFromBundle = import.meta.url.endsWith('.mjs');
export const pushSenderScript = runsFromBundle
  ? `${apiRoot}dist/sender-process.mjs`
  : `${apiRoot}src/modules/push/sender-process.ts`;
