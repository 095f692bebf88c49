import {
  ChartColumn,
  CircleHelp,
  CirclePlus,
  Gauge,
  Gift,
  History,
  House,
  KeyRound,
  MessageCircle,
  Percent,
  ShieldCheck,
  Trophy,
  UserRound,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { ReferralUiText, SupportUiText, UiText } from '@gama/core/i18n/texts';

export interface MenuEntry {
  label: UiText | SupportUiText | ReferralUiText;
  to: string;
  icon: LucideIcon;
  /** Shown only when the account's betting_status is "1" (spec 01 section 2.3). */
  bettingOnly?: boolean;
}

export const memberMenu: readonly MenuEntry[] = [
  { label: 'Home', to: '/imp', icon: House },
  { label: 'Profile', to: '/profile', icon: UserRound, bettingOnly: true },
  { label: 'Add Funds', to: '/imp9', icon: CirclePlus, bettingOnly: true },
  { label: 'Funds', to: '/imp7', icon: Wallet, bettingOnly: true },
  { label: 'Win History', to: '/imp3', icon: Trophy, bettingOnly: true },
  { label: 'Bid History', to: '/imp4', icon: History, bettingOnly: true },
  { label: 'How To Play', to: '/htp', icon: CircleHelp, bettingOnly: true },
  { label: 'Game Rates', to: '/gameRates', icon: Percent, bettingOnly: true },
  { label: 'Charts', to: '/charts', icon: ChartColumn },
  { label: 'Play limits', to: '/play-limits', icon: Gauge },
  { label: 'Support', to: '/support', icon: MessageCircle },
  { label: 'Refer friends', to: '/refer', icon: Gift },
  { label: 'Change Password', to: '/change', icon: KeyRound },
  { label: 'Privacy Policy', to: '/privacypolicy', icon: ShieldCheck },
];

/** The logged-out landing menu: everything asks for a login first, except the rules of the game. */
export const visitorMenu: readonly MenuEntry[] = [
  { label: 'Login', to: '/login', icon: KeyRound },
  { label: 'Home', to: '/login', icon: House },
  { label: 'Game Rates', to: '/login', icon: Percent },
  { label: 'Charts', to: '/login', icon: ChartColumn },
  { label: 'Bid History', to: '/login', icon: History },
  { label: 'How To Play', to: '/htp', icon: CircleHelp },
];

/** Spec 01 section 9: the menu shows at most 10 characters of the name. */
export function menuName(name: string): string {
  const trimmed = name.trim();
  return trimmed.length > 10 ? `${trimmed.slice(0, 10)}...` : trimmed;
}
