/** The Hindi sweep's reading of a screen (tests/hindi-sweep*.spec.ts): which English words a player sees. */
import { expect, type Page, type Response } from '@playwright/test';
import { settled } from './settled.ts';

/**
 * Latin-script words a Hindi screen may show: names players know in Latin script (brands, the game's own
 * terms, codes), as the catalogue keeps them (`packages/core/src/i18n/hi.ts`), and Intl's hi-IN "am"/"pm".
 */
const allowedWords = new Set(
  [
    // Brands and codes
    'Gama',
    'Matka',
    'PhonePe',
    'Google',
    'Pay',
    'Paytm',
    'BHIM',
    'WhatsApp',
    'Telegram',
    'UPI',
    'OTP',
    'UTR',
    'QR',
    'ID',
    'SMS',
    'English',
    'CSV',
    // The payment apps' marks on their tiles
    'GPay',
    'Pe',
    'Pt',
    // The game's terms, as players read them
    'Single',
    'Double',
    'Triple',
    'Digit',
    'Jodi',
    'Panel',
    'Pana',
    'Panna',
    'Sangam',
    'Half',
    'Full',
    'Motor',
    'SP',
    'DP',
    'TP',
    'Left',
    'Right',
    'Open',
    'Close',
    'Starline',
    'Gali',
    'Disawar',
    // KING GALI, the spec's name for the Gali games' card
    'King',
    // The toaster's keyboard shortcut (alt+T), named by its keys
    'alt',
    // Intl's hi-IN times
    'am',
    'pm',
  ].map((word) => word.toLowerCase()),
);

/** Answers whose strings the operator typed (market names, content pages, contacts): not the app's words. */
const operatorContent =
  /\/api-(main-game|starline-game|galidisawar-game|get-headline|get-slider-images|how-to-play|money-deposit-withdrawal-rule|get-app-pages|get-social-data|admin-bank-details|get-qr-pay|user-wallet-balance|market-chart|game-rates?)\b/;

function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (/[A-Za-z]/.test(value)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringsOf(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      if (key !== 'msg' && key !== 'message') stringsOf(item, into);
  }
}

/** Every string the operator's content answers carried, for as long as the page lives. */
export interface OperatorContent {
  /** What was collected, once every answer read so far is parsed: text on screen came in an answer read before. */
  strings(): Promise<string[]>;
}

export function watchOperatorContent(page: Page): OperatorContent {
  const strings = new Set<string>();
  const reads: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (!operatorContent.test(new URL(response.url()).pathname)) return;
    reads.push(
      response
        .json()
        .then((body: unknown) => stringsOf(body, strings))
        .catch(() => undefined),
    );
  });
  return {
    async strings() {
      await Promise.all(reads);
      return [...strings];
    },
  };
}

/**
 * What the player can read or hear on the page now: the text (the toast's too, when one is up), the
 * placeholders, and the names screen readers announce for icon buttons and regions (aria-label).
 */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const inputs = [
      ...document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'),
    ]
      .filter((input) => input.offsetParent !== null)
      .map((input) => input.placeholder);
    const labels = [...document.querySelectorAll<HTMLElement>('[aria-label]')]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => element.getAttribute('aria-label') ?? '');
    return [document.body.innerText, ...inputs, ...labels].join('\n');
  });
}

/**
 * The English words left in `text` once the operator's own texts and allowed words are out. Compared without
 * letter case: the screens upper-case some names (market names) with CSS, and innerText reads them so.
 * Single letters are initials and marks (the avatar's, a payment app's), not words.
 */
export function englishWords(text: string, exclude: readonly string[]): string[] {
  let rest = text.toLowerCase();
  // The longest first, so a market name inside a longer content text does not split it.
  for (const known of [...exclude].sort((a, b) => b.length - a.length)) {
    rest = rest.split(known.toLowerCase()).join(' ');
  }
  const words = rest.match(/[a-z][a-z'’]+/g) ?? [];
  return [...new Set(words.filter((word) => !allowedWords.has(word)))];
}

export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await settled(page);
}
