import { lazyRoute } from '../../lib/router/index.ts';

// Each screen is its own chunk: a player on a slow phone downloads only the screen in front of them.
export const FundsScreen = lazyRoute(() => import('./FundsScreen.tsx'));
export const OtpWithdrawScreen = lazyRoute(() => import('./OtpWithdrawScreen.tsx'));
export const AddFundsScreen = lazyRoute(() => import('./AddFundsScreen.tsx'));
export const PayViaUpiScreen = lazyRoute(() => import('./PayViaUpiScreen.tsx'));
export const QrPayScreen = lazyRoute(() => import('./QrPayScreen.tsx'));
export const UtrScreen = lazyRoute(() => import('./UtrScreen.tsx'));
export const WithdrawScreen = lazyRoute(() => import('./WithdrawScreen.tsx'));
export const TransferScreen = lazyRoute(() => import('./TransferScreen.tsx'));
export const DepositHistoryScreen = lazyRoute(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.DepositHistoryScreen })),
);
export const WalletHistoryScreen = lazyRoute(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.WalletHistoryScreen })),
);
export const WithdrawHistoryScreen = lazyRoute(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.WithdrawHistoryScreen })),
);
export const WithdrawRulesScreen = lazyRoute(() =>
  import('./InfoScreens.tsx').then((module) => ({ default: module.WithdrawRulesScreen })),
);
export const DepositRulesScreen = lazyRoute(() =>
  import('./InfoScreens.tsx').then((module) => ({ default: module.DepositRulesScreen })),
);
export const HistoriesScreen = lazyRoute(() =>
  import('./InfoScreens.tsx').then((module) => ({ default: module.HistoriesScreen })),
);
