import type { Permission, Role } from '@gama/core/operators/permissions';
import { can } from '@gama/core/operators/permissions';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  BadgePercent,
  CalendarClock,
  ChartColumn,
  FileCheck,
  HandCoins,
  FileSpreadsheet,
  Gift,
  Gauge,
  Laptop,
  MessagesSquare,
  Newspaper,
  ScrollText,
  Send,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Trophy,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to roles holding it; none means every operator. */
  permission?: Permission;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

/** The side navigation; each item is shown only to roles that may use its screen (the server checks again). */
export const navSections: NavSection[] = [
  // First, so it is the landing page of every role without a desk of its own (homePath).
  {
    title: 'Business',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: ChartColumn, permission: 'dashboard.read' },
      // Every role that reads reports reads the money ones; a cashier reads only those.
      { to: '/reports', label: 'Reports', icon: FileSpreadsheet, permission: 'reports.money.read' },
      // Every role that reads markets sees the rates (the server's read permission); only owners change them.
      // Every role that reads markets sees their timetables; only owners change them (markets.manage).
      { to: '/markets', label: 'Markets', icon: CalendarClock, permission: 'markets.read' },
      { to: '/rates', label: 'Rates', icon: BadgePercent, permission: 'markets.read' },
    ],
  },
  {
    title: 'Desk',
    items: [
      { to: '/results', label: 'Results', icon: Trophy, permission: 'results.read' },
      { to: '/deposits', label: 'Deposits', icon: ArrowDownToLine, permission: 'deposits.read' },
      { to: '/reconciliation', label: 'Reconciliation', icon: FileCheck, permission: 'deposits.read' },
      { to: '/withdrawals', label: 'Withdrawals', icon: ArrowUpFromLine, permission: 'withdrawals.read' },
      { to: '/held-credits', label: 'Held credits', icon: HandCoins, permission: 'wallet.adjust' },
      { to: '/risk-flags', label: 'Risk flags', icon: ShieldAlert, permission: 'signals.read' },
      { to: '/referrals', label: 'Referrals', icon: Gift, permission: 'reports.money.read' },
      { to: '/players', label: 'Players', icon: Users, permission: 'players.read' },
      { to: '/support', label: 'Support', icon: MessagesSquare, permission: 'support.read' },
      { to: '/notices', label: 'Notices', icon: Send, permission: 'notices.read' },
    ],
  },
  {
    title: 'Owner',
    items: [
      { to: '/operators', label: 'Operators', icon: UserCog, permission: 'operators.manage' },
      { to: '/content', label: 'Content & settings', icon: Newspaper, permission: 'settings.read' },
      { to: '/settings', label: 'Settings', icon: Settings, permission: 'settings.read' },
      { to: '/caps', label: 'Liability caps', icon: Gauge, permission: 'caps.manage' },
      { to: '/audit', label: 'Audit log', icon: ScrollText, permission: 'audit.read' },
    ],
  },
  {
    title: 'My account',
    items: [
      { to: '/account/sessions', label: 'My sessions', icon: Laptop },
      { to: '/account/two-factor', label: 'Two-factor', icon: ShieldCheck },
    ],
  },
];

export function visibleSections(role: Role): NavSection[] {
  return navSections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => item.permission === undefined || can(role, item.permission)),
    }))
    .filter((section) => section.items.length > 0);
}

/** The screen where a role's work is: results operators declare, cashiers clear the deposit queue. */
const workPlace: Partial<Record<Role, string>> = {
  results: '/results',
  cashier: '/deposits',
  support: '/support',
};

/** Where an operator lands after signing in: their role's work, else the first screen their role can use. */
export function homePath(role: Role): string {
  const visible = visibleSections(role).flatMap((section) => section.items.map((item) => item.to));
  const work = workPlace[role];
  if (work !== undefined && visible.includes(work)) return work;
  return visible[0] ?? '/account/sessions';
}
