/**
 * Operator roles and what each may do. The server checks a permission on every /admin-api route (the
 * endpoint catalogue names it); the console reads the same table to hide what a role cannot use.
 */
export const roles = ['owner', 'results', 'cashier', 'support', 'viewer'] as const;
export type Role = (typeof roles)[number];

/** Each permission with the words that finish "You do not have permission to …". */
export const permissionPhrases = {
  // Every role has it: one's own sign-in, sessions and two-factor.
  'account.self': 'use the console',
  'operators.manage': 'manage operators',
  'settings.read': 'read settings',
  'settings.manage': 'change settings',
  'audit.read': 'read the audit log',
  'audit.verify': 'check the audit chain',
  'dashboard.read': 'read the dashboard',
  'reports.read': 'read reports',
  // The reports of money a cashier handles (deposits, withdrawals, wallets); every reports.read role has it too.
  'reports.money.read': 'read the money reports',
  'results.read': 'read results',
  'results.declare': 'declare results',
  'results.approve': 'approve or reject result declarations',
  'results.revert': 'revert results',
  'deposits.read': 'read deposits',
  'deposits.decide': 'approve or reject deposits',
  'withdrawals.read': 'read withdrawals',
  'withdrawals.decide': 'approve or reject withdrawals',
  'wallet.adjust': 'credit or debit wallets',
  'players.read': 'read players',
  'players.betting': 'switch betting on or off',
  'players.transfer': 'allow or stop point transfers',
  'players.block': 'block or unblock players',
  'players.signout': 'sign players out',
  'players.reset_password': 'reset player passwords',
  'markets.read': 'read markets',
  'markets.manage': 'change markets',
  'rates.manage': 'change rates',
  'caps.manage': 'change liability caps',
  'content.manage': 'change content',
  'support.read': 'read the support inbox',
  'support.reply': 'answer support conversations',
  'support.canned': 'change the canned replies',
  'signals.read': 'read risk signals',
  'signals.review': 'review risk flags',
  'notices.read': 'read notices to players',
  'notices.send': 'send notices to players',
  'notices.approve': 'approve or reject notices to players',
} as const;
export type Permission = keyof typeof permissionPhrases;

const allPermissions = Object.keys(permissionPhrases) as Permission[];
const reads = allPermissions.filter((p) => p.endsWith('.read'));

export const rolePermissions: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(allPermissions),
  results: new Set<Permission>([
    'account.self',
    'dashboard.read',
    'results.read',
    'results.declare',
    'results.approve',
    'results.revert',
    'markets.read',
    'players.read',
  ]),
  cashier: new Set<Permission>([
    'account.self',
    'dashboard.read',
    'deposits.read',
    'deposits.decide',
    'withdrawals.read',
    'withdrawals.decide',
    'wallet.adjust',
    'reports.money.read',
    'players.read',
    'markets.read',
    'signals.read',
  ]),
  support: new Set<Permission>([
    'account.self',
    'dashboard.read',
    'players.read',
    'players.betting',
    'players.transfer',
    'players.block',
    'players.signout',
    'players.reset_password',
    'deposits.read',
    'withdrawals.read',
    'markets.read',
    'results.read',
    'support.read',
    'support.reply',
    'signals.read',
    'signals.review',
    // Support talks to players: it writes notices, and a second support operator (or an owner) approves a
    // large one (decision 037).
    'notices.read',
    'notices.send',
    'notices.approve',
  ]),
  viewer: new Set<Permission>(['account.self', ...reads.filter((p) => p !== 'settings.read')]),
};

/**
 * The most points one credit or debit of a wallet may move, by role (`null`: no limit). A larger correction
 * goes to an owner, so one cashier session cannot move a fortune.
 */
export const adjustmentLimitPoints: Readonly<Record<Role, number | null>> = {
  owner: null,
  cashier: 10_000,
  results: 0,
  support: 0,
  viewer: 0,
};

export function adjustmentLimitMessage(role: Role, limit: number): string {
  return `A ${role} may credit or debit at most ${limit.toLocaleString('en-IN')} points at a time`;
}

export function can(role: Role, permission: Permission): boolean {
  return rolePermissions[role].has(permission);
}

export function forbiddenMessage(permission: Permission): string {
  return `You do not have permission to ${permissionPhrases[permission]}`;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}
