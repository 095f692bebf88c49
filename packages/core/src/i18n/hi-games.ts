/** Hindi for `ui-texts-games.ts`: the game screens, funds and histories. */
import type { GamesUiText } from './texts.ts';

export const hiGames: Record<GamesUiText, string> = {};
