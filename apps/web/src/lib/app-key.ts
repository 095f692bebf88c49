/** The server rewrites this placeholder when it serves index.html; the Vite dev server does not. */
const PLACEHOLDER = '%GAMA_APP_KEY%';
const DEV_APP_KEY = 'gama-dev-app-key';

let cached: string | null = null;

export function appKey(): string {
  if (cached !== null) return cached;
  const content = document.querySelector<HTMLMetaElement>('meta[name="gama-app-key"]')?.content ?? '';
  cached = content === '' || content === PLACEHOLDER ? DEV_APP_KEY : content;
  return cached;
}
