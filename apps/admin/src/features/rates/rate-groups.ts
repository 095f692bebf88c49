import type { MarketGroup } from '@gama/core/rules/bet-types';

export const rateGroups: ReadonlyArray<{ value: MarketGroup; label: string }> = [
  { value: 'main', label: 'Main markets' },
  { value: 'starline', label: 'Starline' },
  { value: 'gali', label: 'Gali Disawar' },
];

export const ratesKey = (group: MarketGroup) => ['rates', group] as const;

export function groupName(group: MarketGroup): string {
  return rateGroups.find((g) => g.value === group)?.label ?? group;
}
