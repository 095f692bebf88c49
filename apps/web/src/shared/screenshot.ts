/**
 * A payment screenshot made small enough to send on a patchy connection: decoded by the browser, scaled so its
 * longer side is at most MAX_SIDE, and encoded as JPEG, lowering the quality until it fits the server's limit.
 * The server decodes and re-encodes it again; this only saves the player's data and time.
 */
import { fundsMessages } from '@gama/core/contract/funds-messages';
import { SCREENSHOT_MAX_BYTES, screenshotTypes } from '@gama/core/endpoints/deposits/index';

const MAX_SIDE = 1600;
const QUALITIES = [0.85, 0.7, 0.55, 0.4];

/** Bytes a base64 data URL decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const data = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

export async function screenshotDataUrl(file: File): Promise<string> {
  if (!(screenshotTypes as readonly string[]).includes(file.type)) {
    throw new Error(fundsMessages.screenshotInvalid);
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(fundsMessages.screenshotInvalid);
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error(fundsMessages.screenshotInvalid);
  // JPEG has no transparency: a transparent PNG would turn black without a white ground.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of QUALITIES) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (dataUrlBytes(url) <= SCREENSHOT_MAX_BYTES) return url;
  }
  throw new Error(fundsMessages.screenshotTooLarge);
}
