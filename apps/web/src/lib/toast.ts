import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { translateText } from './i18n/i18n.ts';

type Sonner = typeof sonnerToast;

let markShown: () => void = () => {};
const toasterShown = new Promise<void>((resolve) => {
  markShown = resolve;
});
let sonner: Promise<Sonner> | null = null;

/** Called by the mounted `<Toaster>` (app/Toasts.tsx): from now on a toast has somewhere to appear. */
export function toasterMounted(): void {
  markShown();
}

/** Asks for the `<Toaster>`: the app shell mounts it when the first screen is idle or on the first toast. */
let wantToaster: () => void = () => {};
export function onToasterWanted(listener: () => void): void {
  wantToaster = listener;
}

/**
 * Sonner (about 10 KB gzip) is not part of the first download: the first toast, or the app once idle, fetches it.
 * A toast asked for before it arrives waits for it (and for its `<Toaster>`, which shows only toasts published
 * after it mounted), in the order it was asked for.
 */
function withSonner(show: (toast: Sonner) => void): void {
  wantToaster();
  sonner ??= Promise.all([import('sonner'), toasterShown]).then(([module]) => module.toast);
  void sonner.then(show);
}

/**
 * Sonner's toasts in the player's language: every toast is an English text (the spec's, often straight from
 * the server), shown translated when the catalogue knows it (translated when asked for, in the language then).
 */
export const toast = {
  success: (message: string, data?: ExternalToast) => {
    const text = translateText(message);
    withSonner((t) => t.success(text, data));
  },
  error: (message: string, data?: ExternalToast) => {
    const text = translateText(message);
    withSonner((t) => t.error(text, data));
  },
  message: (message: string, data?: ExternalToast) => {
    const text = translateText(message);
    withSonner((t) => t.message(text, data));
  },
  dismiss: (id?: string | number) => {
    withSonner((t) => t.dismiss(id));
  },
};
