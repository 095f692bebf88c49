import { lazy } from 'react';

// Each screen is its own chunk: a player on a slow phone downloads only the screen in front of them.
export const FundsScreen = lazy(() => import('./FundsScreen.tsx'));
export const OtpWithdrawScreen = lazy(() => import('./OtpWithdrawScreen.tsx'));
export const AddFundsScreen = lazy(() => import('./AddFundsScreen.tsx'));
export const PayViaUpiScreen = lazy(() => import('./PayViaUpiScreen.tsx'));
export const QrPayScreen = lazy(() => import('./QrPayScreen.tsx'));
export const UtrScreen = lazy(() => import('./UtrScreen.tsx'));
export const WithdrawScreen = lazy(() => import('./WithdrawScreen.tsx'));
export const TransferScreen = lazy(() => import('./TransferScreen.tsx'));
export const DepositHistoryScreen = lazy(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.DepositHistoryScreen })),
);
export const WalletHistoryScreen = lazy(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.WalletHistoryScreen })),
);
export const WithdrawHistoryScreen = lazy(() =>
  import('./HistoryScreens.tsx').then((module) => ({ default: module.WithdrawHistoryScreen })),
);
export const WithdrawRulesScreen = lazy(() =>
  import('./InfoScreens.tsx').then((module) => ({ default: module.WithdrawRulesScreen })),
);
export const DepositRulesScreen = lazy(() =>
  import('./InfoScreens.tsx').then((module) => ({ default: module.DepositRulesScreen })),
);
export const HistoriesScreen = lazy(() =>
  import('./InfoScreens.tsx').then((module) => ({ default: module.HistoriesScreen })),
);
