import { useSyncExternalStore } from 'react';

/**
 * The colour theme: the system's (prefers-color-scheme) unless the player picked one in the side menu, which
 * this device remembers. The choice is `data-theme` on <html>; the dark tokens (@gama/ui/dark.css) key on it
 * and on the media query, so following the system needs no script at all.
 */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const STORAGE_KEY = 'gama.theme';
const listeners = new Set<() => void>();

function isChoice(value: unknown): value is ThemeChoice {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function getThemeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isChoice(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Puts the choice on the page (without a choice the media query decides). */
export function applyTheme(choice: ThemeChoice = getThemeChoice()): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Private mode: the choice holds for this page only.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getThemeChoice, () => 'system');
}
