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

let toasterWanted = false;
let wantToaster: () => void = () => {};

/**
 * The app shell mounts the `<Toaster>` when told: at the first toast. A toast asked for before the shell
 * listens (a lost session reported while the first screen loads) is remembered and told at once.
 */
export function onToasterWanted(listener: () => void): () => void {
  wantToaster = listener;
  if (toasterWanted) listener();
  return () => {
    wantToaster = () => {};
  };
}

/**
 * Sonner (about 10 KB gzip) is not part of the first download: the first toast fetches it. A toast asked for
 * before it arrives waits for it (and for its `<Toaster>`, which shows only toasts published after it mounted),
 * in the order it was asked for.
 */
function withSonner(show: (toast: Sonner) => void): void {
  toasterWanted = true;
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
