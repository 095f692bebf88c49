import { createContext, useContext } from 'react';

/**
 * The shared pieces' own words (a field's error, "Close", "Loading") pass through the app's translator: the
 * player app shows them in the player's language, the console as they are.
 */
export const UiTextContext = createContext<(text: string) => string>((text) => text);

export function useUiText(): (text: string) => string {
  return useContext(UiTextContext);
}
