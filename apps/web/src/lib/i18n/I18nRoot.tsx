import { I18nProvider, useLingui } from '@lingui/react';
import { UiTextContext } from '@gama/ui/ui-text';
import type { ReactNode } from 'react';
import { currentTranslator, i18n } from './i18n.ts';

function SharedTexts({ children }: { children: ReactNode }) {
  // Subscribed to the language, so the shared pieces get the new translator after a switch.
  useLingui();
  return <UiTextContext value={currentTranslator()}>{children}</UiTextContext>;
}

export function I18nRoot({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <SharedTexts>{children}</SharedTexts>
    </I18nProvider>
  );
}
