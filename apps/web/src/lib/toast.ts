import { toast as sonner, type ExternalToast } from 'sonner';
import { translateText } from './i18n/i18n.ts';

/**
 * Sonner's toasts in the player's language: every toast is an English text (the spec's, often straight from
 * the server), shown translated when the catalogue knows it.
 */
export const toast = {
  success: (message: string, data?: ExternalToast) => sonner.success(translateText(message), data),
  error: (message: string, data?: ExternalToast) => sonner.error(translateText(message), data),
  message: (message: string, data?: ExternalToast) => sonner.message(translateText(message), data),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
