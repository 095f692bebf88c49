/** Hindi for `ui-texts-account.ts`: the shell, sign-in and registration, home, account, information pages. */
import type { AccountUiText } from './texts.ts';

export const hiAccount: Record<AccountUiText, string> = {};
