import './bet-accents.css';

const ACCENTS: Record<string, string> = {
  'single digit': '--color-bet-single-digit',
  'jodi digit': '--color-bet-jodi-digit',
  'single pana': '--color-bet-single-pana',
  'double pana': '--color-bet-double-pana',
  'triple pana': '--color-bet-triple-pana',
  'half sangam': '--color-bet-half-sangam',
  'full sangam': '--color-bet-full-sangam',
  'sp dp tp': '--color-bet-sp-dp-tp',
  'sp motor': '--color-bet-sp-motor',
  'dp motor': '--color-bet-dp-motor',
  'left digit': '--color-bet-left-digit',
  'right digit': '--color-bet-right-digit',
};

/** The accent of a bet-type label as history rows carry it (`pana`); grey for anything else (spec 02 section 3). */
export function betAccent(label: string): string {
  return `var(${ACCENTS[label.trim().toLowerCase()] ?? '--color-bet-other'})`;
}
