import { formatPoints } from '@gama/core/rules/money';

interface MoneyProps {
  /** Integer paise, as every console answer carries amounts (decision 046). */
  paise: number | bigint;
  /** `in` (green, +) for money coming in, `out` (red, −) for money going out; plain otherwise. */
  flow?: 'in' | 'out';
  className?: string;
}

/** Points the one way the console shows them: Indian grouping, two decimals, tabular digits. */
export function Money({ paise, flow, className }: MoneyProps) {
  const text = formatPoints(paise);
  // Nothing moved: no sign and no colour.
  if (/^-?0\.00$/.test(text)) flow = undefined;
  const shown =
    flow === 'in' && !text.startsWith('-')
      ? `+${text}`
      : flow === 'out'
        ? `−${text.replace(/^-/, '')}`
        : text;
  return (
    <span
      className={['tabular', flow === 'in' && 'money-in', flow === 'out' && 'money-out', className]
        .filter(Boolean)
        .join(' ')}
    >
      {shown}
    </span>
  );
}
