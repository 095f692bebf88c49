import type { Download } from '@gama/core/endpoints/client';

/**
 * Hands a file to the browser as a save: a link to the bytes with the file's name, clicked. The object URL is
 * let go a while later, not at once, so a slow save still finds its bytes.
 */
export function saveFile({ filename, blob }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
